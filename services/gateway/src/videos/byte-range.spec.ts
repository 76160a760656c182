import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads start-end, open-ended and suffix ranges', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers null (whole file) without a usable header', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
  });

  it('refuses malformed bytes ranges', () => {
    expect(parseByteRange('bytes=abc', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1-2-3', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=--5', 1000)).toBe('unsatisfiable');
  });

  it('flags ranges outside the file', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
