import type { VideoJson } from '@reelsmith/proto/http';

/** The video entity as GET /api/videos answers it, with what the pipeline adds. */

export const VIDEO_STATUSES = ['uploaded', 'processing', 'processed', 'error'] as const;
export type KnownVideoStatus = (typeof VIDEO_STATUSES)[number];
/** The server may one day send a status this client does not know; it is then shown raw. */
export type VideoStatus = KnownVideoStatus | (string & {});

export type VideoStage = 'queued' | 'cutting' | 'validating' | 'thumbnail' | 'filmstrip' | 'waveform' | 'transcoding' | 'done' | 'failed' | (string & {});

export type Video = Omit<VideoJson, 'status' | 'stage'> & {
  status: VideoStatus;
  stage: VideoStage;
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
