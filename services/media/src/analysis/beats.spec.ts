import { planSeed, randomBeats, randomMoments, seededRandom } from '../../test/random-plans';
import { snapToBeats } from './beats';
import { frameExact, MIN_MOMENT, type Moment } from './selection';

const moment = (start: number, end: number): Moment => ({ start, end, score: 1, reasons: [] });
const halfSeconds = Array.from({ length: 200 }, (_, i) => i * 0.5);

describe('snapToBeats', () => {
  // The reported failure: starts on cuts are rounded down to the millisecond, so the cut at a
  // moment's own start lay just after it and was taken for the next one: the end moved before the start.
  it('keeps moments that start on a cut whole (the cut at their own start is not in the way)', () => {
    const cuts = [47, 113, 165, 245, 306].map((frame) => frame / 30);
    const moments = [
      [0, 1],
      [2, 3],
      [3, 4],
    ].map(([from, to]) => ({ ...frameExact({ start: cuts[from], end: cuts[to] }, cuts), score: 1, reasons: [] }));
    expect(moments[0]).toMatchObject({ start: 1.566, end: 3.765 });
    const snapped = snapToBeats(moments, halfSeconds, cuts);
    snapped.forEach((m, i) => {
      expect(m.start).toBe(moments[i].start);
      expect(m.end - m.start).toBeGreaterThanOrEqual(Math.min(MIN_MOMENT, moments[i].end - moments[i].start));
      // Still inside its shot: never past the last frame before the next cut.
      expect(m.end).toBeLessThan(cuts.find((c) => c > moments[i].end)!);
    });
  });

  it('never moves an end into a spoken phrase, nor close enough that the crossfade fades a word', () => {
    const moments = [moment(10, 14.5), moment(30, 36)];
    // Without speech the first end moves 0.5 s onto the beat at 5 s into the reel (15 s of the source).
    expect(snapToBeats(moments, [0, 5, 20])[0].end).toBe(15);
    expect(snapToBeats(moments, [0, 5, 20], [], [{ start: 14.8, end: 17 }])[0].end).toBe(14.5);
    // A phrase that starts after the new end is simply not in the reel.
    expect(snapToBeats(moments, [0, 5, 20], [], [{ start: 15.2, end: 17 }])[0].end).toBe(15);
  });

  it('never shortens a moment below the minimum, nor one already shorter', () => {
    // The nearest beats (2.2 s, then 3.3 s into the reel) would take 0.4 s off each.
    const snapped = snapToBeats([moment(10, 12.6), moment(20, 21.6), moment(30, 34)], [0, 2.2, 3.3, 10]);
    expect(snapped[0].end).toBe(10 + MIN_MOMENT);
    expect(snapped[1].end).toBe(21.6);
  });

  it('grows a moment up to the next cut, never across it, and never into the next moment', () => {
    // 4.3 s wants 4.5 s, but a cut at 14.4 stops it at the last frame before (14.399).
    expect(snapToBeats([moment(10, 14.3), moment(40, 44)], halfSeconds, [14.4])[0].end).toBe(14.399);
    expect(snapToBeats([moment(10, 14.3), moment(14.35, 18)], halfSeconds)[0].end).toBe(14.35);
  });

  it('holds its promises for random moments and beat grids', () => {
    const seed = planSeed();
    const random = seededRandom(seed);
    for (let n = 0; n < 500; n++) {
      const duration = 5 + random() * 60;
      const cuts = Array.from({ length: Math.floor(random() * 12) }, () => Math.round(random() * duration * 30) / 30).sort((a, b) => a - b);
      const moments = randomMoments(random, duration, cuts, 6);
      const beats = randomBeats(random);
      const snapped = snapToBeats(moments, beats, cuts);
      const context = () => `seed ${seed}, case ${n}: ${JSON.stringify({ moments: moments.map((m) => [m.start, m.end]), cuts, beats: beats.slice(0, 3) })}`;
      snapped.forEach((m, i) => {
        const was = moments[i];
        const length = was.end - was.start;
        const ok =
          m.start === was.start &&
          Math.abs(m.end - was.end) <= 0.6 + 0.005 &&
          (length <= 0 || m.end - m.start >= Math.min(length, MIN_MOMENT) - 1e-9) &&
          // Growing: only up to the next moment and the last frame before the next cut.
          (m.end <= was.end || ((moments[i + 1] === undefined || m.end <= moments[i + 1].start) && !cuts.some((c) => c > was.end && c <= m.end)));
        if (!ok) throw new Error(`${context()}\nmoment ${i} became ${JSON.stringify([m.start, m.end])}`);
      });
    }
  });
});
