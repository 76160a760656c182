/** ISO weeks (Monday to Monday, UTC) for the weekly digest. */

/** The Monday 00:00 UTC that starts the ISO week of `date`. */
export function isoWeekStart(date: Date): Date {
  const day = (date.getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
}

/** 2026-W48 */
export function isoWeekLabel(weekStart: Date): string {
  const thursday = new Date(weekStart.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round((isoWeekStart(thursday).getTime() - isoWeekStart(firstThursday).getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The finished week whose digest is due at `now`: last week, once the configured weekday and hour
 * of this week have come (before that, the week before last, whose digest was due last week).
 */
export function dueDigestWeek(now: Date, weekday: number, hourUtc: number): { start: Date; end: Date; label: string } {
  const thisWeek = isoWeekStart(now);
  const dueAt = thisWeek.getTime() + (weekday - 1) * 86_400_000 + hourUtc * 3_600_000;
  const end = now.getTime() >= dueAt ? thisWeek : new Date(thisWeek.getTime() - 7 * 86_400_000);
  const start = new Date(end.getTime() - 7 * 86_400_000);
  return { start, end, label: isoWeekLabel(start) };
}
