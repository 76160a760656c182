/** A highlight reel or an editor export as the API answers it (GET /api/highlights/:id). */

export type HighlightKind = 'highlights' | 'export';
export type HighlightStatus = 'queued' | 'processing' | 'ready' | 'error' | (string & {});
export type HighlightStage = 'queued' | 'analysing' | 'selecting' | 'rendering' | 'done' | 'failed' | (string & {});

export type Preset = 'auto' | 'sport' | 'wedding' | 'business' | 'travel';
export type TargetLength = 15 | 30 | 60 | 90;
export type Aspect = '16:9' | '9:16';
export type Quality = '1080p' | '720p' | '480p';
export type ReelFormat = 'mp4' | 'mov' | 'avi';

export type Moment = {
  /** Seconds of the source video. */
  start: number;
  end: number;
  /** 0..1 */
  score: number;
  /** Why it was picked, e.g. 'crowd roar', 'fast action', 'manual trim'. */
  reasons: string[];
};

export type Reel = {
  /** Signed, same-origin; null for AVI (browsers cannot play it). */
  streamUrl: string | null;
  downloadUrl: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  size: number;
  /** The file's picture size in pixels; null (or absent) for reels made before it was recorded. */
  width?: number | null;
  height?: number | null;
  /** Signed, same-origin: a frame of the reel itself, in its shape; null for reels made before posters. */
  posterUrl?: string | null;
};

export type Timings = {
  analysisSeconds: number | null;
  selectionSeconds: number | null;
  renderSeconds: number | null;
  totalSeconds: number | null;
};

export type Highlight = {
  id: string;
  videoId: string;
  videoTitle: string;
  kind: HighlightKind;
  version: number;
  status: HighlightStatus;
  stage: HighlightStage;
  preset: Preset | (string & {});
  targetLength: number;
  /** Padded to the target with weaker moments on request (else the target is an upper bound). */
  fillToLength?: boolean;
  /** The quality chosen. */
  quality: Quality | (string & {});
  /**
   * The quality the file has: `quality`, or lower when the video could not fill it (reels are never
   * upscaled); null (or absent) for reels made before it was recorded, and until the reel is ready.
   */
  renderedQuality?: string | null;
  format: ReelFormat | (string & {});
  aspect: Aspect | (string & {});
  musicTrackId: string | null;
  /** The engine's own words for what it picked ('4 strong moments found'); null for edits, exports and older reels. */
  summary?: string | null;
  moments: Moment[];
  /** Score 0..1 per second of the source video (empty for exports). */
  timeline: number[];
  reel: Reel | null;
  timings: Timings;
  errorReason: string | null;
  createdAt: string;
  /** Client only: percent (0-100) from the live stream. */
  percent?: number;
};

/** data of a `highlight.progress` Server-Sent Event. */
export type HighlightProgress = {
  highlightId: string;
  videoId: string;
  /** Null from a server that does not say: then both lists that may hold the reel are refreshed. */
  kind: HighlightKind | null;
  status: HighlightStatus;
  stage: HighlightStage;
  /** 0-100 */
  percent: number;
  errorReason: string | null;
};

/** Choices of POST /api/videos/:id/generate-highlights. */
export type GenerateOptions = {
  preset: Preset;
  targetLength: TargetLength;
  /** Pad to the target length with weaker moments (by default the target is an upper bound). */
  fillToLength?: boolean;
  aspect: Aspect;
  quality: Quality;
  format: ReelFormat;
  musicTrackId?: string | null;
};

/** Body of POST /api/videos/:id/exports. */
export type ExportRequest = {
  start: string;
  end: string;
  quality: Quality;
  format: ReelFormat;
  aspect?: Aspect;
  musicTrackId?: string | null;
};
