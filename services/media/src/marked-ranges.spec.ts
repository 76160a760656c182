import { RpcFailure } from '@reelsmith/kit';
import { checkMarkedRanges, mergeRanges } from './marked-ranges';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(RpcFailure);
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('checkMarkedRanges', () => {
  it('keeps ranges inside the video, merged and in order', () => {
    const checked = checkMarkedRanges(
      [
        { start: 20, end: 25 },
        { start: 2, end: 6 },
        { start: 5, end: 8.123 },
      ],
      [{ start: 40, end: 60 }],
      60,
      30,
    );
    expect(checked).toEqual({
      include: [
        { start: 2, end: 8.12 },
        { start: 20, end: 25 },
      ],
      exclude: [{ start: 40, end: 60 }],
    });
  });

  it('names a range that ends after the video', () => {
    expect(refusal(() => checkMarkedRanges([{ start: 50, end: 70 }], [], 60, 30))).toBe('The include range 50–70 s ends after the video does (at 60 s).');
    expect(refusal(() => checkMarkedRanges([], [{ start: 59, end: 61 }], 60, 30))).toContain('exclude range 59–61 s');
  });

  it('refuses an include and an exclude that share a second', () => {
    const message = refusal(() => checkMarkedRanges([{ start: 10, end: 20 }], [{ start: 19, end: 30 }], 60, 30));
    expect(message).toContain('include range 10–20 s conflicts with the exclude range 19–30 s');
  });

  it('lets an include and an exclude touch', () => {
    expect(checkMarkedRanges([{ start: 10, end: 20 }], [{ start: 20, end: 30 }], 60, 30).exclude).toHaveLength(1);
  });

  it('refuses includes longer in total than the reel', () => {
    const include = [
      { start: 0, end: 10 },
      { start: 20, end: 32 },
    ];
    expect(refusal(() => checkMarkedRanges(include, [], 120, 15))).toBe(
      'The include ranges add up to 21.6 s, longer than the 15 s reel: mark less, or ask for a longer reel.',
    );
    expect(checkMarkedRanges(include, [], 120, 30).include).toHaveLength(2);
  });

  it('refuses more than 20 ranges, an end before the start and negative seconds', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ start: i, end: i + 0.5 }));
    expect(refusal(() => checkMarkedRanges(many, [], 200, 90))).toBe('include must be a list of at most 20 ranges {start, end} in seconds');
    expect(refusal(() => checkMarkedRanges([], [{ start: 9, end: 3 }], 60, 30))).toContain('must end after it starts');
    expect(refusal(() => checkMarkedRanges([{ start: -1, end: 3 }], [], 60, 30))).toContain('from 0 on');
  });
});

describe('mergeRanges', () => {
  it('joins overlapping and touching ranges', () => {
    expect(
      mergeRanges([
        { start: 5, end: 7 },
        { start: 0, end: 5 },
        { start: 9, end: 10 },
      ]),
    ).toEqual([
      { start: 0, end: 7 },
      { start: 9, end: 10 },
    ]);
  });
});
