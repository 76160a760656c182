import type { Analysis } from './analysis';
import { type Preset, reasonsFor, type Scores } from './scoring';

export interface Moment {
  start: number;
  end: number;
  /** Mean score over the moment, 0..1. */
  score: number;
  reasons: string[];
}

export const TARGET_LENGTHS = [15, 30, 60, 90] as const;
export const CROSSFADE_SECONDS = 0.4;
const MIN_MOMENT = 2.5;
const MAX_MOMENT = 10;
const SNAP_REACH = 1;
const SPEECH_PAD_MAX = 1.5;

export interface SelectionOptions {
  preset: Preset;
  target: number;
  /** Beat times (seconds into the music) when a track plays under the reel. */
  beats?: number[];
  /**
   * Fill the target length even with weak moments. Off by default: the target is an upper bound,
   * moments under the quality floor stay out and the reel is shorter.
   */
  fill?: boolean;
}

/** A moment's peak score must reach this, and this share of the best peak, unless the reel is filled to length. */
export const QUALITY_FLOOR = 0.12;
const RELATIVE_FLOOR = 0.35;

/** What a reel holds, in words: '4 strong moments found' (or why it is shorter than asked). */
export function selectionSummary(moments: Array<{ start: number; end: number }>, target: number, fill = false): string {
  const count = moments.length;
  const length = moments.reduce((sum, m) => sum + m.end - m.start, 0) - CROSSFADE_SECONDS * Math.max(0, count - 1);
  const what = `${count} strong moment${count === 1 ? '' : 's'} found`;
  return !fill && length < target - 1.5 ? `${what}: a ${Math.round(length)} s reel rather than ${target} s of weaker moments` : what;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const floorMs = (v: number) => Math.floor(v * 1000 + 1e-6) / 1000;

/**
 * Edges on a cut stay frame-exact: a start on a cut is the first frame of the new shot (its time,
 * rounded down to the millisecond, so the seek keeps that frame and nothing before it); an end on a
 * cut stops just before the next shot's first frame. Other edges are rounded to 10 ms.
 */
export function frameExact(m: { start: number; end: number }, cuts: number[]): { start: number; end: number } {
  const on = (t: number) => cuts.some((c) => Math.abs(c - t) < 1e-6);
  return {
    start: on(m.start) ? floorMs(m.start) : round2(m.start),
    end: on(m.end) ? floorMs(m.end - 0.001) : round2(m.end),
  };
}

function smooth(values: number[], radius: number): number[] {
  return values.map((_, i) => {
    const window = values.slice(Math.max(0, i - radius), i + radius + 1);
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
}

function meanScore(score: number[], start: number, end: number): number {
  const slice = score.slice(Math.floor(start), Math.max(Math.floor(start) + 1, Math.ceil(end)));
  return slice.reduce((a, b) => a + b, 0) / slice.length;
}

/** A window around a peak, as long as the score stays at least half the peak's. */
function grow(peak: number, curve: number[], duration: number): { start: number; end: number } {
  const floor = curve[peak] * 0.5;
  let start = peak;
  let end = peak + 1;
  while (end - start < MAX_MOMENT && (curve[start - 1] ?? -1) >= floor) start--;
  while (end - start < MAX_MOMENT && (curve[end] ?? -1) >= floor) end++;
  while (end - start < MIN_MOMENT + 1) {
    if (start > 0) start--;
    if (end - start < MIN_MOMENT + 1 && end < duration) end++;
    if (start === 0 && end >= duration) break;
  }
  return { start, end: Math.min(end, duration) };
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }, gap = 1) =>
  a.start < b.end + gap && b.start < a.end + gap;

/**
 * Picks the moments of a reel: the best-scoring stretches, not overlapping, spread over the
 * whole video, filling the target length (crossfades included), in story order, with edges
 * snapped to cuts or silences and never inside a sentence.
 */
export function selectMoments(analysis: Analysis, scores: Scores, options: SelectionOptions): Moment[] {
  const duration = analysis.duration;
  const target = Math.min(options.target, duration);
  if (duration <= target + MIN_MOMENT) {
    return [{ start: 0, end: round2(duration), score: round2(meanScore(scores.score, 0, duration)), reasons: reasonsFor(scores, 0, duration, options.preset) }];
  }
  const curve = smooth(scores.score, 1);
  const peaks = curve
    .map((value, i) => ({ i, value }))
    .filter(({ i, value }) => value >= (curve[i - 1] ?? -1) && value >= (curve[i + 1] ?? -1));
  const candidates = peaks.map(({ i }) => ({ ...grow(i, curve, duration), peak: curve[i] }));

  const best = Math.max(0, ...candidates.map((c) => c.peak));
  const floor = options.fill ? -Infinity : Math.max(QUALITY_FLOOR, best * RELATIVE_FLOOR);
  const chosen: Array<{ start: number; end: number; peak: number }> = [];
  const length = () => chosen.reduce((sum, m) => sum + (m.end - m.start), 0) - CROSSFADE_SECONDS * Math.max(0, chosen.length - 1);
  const spreadRadius = duration / 8;
  while (length() < target) {
    let best: (typeof candidates)[number] | undefined;
    let bestValue = -Infinity;
    for (const candidate of candidates) {
      if (chosen.some((m) => overlaps(m, candidate))) continue;
      // Under the quality floor: left out (the best moment is always kept).
      if (chosen.length > 0 && candidate.peak < floor) continue;
      const nearest = Math.min(Infinity, ...chosen.map((m) => Math.abs((m.start + m.end) / 2 - (candidate.start + candidate.end) / 2)));
      const value = candidate.peak * (nearest < spreadRadius ? 0.6 + 0.4 * (nearest / spreadRadius) : 1);
      if (value > bestValue) {
        bestValue = value;
        best = candidate;
      }
    }
    if (!best) break;
    chosen.push(best);
  }
  chosen.sort((a, b) => a.start - b.start);
  // The target is an upper bound: moments are trimmed to fit, widened only when filling to length.
  fitLength(chosen, target, curve, duration, undefined, options.fill ? 'fit' : 'shrink');
  const snapped = chosen.map((m) => snapEdges(m, analysis, scores));
  // Snapping and speech padding can add a few seconds: take them back from edges outside speech.
  fitLength(snapped, target, curve, duration, (t) => isSpeech(scores, t), 'shrink');
  // Snapping to cuts can also take seconds away: give them back at edges that are not on a cut.
  if (options.fill) regrow(snapped, target, duration, [...analysis.cuts].sort((a, b) => a - b));

  return snapped.map((m) => ({
    ...frameExact(m, analysis.cuts),
    score: round2(meanScore(scores.score, m.start, m.end)),
    reasons: reasonsFor(scores, m.start, m.end, options.preset),
  }));
}

/** Trims the weakest edges while too long (sparing protected ones), widens while too short. */
function fitLength(
  moments: Array<{ start: number; end: number }>,
  target: number,
  curve: number[],
  duration: number,
  isProtected: (t: number) => boolean = () => false,
  mode: 'fit' | 'shrink' = 'fit',
) {
  const total = () => moments.reduce((sum, m) => sum + (m.end - m.start), 0) - CROSSFADE_SECONDS * Math.max(0, moments.length - 1);
  let guard = 10_000;
  while (total() > target + 0.05 && guard-- > 0) {
    const excess = total() - target;
    // A filler moment much weaker than the best goes as a whole before strong moments lose seconds
    // (when fitting, the strong ones then widen to fill the gap).
    const strength = (m: { start: number; end: number }) => meanScore(curve, m.start, m.end);
    const best = Math.max(...moments.map(strength));
    const weakest = moments.reduce((a, b) => (strength(b) < strength(a) ? b : a));
    const dropFits = mode === 'fit' || weakest.end - weakest.start - CROSSFADE_SECONDS <= excess + 0.5;
    if (moments.length > 1 && strength(weakest) < best * 0.5 && dropFits) {
      moments.splice(moments.indexOf(weakest), 1);
      continue;
    }
    const candidates = moments.filter((m) => m.end - m.start > MIN_MOMENT);
    if (candidates.length === 0) {
      moments.splice(moments.length - 1, 1);
      continue;
    }
    // Cut from the edge with the lowest score.
    const edges = candidates.flatMap((m) => [
      { m, side: 'start' as const, value: (curve[Math.floor(m.start)] ?? 0) + (isProtected(m.start) ? 10 : 0) },
      { m, side: 'end' as const, value: (curve[Math.ceil(m.end) - 1] ?? 0) + (isProtected(m.end - 0.5) ? 10 : 0) },
    ]);
    edges.sort((a, b) => a.value - b.value);
    const { m, side } = edges[0];
    const cut = Math.min(excess, 1, m.end - m.start - MIN_MOMENT);
    if (side === 'start') m.start += cut;
    else m.end -= cut;
  }
  guard = 10_000;
  while (mode === 'fit' && total() < target - 0.05 && guard-- > 0) {
    let grown = false;
    for (const [i, m] of moments.entries()) {
      const before = moments[i - 1]?.end ?? 0;
      const after = moments[i + 1]?.start ?? duration;
      const need = target - total();
      if (need <= 0.05) break;
      if (m.end + 1 < after && m.end < duration) {
        m.end = Math.min(m.end + Math.min(1, need), after - 1, duration);
        grown = true;
      } else if (m.start - 1 > before && m.start > 0) {
        m.start = Math.max(m.start - Math.min(1, need), before + 1, 0);
        grown = true;
      }
    }
    if (!grown) break;
  }
}

/** Widens moments until the reel fills the target, never moving an edge that sits on a cut nor crossing one. */
function regrow(moments: Array<{ start: number; end: number }>, target: number, duration: number, cuts: number[]) {
  const total = () => moments.reduce((sum, m) => sum + (m.end - m.start), 0) - CROSSFADE_SECONDS * Math.max(0, moments.length - 1);
  const onCut = (t: number) => cuts.some((c) => Math.abs(c - t) < 0.01);
  for (let guard = 0; guard < 1000 && total() < target - 0.05; guard++) {
    let grown = false;
    for (const [i, m] of moments.entries()) {
      const step = Math.min(1, target - total());
      if (step <= 0.05) break;
      const after = Math.min((moments[i + 1]?.start ?? Infinity) - 1, cuts.find((c) => c > m.end + 0.01) ?? Infinity, duration);
      const before = Math.max((moments[i - 1]?.end ?? -Infinity) + 1, cuts.findLast((c) => c < m.start - 0.01) ?? -Infinity, 0);
      const end = Math.min(m.end + step, after);
      const start = Math.max(m.start - step, before);
      if (!onCut(m.end) && end > m.end + 0.01) {
        m.end = end;
        grown = true;
      } else if (!onCut(m.start) && start < m.start - 0.01) {
        m.start = start;
        grown = true;
      }
    }
    if (!grown) break;
  }
}

function isSpeech(scores: Scores, at: number): boolean {
  return (scores.speechRaw[Math.floor(at)] ?? 0) > 0;
}

/** Starts on a fresh shot or out of a silence, ends before a cut; never in the middle of speech. */
function snapEdges(moment: { start: number; end: number }, analysis: Analysis, scores: Scores): { start: number; end: number } {
  let { start, end } = moment;
  const near = (t: number) => analysis.cuts.filter((c) => Math.abs(c - t) <= SNAP_REACH).sort((a, b) => Math.abs(a - t) - Math.abs(b - t))[0];
  const startCut = near(start);
  if (startCut !== undefined && startCut < end - MIN_MOMENT) start = startCut;
  else start = quietestNear(analysis, start) ?? start;
  const endCut = near(end);
  if (endCut !== undefined && endCut > start + MIN_MOMENT) end = endCut;

  let pad = 0;
  while (pad < SPEECH_PAD_MAX && start > 0 && isSpeech(scores, start - 0.5)) {
    start = Math.max(0, start - 0.5);
    pad += 0.5;
  }
  pad = 0;
  while (pad < SPEECH_PAD_MAX && end < analysis.duration && isSpeech(scores, end)) {
    end = Math.min(analysis.duration, end + 0.5);
    pad += 0.5;
  }
  return { start, end };
}

/** The quietest step within reach of a time, if it is clearly quieter than the time itself. */
function quietestNear(analysis: Analysis, t: number): number | undefined {
  if (!analysis.hasAudio) return undefined;
  const from = Math.max(0, Math.floor((t - SNAP_REACH) / analysis.step));
  const to = Math.min(analysis.loudness.length - 1, Math.ceil((t + SNAP_REACH) / analysis.step));
  let best = from;
  for (let i = from; i <= to; i++) if (analysis.loudness[i] < analysis.loudness[best]) best = i;
  const here = analysis.loudness[Math.min(analysis.loudness.length - 1, Math.floor(t / analysis.step))];
  return here - analysis.loudness[best] > 10 ? best * analysis.step : undefined;
}

/**
 * With music, moves each moment's end so that the cut to the next moment falls on a beat of the
 * track (moments keep their start; lengths change by at most half a beat).
 */
export function snapToBeats(moments: Moment[], beats: number[], cuts: number[] = []): Moment[] {
  if (beats.length < 2) return moments;
  let reelTime = 0;
  return moments.map((m, i) => {
    const length = m.end - m.start;
    const boundary = reelTime + length;
    const beat = beats.reduce((best, b) => (Math.abs(b - boundary) < Math.abs(best - boundary) ? b : best), beats[0]);
    // Never past the next moment, nor across a cut into another shot (not even by a frame).
    const nextCut = cuts.filter((c) => c > m.start + 1e-6).sort((a, b) => a - b)[0];
    const room = Math.min(moments[i + 1]?.start ?? Infinity, nextCut !== undefined ? floorMs(nextCut - 0.001) : Infinity) - m.start;
    const wanted = i === moments.length - 1 || Math.abs(beat - boundary) > 0.6 ? length : Math.max(MIN_MOMENT, beat - reelTime);
    const adjusted = Math.min(wanted, room);
    reelTime += adjusted - CROSSFADE_SECONDS;
    return { ...m, end: adjusted === length ? m.end : adjusted === room ? m.start + room : round2(m.start + adjusted) };
  });
}
