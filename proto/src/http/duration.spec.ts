import { formatDuration, wholeSeconds } from './duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [0.4, '0:00'],
    [0.5, '0:01'],
    [1.5, '0:02'],
    [5, '0:05'],
    [59.4, '0:59'],
    [59.5, '1:00'],
    [59.9, '1:00'],
    [65, '1:05'],
    [117.4, '1:57'],
    [117.5, '1:58'],
    [117.6, '1:58'],
    [600, '10:00'],
    [3599, '59:59'],
    [3599.5, '1:00:00'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36000 + 61, '10:01:01'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows 0:00 for negative, NaN and infinite values', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('wholeSeconds', () => {
  it('rounds to the nearest second, halves up, as formatDuration does', () => {
    expect([1.5, 2.49, 2.5, 117.4, 117.6].map(wholeSeconds)).toEqual([2, 2, 3, 117, 118]);
    expect(wholeSeconds(-1)).toBe(0);
  });
});
