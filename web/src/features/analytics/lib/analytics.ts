import type { AnalyticsJson } from '@reelsmith/proto/http';
import { formatDuration } from '../../../lib/format';

export const WEEK_CHOICES = [4, 12, 26, 52] as const;
export type WeekChoice = (typeof WEEK_CHOICES)[number];

export type Metric = 'uploads' | 'reels' | 'views';
export const METRICS: ReadonlyArray<{ value: Metric; label: string }> = [
  { value: 'uploads', label: 'Uploads' },
  { value: 'reels', label: 'Reels' },
  { value: 'views', label: 'Views' },
];

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Hours and minutes of footage ("2 h 05 min", "14 min", "45 s"): totals read better than a timecode. */
export function footageText(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The figures at the top of the page, each with the line under it. */
export function totalCards(totals: AnalyticsJson['totals']): Array<{ label: string; value: string; detail: string }> {
  return [
    { label: 'Videos', value: totals.videos.toLocaleString('en-US'), detail: `${footageText(totals.footageSeconds)} of footage` },
    { label: 'Reels', value: totals.reels.toLocaleString('en-US'), detail: `${formatDuration(totals.reelSeconds)} in all` },
    { label: 'Exports', value: totals.exports.toLocaleString('en-US'), detail: 'ready to download' },
    { label: 'Views', value: totals.views.toLocaleString('en-US'), detail: `on ${openLinksText(totals.shareLinks)}` },
  ];
}

/** "Nov 23" for a week's Monday (YYYY-MM-DD, UTC). */
export function weekLabel(weekStart: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Bar heights in per cent of the tallest week (0 for an empty range). */
export function barHeights(values: number[]): number[] {
  const top = Math.max(0, ...values);
  return values.map((v) => (top === 0 ? 0 : Math.max(v > 0 ? 4 : 0, Math.round((v / top) * 100))));
}

export const openLinksText = (n: number) => count(n, 'open link', 'open links');

export const metricText = (metric: Metric, n: number) =>
  metric === 'uploads' ? count(n, 'upload', 'uploads') : metric === 'reels' ? count(n, 'reel', 'reels') : count(n, 'view', 'views');
