import { checkTrimSeconds, defaultTrimRange, validateTrim } from './trim';

describe('validateTrim', () => {
  const duration = 125; // 2:05

  it('accepts a range inside the video', () => {
    expect(validateTrim('0:10', '1:05', duration)).toEqual({ ok: true, start: 10, end: 65 });
    expect(validateTrim('0:00', '2:05', duration)).toEqual({ ok: true, start: 0, end: 125 });
  });

  it("refuses times that are not m:ss with the server's words", () => {
    expect(validateTrim('10', '1:00', duration)).toEqual({
      ok: false,
      title: 'Invalid time format',
      message: 'Times must look like m:ss, for example 1:05.',
    });
    expect(validateTrim('0:00', 'abc', duration)).toMatchObject({ ok: false, title: 'Invalid time format' });
  });

  it("'Invalid trim range' when start is not before end", () => {
    const expected = { ok: false, title: 'Invalid trim range', message: 'Start time must be before end time.' };
    expect(validateTrim('1:00', '0:30', duration)).toEqual(expected);
    expect(validateTrim('0:30', '0:30', duration)).toEqual(expected);
  });

  it("'Invalid time range' when the end is past the duration", () => {
    expect(validateTrim('0:00', '2:06', duration)).toEqual({
      ok: false,
      title: 'Invalid time range',
      message: 'Times must be within the video duration.',
    });
  });

  it('tolerates the rounded-up last second', () => {
    expect(validateTrim('0:00', '0:03', 2.6)).toEqual({ ok: true, start: 0, end: 3 });
    expect(validateTrim('0:00', '0:04', 2.6)).toMatchObject({ ok: false, title: 'Invalid time range' });
  });

  it('checks the order before the range, as the spec lists them', () => {
    expect(validateTrim('9:00', '8:00', duration)).toMatchObject({ title: 'Invalid trim range' });
  });

  it("'Clip too short' under one second", () => {
    // Typed m:ss times always differ by whole seconds; the rule itself works on any seconds.
    expect(checkTrimSeconds(10, 10.5, duration)).toEqual({
      ok: false,
      title: 'Clip too short',
      message: 'Trimmed clip must be at least 1 second long.',
    });
    expect(checkTrimSeconds(10, 11, duration)).toEqual({ ok: true, start: 10, end: 11 });
    expect(checkTrimSeconds(-1, 11, duration)).toMatchObject({ title: 'Invalid time range' });
  });

  it('accepts H:MM:SS', () => {
    expect(validateTrim('0:59:00', '1:00:30', 4000)).toEqual({ ok: true, start: 3540, end: 3630 });
  });
});

describe('defaultTrimRange', () => {
  it('runs from 0:00 to the full duration', () => {
    expect(defaultTrimRange(125)).toEqual({ start: '0:00', end: '2:05' });
    expect(defaultTrimRange(3.04)).toEqual({ start: '0:00', end: '0:03' });
    expect(defaultTrimRange(2.96)).toEqual({ start: '0:00', end: '0:03' });
    expect(defaultTrimRange(3725)).toEqual({ start: '0:00', end: '1:02:05' });
    expect(defaultTrimRange(Number.NaN)).toEqual({ start: '0:00', end: '0:00' });
  });
});
