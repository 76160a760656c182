import { formatDuration, YOUR_PICK } from '@reelsmith/proto/http';
import type { Analysis } from './analysis';
import { cleanParts, cleanStretchAt, flawSpans, longestCleanPart, type Span } from './clean-spans';
import { keepPhrasesWhole } from './phrase-edges';
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
/** Shortest moment the selection makes (and beat snapping leaves). */
export const MIN_MOMENT = 2.5;
const MAX_MOMENT = 8;
/** A second moment from a shot that already has one counts this much, so that more shots get their turn. */
const SAME_SHOT = 0.6;
/** A stretch left between flawed frames shorter than this is not worth a moment. */
const MIN_PIECE = 1.5;
/** However weak the video, its reel shows at least this much of it (when it has that much clean footage). */
export const MIN_REEL = 5;
const SNAP_REACH = 1;
const SPEECH_PAD_MAX = 1.5;
/** How far a moment's edge may move to keep a spoken phrase whole (else the phrase is left out). */
export const PHRASE_REACH = 3.5;

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

/** A moment whose mean score reaches this stood out: only then is it called strong. */
export const STRONG_SCORE = 0.2;

/** How a moment's leading reason is counted in a summary: one, and several. */
const REASON_WORDS: Record<string, [string, string]> = {
  applause: ['applause', 'applause'],
  'crowd roar': ['a crowd roar', 'crowd roars'],
  'fast action': ['fast action', 'bursts of fast action'],
  impact: ['an impact', 'impacts'],
  faces: ['people', 'shots of people'],
  speech: ['speech', 'stretches of speech'],
  'loud moment': ['a loud moment', 'loud moments'],
  'best available': ['the best of the rest', 'the best of the rest'],
  'asked words': ['the words you asked for', 'moments with the words you asked for'],
  [YOUR_PICK]: ['your pick', 'of your picks'],
};

/** A subject in view, counted: 'a dog' and 'dogs', 'an airplane' and 'airplanes'. */
function subjectWords(label: string): [string, string] {
  return [`${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`, `shots of ${label}s`];
}

/**
 * What a reel holds, in words, for the creator: '4 strong moments: 2 impacts, applause, fast action',
 * why it is shorter than asked, or that nothing stood out and these are the video's best seconds.
 */
export function selectionSummary(moments: Array<{ start: number; end: number; score: number; reasons: string[] }>, target: number, fill = false): string {
  const count = moments.length;
  const length = reelSeconds(moments);
  if (count === 0) return 'Nothing in this video could be used for a reel.';
  const picked = moments.some((m) => m.reasons[0] === YOUR_PICK);
  if (!picked && Math.max(...moments.map((m) => m.score)) < STRONG_SCORE) {
    return `Nothing stood out strongly in this video, so the reel is its best ${formatDuration(length)}.`;
  }
  const leading = new Map<string, number>();
  for (const m of moments) leading.set(m.reasons[0] ?? 'best available', (leading.get(m.reasons[0] ?? 'best available') ?? 0) + 1);
  // The creator's picks are named first, then what the engine found, most frequent first.
  const what = [...leading]
    .sort((a, b) => Number(b[0] === YOUR_PICK) - Number(a[0] === YOUR_PICK) || b[1] - a[1])
    .map(([reason, n]) => {
      const [one, several] = REASON_WORDS[reason] ?? subjectWords(reason);
      return n === 1 ? one : `${n} ${several}`;
    });
  const strong = moments.filter((m) => m.score >= STRONG_SCORE).length === count ? 'strong ' : '';
  const head = `${count} ${strong}moment${count === 1 ? '' : 's'}: ${what.join(', ')}`;
  if (fill) return `${head}, filled to the ${formatDuration(target)} target`;
  return length < target - 1.5 ? `${head}. A ${formatDuration(length)} reel rather than ${formatDuration(target)} of weaker moments.` : head;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const floorMs = (v: number) => Math.floor(v * 1000 + 1e-6) / 1000;

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

/** Each second's mean with the ±radius seconds around it in its own shot: a cut is where one thing ends, not a blur between two. */
function smoothWithinShots(values: number[], shots: Span[], radius: number): number[] {
  return values.map((_, i) => {
    const shot = shots.find((s) => i + 0.5 >= s.start && i + 0.5 < s.end);
    const from = Math.max(0, i - radius, shot ? Math.floor(shot.start + 0.5) : 0);
    const to = Math.min(values.length, i + radius + 1, shot ? Math.ceil(shot.end - 0.5) : values.length);
    const window = values.slice(from, Math.max(to, i + 1));
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
}

function meanScore(score: number[], start: number, end: number): number {
  const slice = score.slice(Math.floor(start), Math.max(Math.floor(start) + 1, Math.ceil(end)));
  return slice.reduce((a, b) => a + b, 0) / slice.length;
}

/**
 * The stretch around a peak second that holds the most of what happened: of the windows through the
 * peak (inside `bounds`, MIN_MOMENT to MAX_MOMENT long), the one whose seconds rise most above half
 * the peak's score, so that a cluster of events (a toss, its catch, the clank after) stays together.
 */
function bestWindow(peak: number, score: number[], bounds: Span): Span | null {
  const floor = (score[peak] ?? 0) * 0.5;
  const from = Math.ceil(bounds.start);
  const to = Math.floor(bounds.end);
  let best: { start: number; end: number; gain: number } | null = null;
  for (let start = Math.max(from, peak - MAX_MOMENT + 1); start <= peak; start++) {
    let gain = 0;
    for (let end = start + 1; end <= Math.min(to, start + MAX_MOMENT); end++) {
      gain += (score[end - 1] ?? 0) - floor;
      if (end <= peak || end - start < MIN_MOMENT) continue;
      if (!best || gain > best.gain + 1e-9) best = { start, end, gain };
    }
  }
  // Fractional bounds (a cut, a flaw) take the partial second at either side when it helps.
  if (!best) return fitInside({ start: peak, end: peak + 1 }, bounds, MIN_MOMENT);
  return {
    start: best.start === from && bounds.start < from && (score[from - 1] ?? 0) >= floor ? bounds.start : best.start,
    end: best.end === to && bounds.end > to && (score[to] ?? 0) >= floor ? bounds.end : best.end,
  };
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }, gap = 0) => a.start < b.end + gap && b.start < a.end + gap;

/**
 * Picks the moments of a reel: the best-scoring stretches, not overlapping, spread over the
 * whole video, filling the target length (crossfades included), in story order, with edges
 * snapped to cuts or silences and never inside a sentence.
 */
export function selectMoments(analysis: Analysis, scores: Scores, options: SelectionOptions): Moment[] {
  const duration = analysis.duration;
  const target = Math.min(options.target, duration);
  const flaws = flawSpans(scores.badSteps ?? [], analysis.step);
  const finish = (moments: Span[]) =>
    moments.map((m) => ({
      ...frameExact(m, analysis.cuts),
      score: round2(meanScore(scores.score, m.start, m.end)),
      reasons: reasonsFor(scores, m.start, m.end, options.preset),
    }));
  if (duration <= target + MIN_MOMENT) {
    // A short video: all of it but its flawed frames (at least its longest clean second, if that is all it has).
    const clean = cleanParts({ start: 0, end: duration }, flaws);
    const parts = clean.filter((p) => p.end - p.start >= MIN_PIECE);
    const longest = clean.reduce<Span | null>((a, b) => (!a || b.end - b.start > a.end - a.start ? b : a), null);
    return finish(parts.length ? parts : longest && longest.end - longest.start >= 1 ? [longest] : [{ start: 0, end: duration }]);
  }
  const shots = shotSpans(analysis);
  const curve = smoothWithinShots(scores.score, shots, 1);
  const peaks = new Set(curve.flatMap((value, i) => (value >= (curve[i - 1] ?? -1) && value >= (curve[i + 1] ?? -1) ? [i] : [])));
  // Every shot's best second is a candidate too: a short shot's event is rarely a peak of the whole curve.
  for (const shot of shots) {
    const seconds = Array.from({ length: Math.ceil(shot.end) - Math.floor(shot.start) }, (_, k) => Math.floor(shot.start) + k).filter((i) => i < curve.length);
    if (seconds.length) peaks.add(seconds.reduce((a, b) => (scores.score[b] > scores.score[a] ? b : a)));
  }
  const candidates = [...peaks].flatMap((i) => {
    const inside = boundsAt(i + 0.5, shots, flaws, duration);
    const grown = fitInside(bestWindow(i, scores.score, inside) ?? { start: i, end: i + 1 }, inside, MIN_MOMENT);
    // Its value is what happens inside it: smoothing spreads a shot's score over the cut into the next.
    return grown ? [{ ...grown, peak: Math.min(curve[i], peakInside(scores.score, grown)) }] : [];
  });

  const best = Math.max(0, ...candidates.map((c) => c.peak));
  const floor = options.fill ? -Infinity : Math.max(QUALITY_FLOOR, best * RELATIVE_FLOOR);
  const chosen: Array<{ start: number; end: number; peak: number }> = [];
  const absorbed: Span[] = [];
  const length = () => reelSeconds(chosen);
  const spreadRadius = duration / 8;
  while (length() < target) {
    let best: (typeof candidates)[number] | undefined;
    let bestValue = -Infinity;
    for (const candidate of candidates) {
      if (chosen.some((m) => overlaps(m, candidate))) continue;
      // Under the quality floor: left out (the best moment is always kept).
      if (chosen.length > 0 && candidate.peak < floor) continue;
      const nearest = Math.min(Infinity, ...chosen.map((m) => Math.abs((m.start + m.end) / 2 - (candidate.start + candidate.end) / 2)));
      // Spread over the video, and over its shots: a second moment of the same shot comes after the others' first.
      const sameShot = chosen.some((m) => shotIndex(shots, m) === shotIndex(shots, candidate));
      const value = candidate.peak * (nearest < spreadRadius ? 0.6 + 0.4 * (nearest / spreadRadius) : 1) * (sameShot ? SAME_SHOT : 1);
      if (value > bestValue) {
        bestValue = value;
        best = candidate;
      }
    }
    if (!best) break;
    chosen.push(best);
    absorbed.push(...takeShortNeighbours(best, chosen, shots, scores.score, floor));
  }
  chosen.sort((a, b) => a.start - b.start);
  // The target is an upper bound: moments are trimmed to fit (never into a short shot they took in), widened only when filling to length.
  const inAbsorbed = (t: number) => absorbed.some((shot) => t >= shot.start - 1e-6 && t < shot.end);
  fitLength(chosen, target, curve, duration, inAbsorbed, options.fill ? 'fit' : 'shrink');
  const snapped = chosen.map((m) => snapEdges(m, analysis, scores));
  // Snapping and speech padding can add a few seconds: take them back from edges outside speech.
  fitLength(snapped, target, curve, duration, (t) => isSpeech(scores, t) || inAbsorbed(t), 'shrink');
  // Snapping to cuts can also take seconds away: give them back at edges that are not on a cut.
  if (options.fill)
    regrow(
      snapped,
      target,
      duration,
      [...analysis.cuts].sort((a, b) => a - b),
    );
  // Whatever snapping and padding did, no flawed frame gets in.
  const clean = snapped.flatMap((m) => longestCleanPart(m, flaws, MIN_PIECE) ?? []);
  const shown = atLeastMinimum(clean, curve, flaws, shots, duration);
  // Last, so nothing above moves an edge back into a phrase.
  if (!analysis.speech) return finish(shown);
  return finish(
    keepPhrasesWhole(shown, analysis.speech, {
      duration,
      target: Math.max(target, reelSeconds(shown)),
      crossfade: CROSSFADE_SECONDS,
      minMoment: MIN_MOMENT,
      reach: PHRASE_REACH,
      strength: (m) => meanScore(curve, m.start, m.end),
      cuts: analysis.cuts,
    }),
  );
}

/**
 * A shot too short to be a moment of its own (a cutaway, a reaction, the payoff of the shot before)
 * joins the moment that ends or starts at its cut when it holds something (its mean score reaches
 * half the floor) and the moment stays within MAX_MOMENT. Returns the shots taken in.
 */
function takeShortNeighbours(m: Span, chosen: Span[], shots: Span[], score: number[], floor: number): Span[] {
  const worth = (shot: Span) => shot.end - shot.start < MIN_MOMENT && meanScore(score, shot.start, shot.end) >= floor / 2;
  const free = (shot: Span) => !chosen.some((other) => other !== m && overlaps(other, shot));
  const taken: Span[] = [];
  // A moment ends (or starts) on a cut, or within snapping reach of one.
  const after = shots.find((s) => s.start > m.end - 0.05 && s.start - m.end <= SNAP_REACH);
  if (after && worth(after) && free(after) && after.end - m.start <= MAX_MOMENT) {
    m.end = after.end;
    taken.push(after);
  }
  const before = shots.find((s) => s.end < m.start + 0.05 && m.start - s.end <= SNAP_REACH);
  if (before && worth(before) && free(before) && m.end - before.start <= MAX_MOMENT) {
    m.start = before.start;
    taken.push(before);
  }
  return taken;
}

/** The best score of the seconds a stretch mostly covers. */
function peakInside(score: number[], m: Span): number {
  const from = Math.floor(m.start + 0.5);
  const to = Math.max(from + 1, Math.ceil(m.end - 0.5));
  return Math.max(0, ...score.slice(from, to));
}

/** Which shot a stretch's middle lies in. */
function shotIndex(shots: Span[], m: Span): number {
  const middle = (m.start + m.end) / 2;
  return shots.findIndex((s) => middle >= s.start && middle < s.end);
}

/** Reel seconds of some moments: their lengths less the crossfades between them. */
function reelSeconds(moments: Span[]): number {
  return moments.reduce((sum, m) => sum + (m.end - m.start), 0) - CROSSFADE_SECONDS * Math.max(0, moments.length - 1);
}

/** The shots as spans of seconds. */
function shotSpans(analysis: Analysis): Span[] {
  const cuts = [...new Set(analysis.cuts)].filter((c) => c > 0 && c < analysis.duration).sort((a, b) => a - b);
  const edges = [0, ...cuts, analysis.duration];
  return edges.slice(0, -1).map((start, i) => ({ start, end: edges[i + 1] }));
}

/**
 * Where a moment around time `t` may reach: its shot (a moment is about one thing that happened;
 * in a burst of very short shots it may span several) and never a flawed frame.
 */
function boundsAt(t: number, shots: Span[], flaws: Span[], duration: number): Span {
  const shot = shots.find((s) => t >= s.start && t < s.end);
  const clean = cleanStretchAt(t, flaws, duration);
  const start = shot && shot.end - shot.start >= MIN_MOMENT ? Math.max(shot.start, clean.start) : clean.start;
  const end = shot && shot.end - shot.start >= MIN_MOMENT ? Math.min(shot.end, clean.end) : clean.end;
  return { start, end };
}

/** A stretch kept inside bounds, widened there to at least `minimum` seconds; null when the bounds are narrower. */
function fitInside(m: Span, bounds: Span, minimum: number): Span | null {
  if (bounds.end - bounds.start < Math.min(minimum, MIN_PIECE)) return null;
  let start = Math.max(m.start, bounds.start);
  let end = Math.min(m.end, bounds.end);
  if (end <= start) [start, end] = [bounds.start, Math.min(bounds.end, bounds.start + minimum)];
  while (end - start < minimum - 1e-6 && (start > bounds.start || end < bounds.end)) {
    const need = minimum - (end - start);
    end = Math.min(bounds.end, end + need / 2);
    start = Math.max(bounds.start, start - (minimum - (end - start)));
  }
  return { start, end };
}

/**
 * However weak the video, the reel shows its best few seconds: the strongest moment widens (within
 * clean footage, and within its shot unless nothing in the reel is strong) until the reel lasts
 * MIN_REEL; without any moment, the best clean stretch is taken.
 */
function atLeastMinimum(moments: Span[], curve: number[], flaws: Span[], shots: Span[], duration: number): Span[] {
  const longestClean = Math.max(0, ...cleanParts({ start: 0, end: duration }, flaws).map((p) => p.end - p.start));
  const needed = Math.min(MIN_REEL, longestClean);
  if (moments.length === 0) {
    const clean = cleanParts({ start: 0, end: duration }, flaws);
    const stretch = clean.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a), { start: 0, end: 0 });
    if (stretch.end - stretch.start < MIN_PIECE) return [];
    let peak = Math.floor(stretch.start);
    for (let s = peak; s < Math.min(curve.length, stretch.end); s++) if ((curve[s] ?? 0) > (curve[peak] ?? 0)) peak = s;
    const at = Math.min(Math.max(peak + 0.5, stretch.start), stretch.end - 0.01);
    moments = [fitInside({ start: at, end: at }, stretch, needed) ?? stretch];
  }
  const byStrength = [...moments].sort((a, b) => meanScore(curve, b.start, b.end) - meanScore(curve, a.start, a.end));
  const strong = byStrength.length > 0 && meanScore(curve, byStrength[0].start, byStrength[0].end) >= STRONG_SCORE;
  for (const m of byStrength) {
    const missing = needed - reelSeconds(moments);
    if (missing <= 0.05) break;
    const i = moments.indexOf(m);
    const room = cleanStretchAt((m.start + m.end) / 2, flaws, duration);
    const bounds = {
      start: Math.max(room.start, (moments[i - 1]?.end ?? -Infinity) + 0.5),
      end: Math.min(room.end, (moments[i + 1]?.start ?? Infinity) - 0.5),
    };
    // Within its own shot first; across a cut only when the shot is too short.
    const shot = shots.find((s) => s.start <= m.start + 1e-6 && s.end >= m.end - 1e-6);
    const inShot = shot && { start: Math.max(bounds.start, shot.start), end: Math.min(bounds.end, shot.end) };
    const wanted = m.end - m.start + missing;
    const grown = (inShot && fitInside(m, inShot, wanted)) || m;
    // A strong moment that fills its shot stays as it is; a weak reel reaches across cuts to last MIN_REEL.
    const acrossCuts = strong ? null : fitInside(m, bounds, wanted);
    Object.assign(m, grown.end - grown.start >= wanted - 0.05 ? grown : (acrossCuts ?? grown));
  }
  return moments;
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
