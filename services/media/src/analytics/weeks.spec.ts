import { lastWeekStarts, onWeeks, weekStartOf } from './weeks';

describe('weeks for /analytics (Monday to Sunday, UTC)', () => {
  it('finds the Monday of any day, Sundays and Mondays included', () => {
    expect(weekStartOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23'); // a Sunday
    expect(weekStartOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30'); // a Monday
    expect(weekStartOf(new Date('2026-01-01T12:00:00Z'))).toBe('2025-12-29'); // across a year
  });

  it('lists the last weeks oldest first, ending with the current one', () => {
    expect(lastWeekStarts(new Date('2026-11-29T10:00:00Z'), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(lastWeekStarts(new Date('2026-03-30T10:00:00Z'), 2)).toEqual(['2026-03-23', '2026-03-30']); // over a DST change elsewhere
  });

  it('lays counts on the weeks, 0 where a week has none, and drops weeks not asked for', () => {
    expect(
      onWeeks(
        ['2026-11-16', '2026-11-23'],
        [
          { week: '2026-11-23', count: 4 },
          { week: '2026-10-05', count: 9 },
        ],
      ),
    ).toEqual([0, 4]);
  });
});
