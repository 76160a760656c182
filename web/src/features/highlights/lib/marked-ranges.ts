import { MAX_MARKED_RANGES, type TimeRange } from '@reelsmith/proto/http';

export type MarkKind = 'include' | 'exclude';
export interface MarkedRanges {
  include: TimeRange[];
  exclude: TimeRange[];
}

export const NO_MARKS: MarkedRanges = { include: [], exclude: [] };
/** A drag shorter than this is a tap, not a range. */
export const MIN_MARK_SECONDS = 0.5;

const round2 = (v: number) => Math.round(v * 100) / 100;
const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/** The second of the video under a point of the strip (fraction 0..1 of its width). */
export function timeAtFraction(fraction: number, duration: number): number {
  return round2(Math.min(1, Math.max(0, fraction)) * duration);
}

/**
 * The marks with one more range: same-kind ranges it touches are joined with it; a range over one of
 * the other kind is refused (a stretch cannot be both in and out), as is one past the limit.
 */
export function addMark(marks: MarkedRanges, kind: MarkKind, range: TimeRange): { marks: MarkedRanges } | { error: string } {
  const r = { start: round2(Math.min(range.start, range.end)), end: round2(Math.max(range.start, range.end)) };
  if (r.end - r.start < MIN_MARK_SECONDS) return { error: `A range must last at least ${MIN_MARK_SECONDS} s.` };
  const other = kind === 'include' ? marks.exclude : marks.include;
  if (other.some((o) => overlaps(o, r))) {
    return {
      error: kind === 'include' ? 'That stretch is marked Leave out: remove that mark first.' : 'That stretch is marked Must include: remove that mark first.',
    };
  }
  const touching = marks[kind].filter((m) => m.start <= r.end && r.start <= m.end);
  const joined = touching.reduce((a, m) => ({ start: Math.min(a.start, m.start), end: Math.max(a.end, m.end) }), r);
  const next = [...marks[kind].filter((m) => !touching.includes(m)), joined].sort((a, b) => a.start - b.start);
  if (next.length > MAX_MARKED_RANGES) return { error: `At most ${MAX_MARKED_RANGES} ranges of each kind.` };
  return { marks: { ...marks, [kind]: next } };
}

export function removeMark(marks: MarkedRanges, kind: MarkKind, index: number): MarkedRanges {
  return { ...marks, [kind]: marks[kind].filter((_, i) => i !== index) };
}

/** Seconds of the includes together (what the reel's length must hold). */
export const includedSeconds = (marks: MarkedRanges) => round2(marks.include.reduce((sum, r) => sum + (r.end - r.start), 0));
