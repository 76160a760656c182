import { checkTrim, formatTimecode, parseTimecode } from './timecode';

describe('timecodes', () => {
  it('parses m:ss and h:mm:ss, and nothing else', () => {
    expect(parseTimecode('0:00')).toBe(0);
    expect(parseTimecode('1:05')).toBe(65);
    expect(parseTimecode('75:00')).toBe(4500);
    expect(parseTimecode('1:02:03')).toBe(3723);
    expect(parseTimecode(' 2:30 ')).toBe(150);
    for (const bad of ['', '5', '1:5', '1:60', 'a:bc', '-1:00', '1:00:00:00', '1:75:00']) expect(parseTimecode(bad)).toBeNull();
  });

  it('formats as M:SS under an hour and H:MM:SS from an hour', () => {
    expect(formatTimecode(65)).toBe('1:05');
    expect(formatTimecode(3723)).toBe('1:02:03');
    expect(formatTimecode(59.9)).toBe('0:59');
  });
});

describe('checkTrim', () => {
  it('accepts a valid range', () => {
    expect(checkTrim('0:05', '0:20', 30)).toEqual({ ok: true, start: 5, end: 20 });
  });
  it.each([
    ['0:20', '0:05', 'Invalid trim range', 'Start time must be before end time.'],
    ['0:10', '0:10', 'Invalid trim range', 'Start time must be before end time.'],
    ['0:05', '1:00', 'Invalid time range', 'Times must be within the video duration.'],
    ['0:05', 'soon', 'Invalid time format', 'Times must look like m:ss, for example 1:05.'],
  ])('refuses %s-%s with the spec words', (start, end, title, message) => {
    expect(checkTrim(start, end, 30)).toEqual({ ok: false, title, message });
  });
  it('refuses clips under one second', () => {
    expect(checkTrim('0:05.0', '0:05.5', 30)).toEqual({ ok: false, title: 'Clip too short', message: 'Trimmed clip must be at least 1 second long.' });
  });
});
