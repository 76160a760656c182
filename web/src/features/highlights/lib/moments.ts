import type { Moment } from '../types';
import { formatDuration } from '../../../lib/format';

/**
 * Editing the moments of a reel before a re-render (PUT /api/highlights/:id/moments). Every edit
 * keeps what the server demands: each moment inside the video, at least a second long, in order
 * and not overlapping, and at least one moment left. An edit that cannot keep that is refused
 * (the moments come back unchanged) rather than half applied.
 */

export const MIN_MOMENT_SECONDS = 1;
/** One press of a nudge button or an arrow key on a band edge. */
export const NUDGE_SECONDS = 0.5;

export type Edge = 'start' | 'end';

/** Hundredths of a second, so repeated nudges do not drift (10.5 - 0.5 stays 10). */
export const roundTime = (seconds: number) => Math.round(seconds * 100) / 100;

/** The moments by start time (the server keeps them so; edits rely on it). */
export function sortMoments(moments: readonly Moment[]): Moment[] {
  return [...moments].sort((a, b) => a.start - b.start);
}

/**
 * Where one edge of moment `index` may go: a start between the previous moment's end (or 0) and a
 * second before its own end; an end between a second after its start and the next moment's start
 * (or the video's end). Null when the moment already breaks the rules and has no room at all.
 */
export function edgeBounds(moments: readonly Moment[], index: number, edge: Edge, duration: number): { min: number; max: number } | null {
  const moment = moments[index];
  if (!moment) return null;
  const bounds =
    edge === 'start'
      ? { min: Math.max(0, moments[index - 1]?.end ?? 0), max: moment.end - MIN_MOMENT_SECONDS }
      : { min: moment.start + MIN_MOMENT_SECONDS, max: Math.min(duration, moments[index + 1]?.start ?? duration) };
  const rounded = { min: roundTime(bounds.min), max: roundTime(bounds.max) };
  return rounded.min <= rounded.max ? rounded : null;
}

/** Moves one edge to `value`, held inside its bounds. Unchanged (the same array) when it cannot move. */
export function setEdge(moments: readonly Moment[], index: number, edge: Edge, value: number, duration: number): Moment[] {
  const bounds = edgeBounds(moments, index, edge, duration);
  if (!bounds || !Number.isFinite(value)) return moments as Moment[];
  const next = roundTime(Math.min(bounds.max, Math.max(bounds.min, value)));
  if (next === moments[index][edge]) return moments as Moment[];
  return moments.map((m, i) => (i === index ? { ...m, [edge]: next } : m));
}

/** Moves one edge by `delta` seconds (e.g. ±0.5), as far as the rules allow. */
export function nudgeEdge(moments: readonly Moment[], index: number, edge: Edge, delta: number, duration: number): Moment[] {
  const moment = moments[index];
  if (!moment) return moments as Moment[];
  return setEdge(moments, index, edge, moment[edge] + delta, duration);
}

/** Whether a nudge would move the edge at all (for disabling its button). */
export function canNudge(moments: readonly Moment[], index: number, edge: Edge, delta: number, duration: number): boolean {
  return nudgeEdge(moments, index, edge, delta, duration) !== moments;
}

/** A reel needs at least one moment. */
export const canDrop = (moments: readonly Moment[]) => moments.length > 1;

/** Removes moment `index`; refused (same array) when it is the last one. */
export function dropMoment(moments: readonly Moment[], index: number): Moment[] {
  if (!canDrop(moments) || index < 0 || index >= moments.length) return moments as Moment[];
  return moments.filter((_, i) => i !== index);
}

/** The server's message for moments it would refuse, or null when they are fine. */
export function checkMoments(moments: readonly Moment[], duration: number): string | null {
  if (moments.length === 0) return 'Keep at least one moment.';
  const sorted = sortMoments(moments);
  for (let i = 0; i < sorted.length; i++) {
    const m = sorted[i];
    if (!Number.isFinite(m.start) || !Number.isFinite(m.end) || m.start < 0 || m.end > duration + 0.05) {
      return 'Every moment must lie within the video.';
    }
    if (m.end - m.start < MIN_MOMENT_SECONDS - 1e-9) return 'Every moment must be at least 1 second long.';
    if (i > 0 && m.start < sorted[i - 1].end) return 'Moments must not overlap.';
  }
  return null;
}

/** Whether the draft differs from the version's own moments. */
export function momentsChanged(original: readonly Moment[], draft: readonly Moment[]): boolean {
  if (original.length !== draft.length) return true;
  return original.some((m, i) => roundTime(m.start) !== roundTime(draft[i].start) || roundTime(m.end) !== roundTime(draft[i].end));
}

/** Seconds the moments add up to (before crossfades). */
export const momentsLength = (moments: readonly Moment[]) => roundTime(moments.reduce((sum, m) => sum + (m.end - m.start), 0));

/** '0:10.5' - a time with tenths when it has them (moment edges move in half seconds). */
export function formatMomentTime(seconds: number): string {
  const value = Math.max(0, roundTime(seconds));
  const whole = Math.floor(value);
  const tenths = Math.round((value - whole) * 10);
  const carry = tenths === 10 ? 1 : 0;
  const s = whole + carry;
  const base = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return tenths === 0 || carry ? base : `${base}.${tenths}`;
}

/**
 * What an AI reel holds, in words: the engine's own summary when the server has one; else (edits and
 * older reels) '4 strong moments found', and why it is shorter than the target when it is (weak
 * moments are left out rather than padding the reel to length).
 */
export function selectionSummary(highlight: {
  kind: string;
  targetLength: number;
  fillToLength?: boolean;
  summary?: string | null;
  moments: readonly Moment[];
  reel: { duration: number } | null;
}): string | null {
  if (highlight.kind !== 'highlights' || !highlight.reel || highlight.moments.length === 0) return null;
  const engine = highlight.summary?.trim();
  if (engine) return engine;
  const count = highlight.moments.length;
  if (highlight.fillToLength) return `${count} moment${count === 1 ? '' : 's'}, filled to the ${formatDuration(highlight.targetLength)} target`;
  const what = `${count} strong moment${count === 1 ? '' : 's'} found`;
  const length = highlight.reel.duration;
  return length < highlight.targetLength - 1.5
    ? `${what}: a ${formatDuration(length)} reel rather than ${formatDuration(highlight.targetLength)} of weaker moments`
    : what;
}

/** How near (seconds) a dragged edge must come to a shot boundary to snap onto it. */
export const SNAP_SECONDS = 0.3;

/** A time moved onto the nearest shot boundary within reach (so a trim starts on a fresh shot), else as it was. */
export function snapToCut(time: number, cuts: readonly number[], reach = SNAP_SECONDS): number {
  let best: number | null = null;
  for (const cut of cuts) if (Math.abs(cut - time) <= reach && (best === null || Math.abs(cut - time) < Math.abs(best - time))) best = cut;
  return best === null ? time : Math.round(best * 1000) / 1000;
}
