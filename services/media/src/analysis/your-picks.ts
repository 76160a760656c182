import { YOUR_PICK } from '@reelsmith/proto/http';
import type { Analysis } from './analysis';
import { cleanParts, type Span } from './clean-spans';
import { type Preset, reasonsFor, type Scores } from './scoring';
import { CROSSFADE_SECONDS, MIN_MOMENT, type Moment, round2 } from './selection';

/** How far an included range's edge moves out to meet a cut or the pause around a phrase. */
export const PICK_SNAP_REACH = 1.5;
/** A piece of an engine moment left beside an excluded range shorter than this is dropped. */
const MIN_PIECE = 1.5;

export interface MarkedSpans {
  include: Span[];
  exclude: Span[];
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const sorted = (spans: Span[]) => [...spans].sort((a, b) => a.start - b.start);

/** Reel seconds of some moments: their lengths less the crossfades between them. */
export function reelSeconds(moments: Span[]): number {
  return moments.reduce((sum, m) => sum + (m.end - m.start), 0) - CROSSFADE_SECONDS * Math.max(0, moments.length - 1);
}

/**
 * The creator's picks as moments: each included range widened to the nearest cut within reach, and
 * out of any phrase it starts or ends in (where there is speech), never into an excluded range nor
 * past the video; at least MIN_MOMENT long where there is room. When widening would make the picks
 * longer than the reel, they stay as marked (the gateway checked those fit). Story order, merged.
 */
export function pickMoments(analysis: Analysis, scores: Scores, marked: MarkedSpans, target: number, preset: Preset): Moment[] {
  if (marked.include.length === 0) return [];
  const raw = merge(marked.include.map((r) => ({ start: r.start, end: Math.min(r.end, analysis.duration) })));
  const widened = merge(raw.map((r) => widen(r, analysis, marked.exclude)));
  const spans = reelSeconds(widened) <= target + 0.05 ? widened : raw;
  return spans.map((s) => ({
    start: round2(s.start),
    end: round2(s.end),
    score: round2(meanOf(scores.score, s)),
    reasons: [YOUR_PICK, ...reasonsFor(scores, s.start, s.end, preset).filter((r) => r !== YOUR_PICK && r !== 'best available')],
  }));
}

function widen(range: Span, analysis: Analysis, exclude: Span[]): Span {
  const floor = Math.max(0, ...exclude.filter((e) => e.end <= range.start + 1e-6).map((e) => e.end));
  const ceiling = Math.min(analysis.duration, ...exclude.filter((e) => e.start >= range.end - 1e-6).map((e) => e.start));
  const speech = analysis.speech ?? [];
  let start = range.start;
  const cutBefore = analysis.cuts.filter((c) => c <= start && start - c <= PICK_SNAP_REACH).sort((a, b) => b - a)[0];
  if (cutBefore !== undefined) start = cutBefore;
  const phraseAtStart = speech.find((s) => s.start < start && start < s.end && start - s.start <= PICK_SNAP_REACH);
  if (phraseAtStart) start = phraseAtStart.start;
  let end = range.end;
  const cutAfter = analysis.cuts.filter((c) => c >= end && c - end <= PICK_SNAP_REACH).sort((a, b) => a - b)[0];
  // Stops just before the next shot's first frame.
  if (cutAfter !== undefined) end = Math.max(end, cutAfter - 0.001);
  const phraseAtEnd = speech.find((s) => s.start < end && end < s.end && s.end - end <= PICK_SNAP_REACH);
  if (phraseAtEnd) end = phraseAtEnd.end;
  start = Math.max(start, floor);
  end = Math.min(end, ceiling);
  // A very short pick grows evenly to a moment, where the neighbouring exclusions leave room.
  const missing = MIN_MOMENT - (end - start);
  if (missing > 0) {
    start = Math.max(floor, start - missing / 2);
    end = Math.min(ceiling, start + MIN_MOMENT);
    start = Math.max(floor, Math.min(start, end - MIN_MOMENT));
  }
  return { start, end };
}

function merge(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of sorted(spans)) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function meanOf(score: number[], m: Span): number {
  const seconds = score.slice(Math.floor(m.start), Math.max(Math.floor(m.start) + 1, Math.ceil(m.end)));
  return seconds.length ? seconds.reduce((a, b) => a + b, 0) / seconds.length : 0;
}

/**
 * Scores where the given spans count as flawed: the selection then neither chooses nor widens a
 * moment into them (excluded ranges, and the picks, which are already in the reel).
 */
export function withForbidden(scores: Scores, analysis: Analysis, forbidden: Span[]): Scores {
  if (forbidden.length === 0) return scores;
  const badSteps = scores.badSteps.map((bad, i) => bad || forbidden.some((f) => overlaps(f, { start: i * analysis.step, end: (i + 1) * analysis.step })));
  return { ...scores, badSteps };
}

/**
 * The engine's moments with every forbidden second cut out (an excluded range, a pick already in the
 * reel): each keeps its longest part outside them, or goes when that is shorter than MIN_PIECE.
 */
export function outsideOf(moments: Moment[], forbidden: Span[]): Moment[] {
  if (forbidden.length === 0) return moments;
  const barriers = sorted(forbidden);
  return moments.flatMap((m) => {
    if (!barriers.some((f) => overlaps(f, m))) return [m];
    const best = cleanParts(m, barriers).reduce<Span | null>((a, b) => (!a || b.end - b.start > a.end - a.start ? b : a), null);
    return best && best.end - best.start >= MIN_PIECE ? [{ ...m, start: round2(best.start), end: round2(best.end) }] : [];
  });
}

/**
 * Picks and the engine's moments together, in story order, within the target: the engine's weakest
 * moments go first when the reel runs over (the picks always stay).
 */
export function withPicks(picks: Moment[], engine: Moment[], target: number): Moment[] {
  const kept = joinOverlapping(engine);
  const all = () => [...picks, ...kept];
  while (kept.length > 0 && reelSeconds(all()) > target + 0.05) {
    const weakest = kept.reduce((a, b) => (b.score < a.score ? b : a));
    kept.splice(kept.indexOf(weakest), 1);
  }
  return all().sort((a, b) => a.start - b.start);
}

/**
 * Engine moments that overlap as one (phrase widening can push an edge past its neighbour's): the
 * union holds nothing either did not, so it stays clear of what both were kept off.
 */
function joinOverlapping(moments: Moment[]): Moment[] {
  const out: Moment[] = [];
  for (const m of [...moments].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && m.start < last.end) {
      const stronger = m.score > last.score ? m : last;
      out[out.length - 1] = { ...stronger, start: last.start, end: Math.max(last.end, m.end) };
    } else out.push({ ...m });
  }
  return out;
}
