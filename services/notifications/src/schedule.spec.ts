import { dueDigestWeek, isoWeekLabel, isoWeekStart } from './iso-week';
import { retryDelayMs } from './mailer';

describe('ISO weeks of the digest', () => {
  it('start on Monday 00:00 UTC and are labelled by ISO year and week', () => {
    expect(isoWeekStart(new Date('2026-11-26T15:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekLabel(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    // 2026-12-28 is in week 53 of 2026; 2027-01-04 starts week 1 of 2027; 2024-12-30 is week 1 of 2025.
    expect(isoWeekLabel(new Date('2026-12-28T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeekLabel(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(isoWeekLabel(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });

  it('make last week due from the configured weekday and hour, the week before until then', () => {
    const monday9 = dueDigestWeek(new Date('2026-11-23T09:00:00Z'), 1, 8);
    expect([monday9.start.toISOString(), monday9.end.toISOString(), monday9.label]).toEqual([
      '2026-11-16T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
      '2026-W47',
    ]);
    expect(dueDigestWeek(new Date('2026-11-23T07:59:00Z'), 1, 8).label).toBe('2026-W46');
    expect(dueDigestWeek(new Date('2026-11-25T07:00:00Z'), 3, 8).label).toBe('2026-W46');
    expect(dueDigestWeek(new Date('2026-11-25T08:00:00Z'), 3, 8).label).toBe('2026-W47');
  });
});

describe('mail retry delays', () => {
  it('double from the base and stop at the cap', () => {
    expect([1, 2, 3, 4, 5, 12].map((n) => retryDelayMs(n, 5000, 60_000))).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
