import type { Analysis } from './analysis';

/**
 * One stretch of a crop path (9:16, 1:1 or 4:5: the same path, whatever width is cut out around it):
 * from `from` to `to` seconds into the moment, x moves from x0 to x1 (0..1).
 */
export interface CropSegment {
  from: number;
  to: number;
  x0: number;
  x1: number;
}

/** Faces and subjects are sampled once a second: sample k shows the picture at k seconds. */
const SAMPLE_INTERVAL = 1;
/** How fast a crop may follow a face, in picture widths per second: a calm pan, never a jump. */
const CROP_SPEED = 0.12;
/** A face that moves less than this (picture widths) keeps the crop still rather than drifting after it. */
const CROP_DEADBAND = 0.06;

/**
 * Where a moment's 9:16, 1:1 or 4:5 crop looks, as a path (its centre, a share of the source's width): each shot in the moment is framed on its own (the
 * crop jumps with the cut, never pans across it). A shot that shows faces in a third of its
 * seconds or more follows the largest face; else one that shows a subject (an animal, a vehicle,
 * sports gear) in a third of them follows the subject; either at a calm speed, or stays put when
 * it hardly moves. Any other shot is centred on its action (the moving pixels), still.
 */
export function cropPath(analysis: Analysis, moment: { start: number; end: number }): CropSegment[] {
  const inside = analysis.cuts.filter((t) => t > moment.start + 0.04 && t < moment.end - 0.04);
  const bounds = [moment.start, ...inside, moment.end];
  const path: CropSegment[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    for (const segment of shotPath(analysis, bounds[i], bounds[i + 1])) {
      path.push({ ...segment, from: segment.from - moment.start, to: segment.to - moment.start });
    }
  }
  return path;
}

/** The crop path of one shot, `from`..`to` seconds of the source. */
function shotPath(analysis: Analysis, from: number, to: number): CropSegment[] {
  const seconds = secondsIn(analysis, from, to);
  const shown = (inView: (k: number) => boolean, at: (k: number) => number) => {
    const withIt = seconds.filter(inView);
    return withIt.length > 0 && withIt.length >= Math.max(1, seconds.length) / 3 ? withIt.map((k) => ({ at: k * SAMPLE_INTERVAL, x: at(k) })) : undefined;
  };
  const faces = shown(
    (k) => (analysis.faceCount?.[k] ?? 0) > 0,
    (k) => analysis.faceCenter?.[k] ?? 0.5,
  );
  const subjects = shown(
    (k) => (analysis.subject?.[k] ?? 0) > 0 && analysis.subjectCenter?.[k] !== undefined,
    (k) => analysis.subjectCenter?.[k] ?? 0.5,
  );
  const followed = faces ?? subjects;
  if (!followed) {
    const x = actionCenter(analysis, from, to);
    return [{ from, to, x0: x, x1: x }];
  }
  return follow(followed, from, to);
}

/** A path that follows samples of a face or a subject: still when they hardly move, else towards each at most CROP_SPEED a second. */
function follow(samples: Array<{ at: number; x: number }>, from: number, to: number): CropSegment[] {
  const xs = samples.map((p) => p.x);
  if (Math.max(...xs) - Math.min(...xs) < CROP_DEADBAND) {
    const x = xs.reduce((a, b) => a + b, 0) / xs.length;
    return [{ from, to, x0: x, x1: x }];
  }
  const points: Array<{ at: number; x: number }> = [{ at: from, x: samples[0].x }];
  for (const sample of samples.slice(1)) {
    const last = points[points.length - 1];
    const at = Math.min(to, Math.max(sample.at, last.at));
    const reach = CROP_SPEED * (at - last.at);
    points.push({ at, x: last.x + Math.max(-reach, Math.min(reach, sample.x - last.x)) });
  }
  if (points[points.length - 1].at < to) points.push({ at: to, x: points[points.length - 1].x });
  return points
    .slice(1)
    .map((p, k) => ({ from: points[k].at, to: p.at, x0: points[k].x, x1: p.x }))
    .filter((s) => s.to > s.from);
}

/** The seconds sampled for faces and subjects inside `from`..`to` (or the one nearest a shot too short to hold one). */
function secondsIn(analysis: Analysis, from: number, to: number): number[] {
  const length = analysis.faceCount?.length ?? 0;
  const first = Math.ceil(from / SAMPLE_INTERVAL - 1e-6);
  const last = Math.min(length - 1, Math.ceil(to / SAMPLE_INTERVAL - 1e-6) - 1);
  if (first <= last) return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const nearest = Math.min(length - 1, Math.round((from + to) / 2 / SAMPLE_INTERVAL));
  return nearest >= 0 ? [nearest] : [];
}

/** The mean centre of the moving pixels between `from` and `to`, weighted by how much moved. */
function actionCenter(analysis: Analysis, from: number, to: number): number {
  const first = Math.floor(from / analysis.step);
  const last = Math.max(first + 1, Math.ceil(to / analysis.step));
  let weighted = 0;
  let weight = 0;
  for (let i = first; i < Math.min(last, analysis.motion.length); i++) {
    weighted += analysis.motionCenter[i] * analysis.motion[i];
    weight += analysis.motion[i];
  }
  return weight > 0.01 ? weighted / weight : 0.5;
}
