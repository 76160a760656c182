import type { SpeechSegment } from '@reelsmith/proto/http';

interface Span {
  start: number;
  end: number;
}

export interface PhraseEdgeOptions {
  duration: number;
  /** The reel's length limit (crossfades counted); phrases kept whole may not push past it. */
  target: number;
  /** A crossfade mixes this much of each edge: the first and last words must lie outside it. */
  crossfade: number;
  minMoment: number;
  /** How far an edge may move to take a phrase in whole; farther, the phrase is left out instead. */
  reach: number;
  /** How strong a stretch is (for which moment gives up seconds first). */
  strength: (m: Span) => number;
  /** Shot boundaries: an edge moved out to a pause never takes in a sliver of the next shot. */
  cuts?: number[];
}

/** Less than this of another shot at a moment's edge is a flash of it, not a lead-in: the edge stays on the cut. */
const SLIVER = 1.5;

/** Extra quiet between two moments, so they never touch. */
const GAP = 0.5;
/** An edge this close to a phrase's own edge is at it (segments are padded already). */
const TOUCH = 0.02;

/**
 * Moment edges never inside a spoken phrase, nor close enough to one that a crossfade fades its first
 * or last word: an edge in a phrase moves out to the pause before (a start) or after (an end) when
 * that is within `reach`, else back into the pause on the moment's side (the phrase is left out).
 * Then, when phrases made the reel longer than the target, whole phrases go from the weakest moments.
 */
export function keepPhrasesWhole(moments: Span[], speech: SpeechSegment[], options: PhraseEdgeOptions): Span[] {
  if (speech.length === 0) return moments;
  const segments = [...speech].sort((a, b) => a.start - b.start);
  const out = moments.map((m) => ({ ...m }));
  out.forEach((m, i) => {
    const before = out[i - 1]?.end ?? -Infinity;
    const after = moments[i + 1]?.start ?? Infinity;
    m.start = startOutsidePhrases(m, segments, before + GAP, options);
    m.end = endOutsidePhrases(m, segments, after - GAP, options);
  });
  const kept = out.filter((m) => m.end - m.start >= Math.min(options.minMoment, 1.5));
  trimToTarget(kept, segments, options);
  return kept;
}

/** The phrase a fade-in from `start` would cut: one sounding in [start, start + crossfade). */
function phraseAtStart(start: number, segments: SpeechSegment[], crossfade: number): number {
  return segments.findIndex((s) => s.start < start + crossfade - TOUCH && s.end > start + TOUCH);
}

function phraseAtEnd(end: number, segments: SpeechSegment[], crossfade: number): number {
  return segments.findIndex((s) => s.start < end - TOUCH && s.end > end - crossfade + TOUCH);
}

/** Just before segment k: a crossfade's length ahead of it, but not back into the phrase before. */
const leadIn = (segments: SpeechSegment[], k: number, crossfade: number) => Math.max(segments[k].start - crossfade, segments[k - 1]?.end ?? 0, 0);
/** Just after segment k, the same way. */
const leadOut = (segments: SpeechSegment[], k: number, crossfade: number, duration: number) =>
  Math.min(segments[k].end + crossfade, segments[k + 1]?.start ?? duration, duration);

function startOutsidePhrases(m: Span, segments: SpeechSegment[], earliest: number, o: PhraseEdgeOptions): number {
  const k = phraseAtStart(m.start, segments, o.crossfade);
  if (k < 0) return m.start;
  const earlier = leadIn(segments, k, o.crossfade);
  if (m.start - earlier <= o.reach && earlier >= earliest) return notASliver(earlier, m.start, o.cuts);
  // Too far back: start in the pause after the phrase (and after any phrase joined to it within the fade).
  let j = k;
  while (segments[j + 1] && segments[j + 1].start < segments[j].end + o.crossfade) j++;
  return Math.min(segments[j].end, m.end);
}

function endOutsidePhrases(m: Span, segments: SpeechSegment[], latest: number, o: PhraseEdgeOptions): number {
  const k = phraseAtEnd(m.end, segments, o.crossfade);
  if (k < 0) return m.end;
  const later = leadOut(segments, k, o.crossfade, o.duration);
  if (later - m.end <= o.reach && later <= latest) return notASliver(later, m.end, o.cuts);
  let j = k;
  while (segments[j - 1] && segments[j - 1].end > segments[j].start - o.crossfade) j--;
  return Math.max(segments[j].start, m.start);
}

/**
 * An edge moved from `from` to `to`: when that crosses a cut and takes in less than SLIVER of the
 * other shot, it stops on the cut (a word faded in by the crossfade is better than a flash of the
 * shot before).
 */
function notASliver(to: number, from: number, cuts: number[] = []): number {
  const crossed = cuts.filter((c) => (to < from ? c > to && c <= from + TOUCH : c < to && c >= from - TOUCH));
  if (crossed.length === 0) return to;
  const nearest = to < from ? Math.min(...crossed) : Math.max(...crossed);
  return Math.abs(to - nearest) < SLIVER ? nearest : to;
}

/** Reel seconds: the moments less the crossfades between them. */
const reelLength = (moments: Span[], crossfade: number) => moments.reduce((sum, m) => sum + m.end - m.start, 0) - crossfade * Math.max(0, moments.length - 1);

/**
 * While the reel is longer than the target: the edge move (to a pause between phrases inside a
 * moment) that takes off the least that is enough, else the most there is; with none left, the
 * weakest moment goes.
 */
function trimToTarget(moments: Span[], segments: SpeechSegment[], o: PhraseEdgeOptions): void {
  for (let guard = 0; guard < 200; guard++) {
    const excess = reelLength(moments, o.crossfade) - o.target;
    if (excess <= 0.05) return;
    const moves = moments.flatMap((m) => pauseMoves(m, segments, o));
    const enough = moves.filter((mv) => mv.removed >= excess).sort((a, b) => a.removed - b.removed)[0];
    const move = enough ?? moves.sort((a, b) => b.removed - a.removed)[0];
    if (move) {
      move.m[move.side] = move.to;
      continue;
    }
    if (moments.length <= 1) return;
    const weakest = moments.reduce((a, b) => (o.strength(b) < o.strength(a) ? b : a));
    moments.splice(moments.indexOf(weakest), 1);
  }
}

function pauseMoves(m: Span, segments: SpeechSegment[], o: PhraseEdgeOptions): Array<{ m: Span; side: 'start' | 'end'; to: number; removed: number }> {
  const moves: Array<{ m: Span; side: 'start' | 'end'; to: number; removed: number }> = [];
  for (const s of segments) {
    // End in the pause before a phrase that starts inside the moment (the phrase before it whole).
    if (s.start > m.start && s.start < m.end) {
      const to = s.start;
      if (to - m.start >= o.minMoment && to < m.end - 0.05) moves.push({ m, side: 'end', to, removed: m.end - to });
    }
    // Start in the pause after a phrase that ends inside the moment.
    if (s.end > m.start && s.end < m.end) {
      const to = s.end;
      if (m.end - to >= o.minMoment && to > m.start + 0.05) moves.push({ m, side: 'start', to, removed: to - m.start });
    }
  }
  return moves;
}
