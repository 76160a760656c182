import { RpcFailure } from '@reelsmith/kit';
import { MAX_MARKED_RANGES, type TimeRange } from '@reelsmith/proto/http';
import { CROSSFADE_SECONDS } from './analysis/selection';

export interface MarkedRanges {
  include: TimeRange[];
  exclude: TimeRange[];
}

const seconds = (t: number) => `${Math.round(t * 100) / 100}`;
/** How a message names a range: "include range 50–70 s". */
export const rangeLabel = (kind: 'include' | 'exclude', r: TimeRange) => `${kind} range ${seconds(r.start)}–${seconds(r.end)} s`;

/**
 * The ranges a creator marked on generate, checked against the video: each inside it, start before
 * end; an include and an exclude never share a second; the includes (merged) fit in the longest reel
 * asked for. Returns them merged and in order. Every refusal is a 400 naming the range at fault.
 */
export function checkMarkedRanges(include: readonly TimeRange[], exclude: readonly TimeRange[], duration: number, reelSeconds: number): MarkedRanges {
  checkEach('include', include, duration);
  checkEach('exclude', exclude, duration);
  for (const a of include) {
    const b = exclude.find((e) => a.start < e.end && e.start < a.end);
    if (b) throw RpcFailure.invalid(`The ${rangeLabel('include', a)} conflicts with the ${rangeLabel('exclude', b)}: a stretch cannot be both in and out.`);
  }
  const merged = { include: mergeRanges(include), exclude: mergeRanges(exclude) };
  const total = merged.include.reduce((sum, r) => sum + (r.end - r.start), 0) - CROSSFADE_SECONDS * Math.max(0, merged.include.length - 1);
  if (total > reelSeconds + 0.05) {
    throw RpcFailure.invalid(`The include ranges add up to ${seconds(total)} s, longer than the ${reelSeconds} s reel: mark less, or ask for a longer reel.`);
  }
  return merged;
}

function checkEach(kind: 'include' | 'exclude', ranges: readonly TimeRange[], duration: number) {
  if (ranges.length > MAX_MARKED_RANGES) throw RpcFailure.invalid(`${kind} must be a list of at most ${MAX_MARKED_RANGES} ranges {start, end} in seconds`);
  for (const r of ranges) {
    if (!Number.isFinite(r.start) || !Number.isFinite(r.end) || r.start < 0) throw RpcFailure.invalid(`Every range in ${kind} must be seconds from 0 on.`);
    if (r.end <= r.start) throw RpcFailure.invalid(`Every range in ${kind} must end after it starts; the ${rangeLabel(kind, r)} does not.`);
    if (r.end > duration + 0.01) throw RpcFailure.invalid(`The ${rangeLabel(kind, r)} ends after the video does (at ${seconds(duration)} s).`);
  }
}

/** Overlapping or touching ranges as one, in order, to the hundredth of a second. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, round2(r.end));
    else out.push({ start: round2(r.start), end: round2(r.end) });
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
