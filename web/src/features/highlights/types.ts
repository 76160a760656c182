import type {
  CaptionStyle,
  ExportInput,
  GenerateInput,
  HighlightJson,
  MomentJson,
  Platform,
  ReelAspectName,
  ReelJson,
  TimeRange,
  TimingsJson,
} from '@reelsmith/proto/http';

/** A highlight reel or an editor export as the API answers it (GET /api/highlights/:id). */

export type HighlightKind = 'highlights' | 'export';
export type HighlightStatus = 'queued' | 'processing' | 'ready' | 'error' | (string & {});
export type HighlightStage = 'queued' | 'analysing' | 'selecting' | 'rendering' | 'done' | 'failed' | (string & {});

export type Preset = 'auto' | 'sport' | 'wedding' | 'business' | 'travel';
export type TargetLength = 15 | 30 | 60 | 90;
export type Aspect = ReelAspectName;
export type Quality = '1080p' | '720p' | '480p';
export type ReelFormat = 'mp4' | 'mov' | 'avi';

export type Moment = MomentJson;
export type Reel = ReelJson;
export type Timings = TimingsJson;

export type Highlight = Omit<HighlightJson, 'kind' | 'status' | 'stage' | 'preset' | 'quality' | 'format' | 'aspect'> & {
  kind: HighlightKind;
  status: HighlightStatus;
  stage: HighlightStage;
  preset: Preset | (string & {});
  quality: Quality | (string & {});
  format: ReelFormat | (string & {});
  aspect: Aspect | (string & {});
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
export type GenerateOptions = GenerateInput & {
  preset: Preset;
  targetLength: TargetLength;
  aspect: Aspect;
  quality: Quality;
  format: ReelFormat;
  /** Left out, the server puts clean captions on a video with sound. */
  captions?: CaptionStyle;
  /** Ranges marked on the timeline before generating (seconds of the source). */
  include?: TimeRange[];
  exclude?: TimeRange[];
  /** The platform the reel is made for: it sets the aspect and the longest length. Null: 'Custom'. */
  platform?: Platform | null;
  /** Several reels at once, one version per length; one length (or none) is targetLength alone. */
  lengths?: TargetLength[];
};

/** Body of POST /api/videos/:id/exports. */
export type ExportRequest = ExportInput & { start: string; end: string; quality: Quality; format: ReelFormat; aspect?: Aspect };
