import { CROSSFADE_SECONDS, MIN_MOMENT, type Moment, round2 } from './selection';

interface Span {
  start: number;
  end: number;
}

/** The reason a moment holds because its words were asked for (includeWords on generate). */
export const ASKED_WORDS = 'asked words';
/** Around the asked words, a moment shows this much at least (what led up to them and what followed). */
const MUST_MOMENT = 5;
const MUST_PAD = 0.75;
/** Grown to the edges of the spoken phrases around the words only while it stays this short. */
const MUST_MAX = 10;

export interface MustIncludeOptions {
  /** Upper bound of the reel, seconds (crossfades counted as renderArgs joins them). */
  target: number;
  duration: number;
  /** The transcript's phrases (seconds of the source): a must moment starts and ends between them when it can. */
  phrases?: Span[];
  /** Per-second score (0..1), for the must moments' own score. */
  timeline?: number[];
}

/**
 * The reel's moments with the stretches where asked words are said put first: each stretch widened
 * to a moment (to its phrases' edges when that stays short, else MUST_MOMENT around the words), kept
 * in order while they fit the target; the selection's own moments fill what is left, best first,
 * where they do not overlap them. Returns moments in story order.
 */
export function includeMoments(selected: readonly Moment[], mustInclude: readonly Span[], options: MustIncludeOptions): Moment[] {
  if (mustInclude.length === 0) return [...selected];
  const kept: Moment[] = [];
  const cost = (m: Span) => m.end - m.start - (kept.length > 0 ? CROSSFADE_SECONDS : 0);
  let used = 0;
  for (const span of merged(mustInclude.map((s) => widened(s, options)))) {
    if (kept.length > 0 && used + cost(span) > options.target + 0.05) break;
    used += cost(span);
    kept.push({ ...span, score: meanOf(options.timeline ?? [], span), reasons: [ASKED_WORDS] });
  }
  const rest = [...selected].sort((a, b) => b.score - a.score);
  for (const m of rest) {
    if (kept.some((k) => k.start < m.end && m.start < k.end)) continue;
    if (used + cost(m) > options.target + 0.05) continue;
    used += cost(m);
    kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function widened(words: Span, { duration, phrases = [] }: MustIncludeOptions): Span {
  const around = phrases.filter((p) => p.start < words.end && words.start < p.end);
  const phraseSpan = around.length
    ? { start: Math.min(words.start, ...around.map((p) => p.start)), end: Math.max(words.end, ...around.map((p) => p.end)) }
    : words;
  const base = phraseSpan.end - phraseSpan.start <= MUST_MAX ? phraseSpan : words;
  const length = Math.max(MUST_MOMENT, MIN_MOMENT, base.end - base.start + 2 * MUST_PAD);
  const middle = (base.start + base.end) / 2;
  const start = Math.max(0, Math.min(middle - length / 2, duration - length));
  return { start: round2(start), end: round2(Math.min(duration, start + length)) };
}

function merged(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function meanOf(timeline: number[], m: Span): number {
  const seconds = timeline.slice(Math.floor(m.start), Math.max(Math.floor(m.start) + 1, Math.ceil(m.end)));
  return seconds.length ? round2(seconds.reduce((a, b) => a + b, 0) / seconds.length) : 0;
}
