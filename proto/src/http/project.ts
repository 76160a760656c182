/**
 * A reel as a project for another editor (GET /api/highlights/{id}/project.{edl,fcpxml,mlt,json}).
 * ProjectJson is the .json file itself and the one model the EDL, FCPXML and MLT files are written
 * from; its JSON Schema is docs/schemas/project.schema.json (a test keeps the two in step).
 */

export const PROJECT_FORMATS = ['edl', 'fcpxml', 'mlt', 'json'] as const;
export type ProjectFormat = (typeof PROJECT_FORMATS)[number];

/** What `format` in the JSON file says it is, and the version of its shape. */
export const PROJECT_JSON_FORMAT = 'reelsmith-project';
export const PROJECT_JSON_VERSION = 1;

/** A frame rate as a fraction: 30000/1001 is 29.97 frames a second. */
export interface FrameRateJson {
  num: number;
  den: number;
  /** num / den, rounded to 3 decimals. */
  fps: number;
  /** Whether timecodes are drop-frame (29.97 and 59.94). */
  dropFrame: boolean;
}

/**
 * One stretch of a moment's crop path: from `from` to `to` seconds into the moment, the crop's centre
 * moves from x0 to x1 (shares of the source picture's width, 0..1); it jumps only where a stretch ends.
 */
export interface CropSegmentJson {
  from: number;
  to: number;
  x0: number;
  x1: number;
}

export interface ProjectMomentJson {
  /** 1, 2, ... in reel order. */
  index: number;
  /** Seconds into the source, as stored; the frames below are these on the source's frame rate. */
  start: number;
  end: number;
  /** First frame of the source in the moment, and the first one after it. */
  sourceInFrame: number;
  sourceOutFrame: number;
  /** Where it sits on the project's timeline (frames from its start; the out frame is the next moment's in). */
  recordInFrame: number;
  recordOutFrame: number;
  /** The source in/out as timecodes (HH:MM:SS:FF, or HH:MM:SS;FF drop-frame), the source starting at 00:00:00:00. */
  sourceTimecodeIn: string;
  sourceTimecodeOut: string;
  /** 0..1. */
  score: number;
  reasons: string[];
  /** Where the crop looks over the moment; empty when the reel shows the whole picture. */
  crop: CropSegmentJson[];
}

export interface ProjectJson {
  format: typeof PROJECT_JSON_FORMAT;
  version: typeof PROJECT_JSON_VERSION;
  reel: {
    id: string;
    /** 'highlights' (an AI version or an edit of one) or 'export'. */
    kind: string;
    /** The reel's version number among the video's reels. */
    version: number;
    /** The reel's picture: its aspect and size in pixels. */
    aspect: string;
    width: number;
    height: number;
    /** The timeline's length in frames and seconds: the moments end to end, with straight cuts. */
    frames: number;
    duration: number;
    /** The rendered file crossfades this many seconds at each join, so it is shorter by (moments - 1) crossfades. */
    crossfadeSeconds: number;
    renderedDuration: number;
  };
  source: {
    videoId: string;
    title: string;
    /** The name the file was uploaded with: what an editor relinks to. */
    originalFilename: string;
    width: number;
    height: number;
    /** Seconds. */
    duration: number;
    hasAudio: boolean;
    frameRate: FrameRateJson;
    /** Signed, same-origin download URL of the original file (valid for a day). */
    url: string;
  };
  /**
   * The crop the reel makes of the source when its shape is narrower: the crop's width as a share of
   * the source picture's width (its height is the whole height). Null when the reel shows the whole picture.
   */
  crop: { widthShare: number } | null;
  moments: ProjectMomentJson[];
  /** The music bed, or null when the reel has none. */
  music: {
    trackId: string;
    title: string;
    /** The catalogue's file name, served at `url`. */
    filename: string;
    url: string;
    /** Seconds of the track (it loops when the reel is longer). */
    duration: number;
    /** The level it is mixed at, in dB from the track's own. */
    gainDb: number;
    /** How far it is turned down under speech, in dB, and the fade at the reel's end. */
    duckUnderSpeechDb: number;
    fadeOutSeconds: number;
  } | null;
}
