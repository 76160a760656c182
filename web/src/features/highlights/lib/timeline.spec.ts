import type { Moment } from '../types';
import {
  areaPath,
  layoutLabels,
  linePath,
  percentForTime,
  plotDuration,
  scoreAt,
  tickStep,
  timeForX,
  timelinePoints,
  timeTicks,
  xForTime,
  yForScore,
} from './timeline';

const m = (start: number, end: number): Moment => ({ start, end, score: 0.5, reasons: [] });

describe('scaling', () => {
  it('maps seconds to x and back, clamped to the plot', () => {
    expect(xForTime(10, 40, 800)).toBe(200);
    expect(xForTime(-5, 40, 800)).toBe(0);
    expect(xForTime(99, 40, 800)).toBe(800);
    expect(timeForX(200, 800, 40)).toBe(10);
    expect(timeForX(-20, 800, 40)).toBe(0);
    expect(timeForX(900, 800, 40)).toBe(40);
    expect(xForTime(5, 0, 800)).toBe(0);
    expect(percentForTime(30, 40)).toBe(75);
  });

  it('maps score 1 to the top padding and 0 to the baseline', () => {
    const box = { width: 100, height: 110, top: 10 };
    expect(yForScore(1, box)).toBe(10);
    expect(yForScore(0, box)).toBe(110);
    expect(yForScore(0.5, box)).toBe(60);
    expect(yForScore(7, box)).toBe(10);
    expect(yForScore(Number.NaN, box)).toBe(110);
  });

  it("uses the video's duration, or the timeline's length when it is unknown", () => {
    expect(plotDuration(40.04, new Array(40).fill(0))).toBe(40.04);
    expect(plotDuration(0, new Array(12).fill(0))).toBe(12);
    expect(plotDuration(Number.NaN, [])).toBe(1);
  });
});

describe('ticks', () => {
  it('picks a round step with at most the asked number of intervals', () => {
    expect(tickStep(40)).toBe(5);
    expect(tickStep(40, 4)).toBe(10);
    expect(tickStep(8)).toBe(1);
    expect(tickStep(600)).toBe(120);
    expect(tickStep(3 * 3600)).toBe(1800);
    expect(timeTicks(40)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40]);
    expect(timeTicks(42, 4)).toEqual([0, 15, 30]);
  });
});

describe('the score line', () => {
  it('puts each second at its middle and carries the ends to the edges', () => {
    const points = timelinePoints([0, 1, 0.5, 0.5], 4, { width: 400, height: 100 });
    expect(points).toEqual([
      [0, 100],
      [50, 100],
      [150, 0],
      [250, 50],
      [350, 50],
      [400, 50],
    ]);
    expect(linePath(points.slice(0, 2))).toBe('M0 100 L50 100');
    expect(areaPath(points.slice(0, 3), 100)).toBe('M0 100 L50 100 L150 0 L150 100 L0 100 Z');
    expect(timelinePoints([], 4, { width: 400, height: 100 })).toEqual([]);
    expect(areaPath([], 100)).toBe('');
  });

  it('drops seconds past the duration (a timeline a bit longer than the video)', () => {
    const points = timelinePoints([0.2, 0.4, 0.9], 2, { width: 200, height: 100 });
    expect(points.map(([x]) => x)).toEqual([0, 50, 150, 200]);
  });

  it('reads the score at a time', () => {
    const timeline = [0.1, 0.2, 0.9];
    expect(scoreAt(timeline, 1.7)).toBe(0.2);
    expect(scoreAt(timeline, 2.99)).toBe(0.9);
    expect(scoreAt(timeline, 10)).toBe(0.9);
    expect(scoreAt(timeline, -1)).toBeNull();
    expect(scoreAt([], 1)).toBeNull();
  });
});

describe('layoutLabels', () => {
  it('stacks labels that would collide and reuses free rows', () => {
    const moments = [m(0, 2), m(3, 5), m(16, 20), m(36, 40)];
    const rows = layoutLabels(moments, 40, 400, () => 100);
    expect(rows.map((r) => r.row)).toEqual([0, 1, 0, 0]);
    expect(rows[0].left).toBe(0);
    expect(rows[2].left).toBe(160);
    // Pulled left so it does not run past the right edge.
    expect(rows[3].left).toBe(300);
  });
});
