import { MIN_TRIM_SECONDS } from '../../../config/constants';
import { formatDuration, isTimecode, parseDuration } from '../../../lib/format';

export type TrimCheck = { ok: true; start: number; end: number } | { ok: false; title: string; message: string };

/**
 * Durations are measured to the millisecond but typed in whole seconds, so the end may exceed the
 * duration by up to half a second (the rounded-up last second); the server allows the same.
 */
const DURATION_TOLERANCE = 0.5;

/** The trim form's defaults: 0:00 to the full duration (rounded to the nearest second). */
export function defaultTrimRange(duration: number): { start: string; end: string } {
  return { start: '0:00', end: formatDuration(duration) };
}

/** The trim rules, in the product's order and words, after a check that both times are m:ss. */
export function validateTrim(startText: string, endText: string, duration: number): TrimCheck {
  if (!isTimecode(startText) || !isTimecode(endText)) {
    return { ok: false, title: 'Invalid time format', message: 'Times must look like m:ss, for example 1:05.' };
  }
  return checkTrimSeconds(parseDuration(startText), parseDuration(endText), duration);
}

/** The three rules of a trim, on times in seconds: both times valid, start before end, end within the video. */
export function checkTrimSeconds(start: number, end: number, duration: number): TrimCheck {
  if (start >= end) return { ok: false, title: 'Invalid trim range', message: 'Start time must be before end time.' };
  if (start < 0 || end > duration + DURATION_TOLERANCE) {
    return { ok: false, title: 'Invalid time range', message: 'Times must be within the video duration.' };
  }
  if (end - start < MIN_TRIM_SECONDS) {
    return { ok: false, title: 'Clip too short', message: 'Trimmed clip must be at least 1 second long.' };
  }
  return { ok: true, start, end };
}
