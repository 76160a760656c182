/**
 * The JSON the HTTP API answers with, declared once: the gateway's builders return these types and
 * the web app reads them, so a field that changes on one side fails to compile on the other.
 * Times are ISO 8601 texts (null when unknown); URLs are signed and same-origin.
 */

export interface VideoJson {
  id: string;
  title: string;
  filename: string;
  originalFilename: string;
  /** Bytes. */
  fileSize: number;
  /** Seconds. */
  duration: number;
  /** Signed URL of the thumbnail, or null before processing. */
  thumbnail: string | null;
  /** uploaded, processing, processed or error (a newer server may add more). */
  status: string;
  createdAt: string | null;
  /** Where the pipeline is: queued, cutting, validating, thumbnail, transcoding, done or failed. */
  stage: string;
  errorReason: string | null;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string;
  /** Null until processed. */
  streamUrl: string | null;
  downloadUrl: string | null;
  previewUrl: string | null;
  folderId: string | null;
  batchId: string | null;
  /** The video a trimmed clip was cut from. */
  sourceVideoId: string | null;
  /** Highlight reels of this video that are ready (exports not counted). */
  readyReels: number;
}

export interface MomentJson {
  /** Seconds into the source. */
  start: number;
  end: number;
  /** 0..1. */
  score: number;
  /** What happened, in words: 'impact', 'applause', 'fast action', 'faces', ... */
  reasons: string[];
}

/** The rendered file of a reel or export. */
export interface ReelJson {
  streamUrl: string | null;
  downloadUrl: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  /** A frame of the reel itself, in its shape. */
  posterUrl: string | null;
}

/** Seconds each step took; null for a step the version skipped. */
export interface TimingsJson {
  analysisSeconds: number | null;
  selectionSeconds: number | null;
  renderSeconds: number | null;
  totalSeconds: number | null;
}

export interface HighlightJson {
  id: string;
  videoId: string;
  videoTitle: string;
  /** 'highlights' (a reel) or 'export'. */
  kind: string;
  version: number;
  /** queued, processing, ready or error. */
  status: string;
  /** queued, analysing, selecting, rendering, done or failed. */
  stage: string;
  preset: string;
  targetLength: number;
  fillToLength: boolean;
  quality: string;
  format: string;
  aspect: string;
  musicTrackId: string | null;
  moments: MomentJson[];
  /** The score per second of the source, for the editor's timeline. */
  timeline: number[];
  /** The quality the file has (below `quality` when the source could not fill it); null for older reels. */
  renderedQuality: string | null;
  /** The engine's words for what it picked; null for edits, exports and older reels. */
  summary: string | null;
  reel: ReelJson | null;
  timings: TimingsJson;
  errorReason: string | null;
  createdAt: string | null;
}

export interface FolderJson {
  id: string;
  name: string;
  /** Left out when the folder has none. */
  description?: string;
  color: string;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface BatchJson {
  id: string;
  name: string;
  description: string;
  status: string;
  totalVideos: number;
  processedVideos: number;
  failedVideos: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface BatchVideoJson {
  id: string;
  videoId: string | null;
  originalFilename: string;
  status: string;
  errorReason: string | null;
}

export interface MusicTrackJson {
  id: string;
  title: string;
  artist: string;
  filename: string;
  genre: string;
  mood: string;
  /** Whole seconds. */
  duration: number;
  bpm: number;
  /** Where the track streams from (same origin). */
  url: string;
  /** The plans that may use it. */
  plans: string[];
  key: string;
}

export interface NotificationFlagsJson {
  uploadConfirmation: boolean;
  highlightCompletion: boolean;
  processingErrors: boolean;
  weeklyDigest: boolean;
}

export interface PrivacyFlagsJson {
  autoDeleteAfter30Days: boolean;
  publicHighlights: boolean;
}

export interface SettingsJson {
  email: string;
  name: string;
  notifications: NotificationFlagsJson;
  privacy: PrivacyFlagsJson;
}
