import type { Moment } from '../types';

/** Geometry of the score-over-time plot: seconds of the source video on x, score 0..1 on y. */

export type PlotBox = { width: number; height: number; top?: number; bottom?: number };

const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

/** The plot's time span: the video's duration, or the timeline's length when the duration is unknown. */
export function plotDuration(duration: number, timeline: readonly number[]): number {
  if (Number.isFinite(duration) && duration > 0) return duration;
  return Math.max(1, timeline.length);
}

/** A round step (1, 2, 5, 10, 15, 30 s, 1, 2, 5 min ...) giving at most `maxTicks` intervals. */
export function tickStep(duration: number, maxTicks = 8): number {
  const span = Math.max(1, duration);
  return TICK_STEPS.find((step) => span / step <= maxTicks) ?? Math.ceil(span / maxTicks / 3600) * 3600;
}

/** Tick times from 0 to the duration (inclusive when it lands on one). */
export function timeTicks(duration: number, maxTicks = 8): number[] {
  const step = tickStep(duration, maxTicks);
  const ticks: number[] = [];
  for (let t = 0; t <= duration + 1e-9; t += step) ticks.push(t);
  return ticks;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function xForTime(seconds: number, duration: number, width: number): number {
  return duration > 0 ? (clamp(seconds, 0, duration) / duration) * width : 0;
}

export function timeForX(x: number, width: number, duration: number): number {
  return width > 0 ? clamp((x / width) * duration, 0, duration) : 0;
}

/** Score 1 at the top (below `top` padding), 0 at the baseline (above `bottom` padding). */
export function yForScore(score: number, box: PlotBox): number {
  const top = box.top ?? 0;
  const bottom = box.bottom ?? 0;
  const inner = box.height - top - bottom;
  const value = Number.isFinite(score) ? clamp(score, 0, 1) : 0;
  return top + (1 - value) * inner;
}

/** Percent of the plot's width where a time falls (for HTML laid over the SVG). */
export function percentForTime(seconds: number, duration: number): number {
  return duration > 0 ? (clamp(seconds, 0, duration) / duration) * 100 : 0;
}

/** timeline[i] scores second i; the score at a time, or null outside the timeline. */
export function scoreAt(timeline: readonly number[], seconds: number): number | null {
  if (!timeline.length || !Number.isFinite(seconds) || seconds < 0) return null;
  const index = Math.min(timeline.length - 1, Math.floor(seconds));
  const value = timeline[index];
  return Number.isFinite(value) ? value : null;
}

/**
 * Points of the score line: each second's score at the middle of its second, with the first and
 * last values carried to the plot's edges so the area spans the whole video.
 */
export function timelinePoints(timeline: readonly number[], duration: number, box: PlotBox): Array<[number, number]> {
  if (!timeline.length) return [];
  const round = (n: number) => Math.round(n * 100) / 100;
  const point = (t: number, score: number): [number, number] => [round(xForTime(t, duration, box.width)), round(yForScore(score, box))];
  const points: Array<[number, number]> = [point(0, timeline[0])];
  timeline.forEach((score, i) => {
    const t = i + 0.5;
    if (t < duration) points.push(point(t, score));
  });
  points.push(point(duration, timeline[Math.min(timeline.length - 1, Math.max(0, Math.ceil(duration) - 1))]));
  return points;
}

export function linePath(points: ReadonlyArray<[number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** The line closed down to the baseline: the filled area under the score. */
export function areaPath(points: ReadonlyArray<[number, number]>, baseline: number): string {
  if (!points.length) return '';
  const first = points[0];
  const last = points[points.length - 1];
  return `${linePath(points)} L${last[0]} ${baseline} L${first[0]} ${baseline} Z`;
}

/**
 * Where each moment's label goes, so labels that would overlap stack instead of colliding: a label
 * starts at its band's left edge (pulled left when it would run past the plot's right edge) and is
 * `labelWidth(moment)` pixels wide; it takes the first row whose last label ends before it starts.
 */
export function layoutLabels(
  moments: readonly Moment[],
  duration: number,
  width: number,
  labelWidth: (moment: Moment) => number,
  gap = 6,
): Array<{ row: number; left: number }> {
  const rowEnds: number[] = [];
  return moments.map((moment) => {
    const w = Math.min(width, labelWidth(moment));
    const left = Math.max(0, Math.min(xForTime(moment.start, duration, width), width - w));
    let row = rowEnds.findIndex((end) => end + gap <= left);
    if (row === -1) {
      row = rowEnds.length;
      rowEnds.push(left + w);
    } else {
      rowEnds[row] = left + w;
    }
    return { row, left: Math.round(left * 10) / 10 };
  });
}
