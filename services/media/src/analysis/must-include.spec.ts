import { ASKED_WORDS, includeMoments } from './must-include';

const selected = [
  { start: 2, end: 8, score: 0.6, reasons: ['applause'] },
  { start: 30, end: 36, score: 0.4, reasons: ['fast action'] },
  { start: 60, end: 66, score: 0.8, reasons: ['impact'] },
];
const length = (ms: Array<{ start: number; end: number }>) => ms.reduce((s, m) => s + m.end - m.start, 0) - 0.4 * (ms.length - 1);

describe('must-include moments', () => {
  it('changes nothing without asked words', () => {
    expect(includeMoments(selected, [], { target: 15, duration: 100 })).toEqual(selected);
  });

  it('puts the words first, widened to a moment, and fills the rest with the best others that fit', () => {
    const moments = includeMoments(selected, [{ start: 45, end: 45.5 }], { target: 15, duration: 100 });
    const asked = moments.find((m) => m.reasons[0] === ASKED_WORDS)!;
    expect(asked.start).toBeLessThanOrEqual(45);
    expect(asked.end).toBeGreaterThanOrEqual(45.5);
    expect(asked.end - asked.start).toBeGreaterThanOrEqual(2.5);
    expect(moments.map((m) => m.reasons[0])).toEqual([ASKED_WORDS, 'impact']);
    expect(length(moments)).toBeLessThanOrEqual(15.05);
  });

  it('replaces a selected moment it overlaps and grows to the phrase around the words', () => {
    const moments = includeMoments(selected, [{ start: 31, end: 31.4 }], { target: 30, duration: 100, phrases: [{ start: 29.5, end: 35.5 }] });
    expect(moments.map((m) => [m.start, m.end, m.reasons[0]])).toEqual([
      [2, 8, 'applause'],
      [28.75, 36.25, ASKED_WORDS],
      [60, 66, 'impact'],
    ]);
  });

  it('keeps must moments inside the video and within the target', () => {
    const moments = includeMoments(
      selected,
      [0.1, 20, 40, 70, 90].map((t) => ({ start: t, end: t + 0.3 })),
      { target: 15, duration: 92 },
    );
    expect(moments.every((m) => m.reasons[0] === ASKED_WORDS && m.start >= 0 && m.end <= 92)).toBe(true);
    expect(length(moments)).toBeLessThanOrEqual(15.05);
    expect(moments).toHaveLength(3);
  });
});
