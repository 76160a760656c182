import { formatDuration, formatFileSize, formatRelativeTime, isTimecode, parseDuration } from './format';

describe('parseDuration', () => {
  it.each([
    ['0:00', 0],
    ['1:05', 65],
    ['12:30', 750],
    ['90:00', 5400],
    ['1:02:05', 3725],
    [' 2:03 ', 123],
  ])('%s is %s s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', 'abc', '5', '1:5', '1:60', '1:2:3', '1:02:60', '-1:00', '1:00.5', '1::00', ':30', '1:00:00:00'])('gives 0 for %j', (text) => {
    expect(parseDuration(text)).toBe(0);
  });

  it('round-trips with formatDuration', () => {
    for (const seconds of [0, 7, 65, 3599, 3600, 7384]) expect(parseDuration(formatDuration(seconds))).toBe(seconds);
  });
});

describe('isTimecode', () => {
  it('accepts M:SS and H:MM:SS only', () => {
    expect(isTimecode('0:00')).toBe(true);
    expect(isTimecode('1:02:03')).toBe(true);
    expect(isTimecode('1:2')).toBe(false);
    expect(isTimecode('62')).toBe(false);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [7200, '2 hours ago'],
    [86399, '23 hours ago'],
    [86400, '1 day ago'],
    [2 * 86400, '2 days ago'],
    [7 * 86400 - 1, '6 days ago'],
  ])('%s s ago reads %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('uses the locale date from a week on', () => {
    const date = ago(7 * 86400);
    expect(formatRelativeTime(date, now)).toBe(new Date(date).toLocaleDateString());
  });

  it("says 'Just now' for a time slightly in the future (clock skew)", () => {
    expect(formatRelativeTime(ago(-30), now)).toBe('Just now');
  });

  it('accepts Date objects and numbers, and gives an empty text for an invalid date', () => {
    expect(formatRelativeTime(new Date(now - 3 * 3600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 120_000, now)).toBe('2 minutes ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatFileSize', () => {
  it('shows MB', () => {
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(52_428)).toBe('0.05 MB');
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(formatFileSize(15.25 * 1024 * 1024)).toBe('15.3 MB');
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2048.0 MB');
  });

  it('shows 0.00 MB for nonsense', () => {
    expect(formatFileSize(-1)).toBe('0.00 MB');
    expect(formatFileSize(Number.NaN)).toBe('0.00 MB');
  });
});
