/**
 * What a render is given is made valid here, so ffmpeg always gets a graph it accepts: whatever
 * the moments went through (beat snapping, edits, a probe that disagrees with the analysis), every
 * piece has frames of its own to cut and crossfade. renderArgs builds every reel from this plan.
 */

/** No piece of a reel is shorter (unless the whole source is): as short as an edited moment may be. */
export const MIN_PIECE_SECONDS = 1;
/** What the crossfades leave of a piece at least: frames of its own between its fade in and fade out. */
const MIN_BODY_SECONDS = 0.2;
/** Differences below this are float noise (3.2 - 2.2), not a change worth making. */
const NOISE = 1e-6;

interface Span {
  start: number;
  end: number;
}

/**
 * Moments a render can take: inside [0, duration], in story order, not overlapping (overlapping
 * ones become one), each at least MIN_PIECE_SECONDS long or the whole source when that is shorter.
 * A short moment grows past its end, or back before its start at the end of the source. Moments
 * that are valid already come back unchanged (with their other fields).
 */
export function validMoments<M extends Span>(moments: readonly M[], sourceDuration?: number): M[] {
  const duration = sourceDuration !== undefined && sourceDuration > 0 ? sourceDuration : Infinity;
  const min = Math.min(MIN_PIECE_SECONDS, duration);
  const inside = (t: number) => Math.min(duration, Math.max(0, Number.isFinite(t) ? t : 0));
  const pieces = moments
    // A collapsed moment keeps its start (on a cut, the first frame of its shot) and grows from there.
    .map((m) => widened({ ...m, start: inside(m.start), end: inside(Math.max(m.start, m.end)) }, min, duration))
    .sort((a, b) => a.start - b.start);
  const valid: M[] = [];
  for (const piece of pieces) {
    const last = valid[valid.length - 1];
    if (last && piece.start < last.end - NOISE) last.end = Math.max(last.end, piece.end);
    else valid.push(piece);
  }
  return valid;
}

function widened<M extends Span>(m: M, min: number, duration: number): M {
  if (m.end - m.start >= min - NOISE) return m;
  const end = Math.min(duration, m.start + min);
  return { ...m, start: Math.min(m.start, end - min), end };
}

/** The crossfade, shorter when a piece could not hold a fade in, a fade out and frames of its own. */
export function validCrossfade(moments: readonly Span[], crossfade: number): number {
  if (moments.length < 2) return crossfade;
  const shortest = Math.min(...moments.map((m) => m.end - m.start));
  // Whole milliseconds, so both sides of a crossfade are whole samples.
  return Math.max(0, Math.min(crossfade, Math.floor(((shortest - MIN_BODY_SECONDS) / 2) * 1000) / 1000));
}

/** A render spec's moments and crossfade made valid for its source (see validMoments). */
export function validRenderPlan<S extends { moments: Span[]; crossfade: number; sourceDuration?: number }>(spec: S): S {
  const moments = validMoments(spec.moments, spec.sourceDuration);
  return { ...spec, moments, crossfade: validCrossfade(moments, spec.crossfade) };
}
