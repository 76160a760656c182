import { PROJECT_JSON_FORMAT, PROJECT_JSON_VERSION, type CropSegmentJson, type ProjectJson } from '@reelsmith/proto/http';
import { frameAt, type FrameRate, frameRateJson, secondsOf, timecode } from './frames';

/** What a project file is made from: the reel, its source and music, as the media service knows them. */
export interface ProjectInputs {
  reel: { id: string; kind: string; version: number; aspect: string; width: number; height: number; crossfadeSeconds: number };
  /** In reel order, as the render joins them. */
  moments: Array<{ start: number; end: number; score: number; reasons: string[]; crop: CropSegmentJson[] }>;
  source: { videoId: string; title: string; originalFilename: string; width: number; height: number; duration: number; hasAudio: boolean; url: string };
  rate: FrameRate;
  music: NonNullable<ProjectJson['music']> | null;
}

const round = (v: number, places = 4) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * The reel as a timeline on the source's frame rate: each moment's in and out snapped to the frame
 * that shows it, laid end to end with straight cuts (the record side never leaves a gap).
 */
export function projectTimeline(inputs: ProjectInputs): ProjectJson {
  const { rate } = inputs;
  let record = 0;
  const moments = inputs.moments
    .map((m) => ({ m, inFrame: frameAt(m.start, rate), outFrame: frameAt(m.end, rate) }))
    .filter(({ inFrame, outFrame }) => outFrame > inFrame)
    .map(({ m, inFrame, outFrame }, i) => {
      const recordInFrame = record;
      record += outFrame - inFrame;
      return {
        index: i + 1,
        start: m.start,
        end: m.end,
        sourceInFrame: inFrame,
        sourceOutFrame: outFrame,
        recordInFrame,
        recordOutFrame: record,
        sourceTimecodeIn: timecode(inFrame, rate),
        sourceTimecodeOut: timecode(outFrame, rate),
        score: m.score,
        reasons: m.reasons,
        crop: m.crop.map((s) => ({ from: round(s.from, 3), to: round(s.to, 3), x0: round(s.x0), x1: round(s.x1) })),
      };
    });
  const duration = round(secondsOf(record, rate), 3);
  const crossfade = moments.length > 1 ? inputs.reel.crossfadeSeconds : 0;
  const share = cropShare(inputs.source, inputs.reel);
  return {
    format: PROJECT_JSON_FORMAT,
    version: PROJECT_JSON_VERSION,
    reel: {
      ...inputs.reel,
      crossfadeSeconds: crossfade,
      frames: record,
      duration,
      renderedDuration: round(Math.max(0, duration - crossfade * (moments.length - 1)), 3),
    },
    source: { ...inputs.source, frameRate: frameRateJson(rate) },
    crop: share === null ? null : { widthShare: round(share) },
    moments: share === null ? moments.map((m) => ({ ...m, crop: [] })) : moments,
    music: inputs.music,
  };
}

/**
 * The crop's width as a share of the source's when the reel is narrower than the source (9:16 of a
 * 16:9 video: the whole height, 0.316 of the width), else null (the reel shows the whole picture).
 */
export function cropShare(source: { width: number; height: number }, reel: { width: number; height: number }): number | null {
  if (source.width <= 0 || source.height <= 0 || reel.width <= 0 || reel.height <= 0) return null;
  const share = (source.height * reel.width) / reel.height / source.width;
  return share < 0.999 ? share : null;
}

/** Where the crop's centre is `t` seconds into a moment (0.5 when it has no path). */
export function cropCentreAt(path: CropSegmentJson[], t: number): number {
  const segment = path.find((s) => t < s.to) ?? path[path.length - 1];
  if (!segment) return 0.5;
  const length = segment.to - segment.from;
  const along = length > 0 ? Math.min(1, Math.max(0, (t - segment.from) / length)) : 0;
  return segment.x0 + (segment.x1 - segment.x0) * along;
}

/**
 * The crop path as keyframes (seconds into the moment, centre 0..1): each stretch's start and end,
 * a jump at a cut as two keyframes one frame apart.
 */
export function cropKeyframes(path: CropSegmentJson[], rate: FrameRate): Array<{ frame: number; x: number }> {
  const keyframes: Array<{ frame: number; x: number }> = [];
  for (const segment of path) {
    const from = frameAt(segment.from, rate);
    const to = Math.max(from, frameAt(segment.to, rate) - 1);
    const last = keyframes[keyframes.length - 1];
    if (last && last.frame >= from) keyframes.pop();
    keyframes.push({ frame: from, x: segment.x0 });
    if (to > from) keyframes.push({ frame: to, x: segment.x1 });
  }
  return keyframes;
}
