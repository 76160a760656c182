import { addMark, includedSeconds, NO_MARKS, removeMark, timeAtFraction } from './marked-ranges';

const ok = (result: ReturnType<typeof addMark>) => {
  if ('error' in result) throw new Error(result.error);
  return result.marks;
};

describe('marked ranges in the generate form', () => {
  it('adds ranges in order, joining those of the same kind that touch, whichever way they were dragged', () => {
    let marks = ok(addMark(NO_MARKS, 'include', { start: 20, end: 25 }));
    marks = ok(addMark(marks, 'include', { start: 8, end: 2 }));
    marks = ok(addMark(marks, 'include', { start: 24, end: 30 }));
    expect(marks.include).toEqual([
      { start: 2, end: 8 },
      { start: 20, end: 30 },
    ]);
    expect(includedSeconds(marks)).toBe(16);
  });

  it('refuses a range over one of the other kind, a tap and a 21st range', () => {
    const marks = ok(addMark(NO_MARKS, 'exclude', { start: 10, end: 20 }));
    expect(addMark(marks, 'include', { start: 15, end: 30 })).toEqual({ error: 'That stretch is marked Leave out: remove that mark first.' });
    expect(addMark(marks, 'include', { start: 3, end: 3.2 })).toHaveProperty('error');
    let many = NO_MARKS;
    for (let i = 0; i < 20; i++) many = ok(addMark(many, 'include', { start: i * 2, end: i * 2 + 1 }));
    expect(addMark(many, 'include', { start: 100, end: 101 })).toEqual({ error: 'At most 20 ranges of each kind.' });
  });

  it('removes one range and maps strip positions to seconds', () => {
    const marks = ok(addMark(ok(addMark(NO_MARKS, 'exclude', { start: 1, end: 2 })), 'exclude', { start: 5, end: 6 }));
    expect(removeMark(marks, 'exclude', 0).exclude).toEqual([{ start: 5, end: 6 }]);
    expect(timeAtFraction(0.25, 40)).toBe(10);
    expect(timeAtFraction(1.3, 40)).toBe(40);
  });
});
