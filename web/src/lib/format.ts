/** Formatting helpers: durations, timecodes, relative times and file sizes. */

/** The one duration format of the product, shared with the services' mails and texts. */
export { formatDuration } from '@reelsmith/proto/http/duration';

const M_SS = /^(\d+):([0-5]\d)$/;
const H_MM_SS = /^(\d+):([0-5]\d):([0-5]\d)$/;

/** True when the text is M:SS or H:MM:SS (what parseDuration understands). */
export function isTimecode(text: string): boolean {
  const value = text.trim();
  return M_SS.test(value) || H_MM_SS.test(value);
}

/** M:SS or H:MM:SS back to seconds; any other shape gives 0. */
export function parseDuration(text: string): number {
  const value = text.trim();
  const short = M_SS.exec(value);
  if (short) return Number(short[1]) * 60 + Number(short[2]);
  const long = H_MM_SS.exec(value);
  if (long) return Number(long[1]) * 3600 + Number(long[2]) * 60 + Number(long[3]);
  return 0;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * 'Just now' under a minute (and for times in the future), then 'N minute(s) ago',
 * 'N hour(s) ago' under a day, 'N day(s) ago' under a week, after that the locale date.
 */
/** How long ago, in words ('3 hours ago'); '' for a time the server does not know (null). */
export function formatRelativeTime(date: string | number | Date | null, now: number = Date.now()): string {
  if (date === null) return '';
  const time = new Date(date).getTime();
  if (!Number.isFinite(time)) return '';
  const seconds = Math.floor((now - time) / 1000);
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  if (seconds < WEEK) return plural(Math.floor(seconds / DAY), 'day');
  return new Date(time).toLocaleDateString();
}

export const BYTES_PER_MB = 1024 * 1024;

/** Bytes in MB: two decimals under 10 MB (so small clips do not read 0.0 MB), one above. */
export function formatFileSize(bytes: number): string {
  const mb = Number.isFinite(bytes) && bytes > 0 ? bytes / BYTES_PER_MB : 0;
  return `${mb.toFixed(mb < 10 ? 2 : 1)} MB`;
}
