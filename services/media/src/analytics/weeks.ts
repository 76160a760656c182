const DAY_MS = 86_400_000;

/** The Monday (UTC, YYYY-MM-DD) of the week holding `at`. */
export function weekStartOf(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Mondays of the last `count` weeks up to the one holding `now`, oldest first. */
export function lastWeekStarts(now: Date, count: number): string[] {
  const current = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** Counts per week start, laid on the weeks asked for (a week without any is 0). */
export function onWeeks(weeks: string[], counts: ReadonlyArray<{ week: string; count: number }>): number[] {
  const byWeek = new Map(counts.map((c) => [c.week, c.count]));
  return weeks.map((week) => byWeek.get(week) ?? 0);
}
