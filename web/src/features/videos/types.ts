/** The video entity (spec §3) as GET /api/videos answers it, with what the pipeline adds. */

export const VIDEO_STATUSES = ['uploaded', 'processing', 'processed', 'error'] as const;
export type KnownVideoStatus = (typeof VIDEO_STATUSES)[number];
/** The server may one day send a status this client does not know; it is then shown raw. */
export type VideoStatus = KnownVideoStatus | (string & {});

export type VideoStage = 'queued' | 'cutting' | 'validating' | 'thumbnail' | 'transcoding' | 'done' | 'failed' | (string & {});

export type Video = {
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
  status: VideoStatus;
  createdAt: string;
  stage: VideoStage;
  errorReason: string | null;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  /** Signed, same-origin; null until processed. */
  streamUrl: string | null;
  downloadUrl: string | null;
  previewUrl: string | null;
  folderId?: string | null;
  batchId?: string | null;
  sourceVideoId?: string | null;
  /** How many highlight reels of this video are ready (exports not counted); absent from older servers. */
  readyReels?: number;
  /** Client only: pipeline percent (0-100) from the live stream. */
  percent?: number;
};

/** data of a `video.progress` Server-Sent Event. */
export type VideoProgress = {
  videoId: string;
  status: VideoStatus;
  stage: VideoStage;
  /** 0-100 of the whole pipeline. */
  percent: number;
  errorReason: string | null;
};
