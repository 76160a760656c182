import type { Moment } from '../types';
import {
  canDrop,
  canNudge,
  checkMoments,
  dropMoment,
  edgeBounds,
  formatMomentTime,
  momentsChanged,
  momentsLength,
  nudgeEdge,
  selectionSummary,
  setEdge,
  snapToCut,
} from './moments';

const m = (start: number, end: number, reasons: string[] = []): Moment => ({ start, end, score: 0.5, reasons });
const DURATION = 40;
const three = [m(2, 5, ['speech']), m(10, 14, ['crowd roar', 'fast action']), m(20, 26, ['scene change'])];

describe('dropMoment', () => {
  it('removes the moment and keeps the others as they were', () => {
    expect(dropMoment(three, 1)).toEqual([three[0], three[2]]);
    expect(three).toHaveLength(3);
  });

  it('refuses to remove the last moment (a reel needs one)', () => {
    const one = [m(10, 14)];
    expect(canDrop(one)).toBe(false);
    expect(dropMoment(one, 0)).toBe(one);
    expect(dropMoment(three, 7)).toBe(three);
  });
});

describe('nudgeEdge', () => {
  it('moves an edge by half a second without float drift', () => {
    let moments = three;
    for (let i = 0; i < 3; i++) moments = nudgeEdge(moments, 1, 'start', -0.1, DURATION);
    moments = nudgeEdge(moments, 1, 'start', 0.3, DURATION);
    expect(moments[1].start).toBe(10);
    expect(nudgeEdge(three, 1, 'end', 0.5, DURATION)[1]).toEqual({ ...three[1], end: 14.5 });
    expect(nudgeEdge(three, 1, 'start', -0.5, DURATION)[1].start).toBe(9.5);
  });

  it('keeps moments inside the video', () => {
    const edges = [m(0.2, 3), m(38, 39.8)];
    expect(nudgeEdge(edges, 0, 'start', -0.5, DURATION)[0].start).toBe(0);
    expect(nudgeEdge(edges, 1, 'end', 0.5, DURATION)[1].end).toBe(40);
    const atEdges = [m(0, 3), m(38, 40)];
    expect(canNudge(atEdges, 0, 'start', -0.5, DURATION)).toBe(false);
    expect(canNudge(atEdges, 1, 'end', 0.5, DURATION)).toBe(false);
    expect(nudgeEdge(atEdges, 1, 'end', 0.5, DURATION)).toBe(atEdges);
  });

  it('keeps every moment at least 1 second long', () => {
    const short = [m(10, 11.3)];
    expect(nudgeEdge(short, 0, 'end', -0.5, DURATION)[0].end).toBe(11);
    expect(canNudge([m(10, 11)], 0, 'end', -0.5, DURATION)).toBe(false);
    expect(canNudge([m(10, 11)], 0, 'start', 0.5, DURATION)).toBe(false);
    expect(nudgeEdge([m(10, 11.2)], 0, 'start', 0.5, DURATION)[0].start).toBe(10.2);
  });

  it('never lets moments overlap', () => {
    const touching = [m(2, 5), m(5.3, 9)];
    expect(nudgeEdge(touching, 0, 'end', 0.5, DURATION)[0].end).toBe(5.3);
    expect(nudgeEdge(touching, 1, 'start', -0.5, DURATION)[1].start).toBe(5);
    const flush = [m(2, 5), m(5, 9)];
    expect(canNudge(flush, 0, 'end', 0.5, DURATION)).toBe(false);
    expect(canNudge(flush, 1, 'start', -0.5, DURATION)).toBe(false);
  });

  it('every result of many random edits passes the server checks', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let moments = three;
    for (let i = 0; i < 2000; i++) {
      const index = Math.floor(random() * moments.length);
      const r = random();
      if (r < 0.03) moments = dropMoment(moments, index);
      else moments = nudgeEdge(moments, index, r < 0.5 ? 'start' : 'end', random() < 0.5 ? -0.5 : 0.5, DURATION);
      expect(checkMoments(moments, DURATION)).toBeNull();
    }
    expect(moments.length).toBeGreaterThanOrEqual(1);
  });
});

describe('setEdge (dragging)', () => {
  it('holds a dragged edge inside its bounds', () => {
    expect(setEdge(three, 1, 'start', 1, DURATION)[1].start).toBe(5);
    expect(setEdge(three, 1, 'start', 13.9, DURATION)[1].start).toBe(13);
    expect(setEdge(three, 1, 'end', 30, DURATION)[1].end).toBe(20);
    expect(setEdge(three, 2, 'end', 99, DURATION)[2].end).toBe(40);
    expect(setEdge(three, 1, 'end', Number.NaN, DURATION)).toBe(three);
  });

  it('reports the bounds, or none for a moment with no room', () => {
    expect(edgeBounds(three, 1, 'start', DURATION)).toEqual({ min: 5, max: 13 });
    expect(edgeBounds(three, 1, 'end', DURATION)).toEqual({ min: 11, max: 20 });
    expect(edgeBounds(three, 0, 'start', DURATION)).toEqual({ min: 0, max: 4 });
    const cramped = [m(3, 3.5), m(3.8, 6)];
    expect(edgeBounds(cramped, 0, 'end', DURATION)).toBeNull();
    expect(setEdge(cramped, 0, 'end', 5, DURATION)).toBe(cramped);
    // A moment shorter than a second (from elsewhere) can still be lengthened.
    expect(setEdge([m(3, 3.5)], 0, 'end', 5, DURATION)[0].end).toBe(5);
  });
});

describe('checkMoments', () => {
  it("answers with the server's words", () => {
    expect(checkMoments(three, DURATION)).toBeNull();
    expect(checkMoments([], DURATION)).toBe('Keep at least one moment.');
    expect(checkMoments([m(39, 41)], DURATION)).toBe('Every moment must lie within the video.');
    expect(checkMoments([m(-1, 3)], DURATION)).toBe('Every moment must lie within the video.');
    expect(checkMoments([m(5, 5.5)], DURATION)).toBe('Every moment must be at least 1 second long.');
    expect(checkMoments([m(5, 8), m(7, 9)], DURATION)).toBe('Moments must not overlap.');
  });
});

describe('momentsChanged and momentsLength', () => {
  it('tells an edited draft from the original', () => {
    expect(
      momentsChanged(
        three,
        three.map((x) => ({ ...x })),
      ),
    ).toBe(false);
    expect(momentsChanged(three, dropMoment(three, 0))).toBe(true);
    expect(momentsChanged(three, nudgeEdge(three, 0, 'end', 0.5, DURATION))).toBe(true);
    expect(momentsLength(three)).toBe(13);
  });
});

describe('formatMomentTime', () => {
  it('shows tenths only when there are some', () => {
    expect(formatMomentTime(10)).toBe('0:10');
    expect(formatMomentTime(10.5)).toBe('0:10.5');
    expect(formatMomentTime(69.96)).toBe('1:10');
    expect(formatMomentTime(125.25)).toBe('2:05.3');
    expect(formatMomentTime(-3)).toBe('0:00');
  });
});

describe('selectionSummary', () => {
  const reel = (duration: number, moments = three, kind = 'highlights') => ({ kind, targetLength: 30, moments, reel: { duration } });

  it('counts the strong moments, and says why a reel is shorter than its target', () => {
    expect(selectionSummary(reel(29.6))).toBe('3 strong moments found');
    expect(selectionSummary(reel(13.2))).toBe('3 strong moments found: a 0:13 reel rather than 0:30 of weaker moments');
    expect(selectionSummary(reel(6, [m(2, 8)]))).toBe('1 strong moment found: a 0:06 reel rather than 0:30 of weaker moments');
  });

  it('says so when the reel was filled to length on request', () => {
    expect(selectionSummary({ ...reel(29.6), fillToLength: true })).toBe('3 moments, filled to the 0:30 target');
  });

  it("shows the engine's own summary when the server has one, the computed one for older reels", () => {
    expect(selectionSummary({ ...reel(13.2), summary: '3 strong moments found: a 0:13 reel rather than 0:30 of weaker moments' })).toBe(
      '3 strong moments found: a 0:13 reel rather than 0:30 of weaker moments',
    );
    // The server's words win over what this client would compute from the same reel.
    expect(selectionSummary({ ...reel(29.6), fillToLength: true, summary: '3 strong moments found' })).toBe('3 strong moments found');
    expect(selectionSummary({ ...reel(29.6), summary: '' })).toBe('3 strong moments found');
    expect(selectionSummary({ ...reel(13.2), summary: null })).toBe('3 strong moments found: a 0:13 reel rather than 0:30 of weaker moments');
    expect(selectionSummary({ ...reel(7, three, 'export'), summary: 'anything' })).toBeNull();
  });

  it('says nothing for exports or reels not made yet', () => {
    expect(selectionSummary(reel(7, three, 'export'))).toBeNull();
    expect(selectionSummary({ kind: 'highlights', targetLength: 30, moments: three, reel: null })).toBeNull();
  });
});

describe('snapToCut', () => {
  it('moves a time onto the nearest shot boundary within reach, else leaves it', () => {
    expect(snapToCut(12.2, [5.4, 12.033333, 12.5])).toBe(12.033);
    expect(snapToCut(12.4, [5.4, 12.033333, 12.5])).toBe(12.5);
    expect(snapToCut(9, [5.4, 12.033333])).toBe(9);
    expect(snapToCut(9, [])).toBe(9);
  });
});
