/** Seconds from "m:ss" or "h:mm:ss"; null for any other shape. */
export function parseTimecode(text: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,3}):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  if (hours !== undefined && Number(minutes) > 59) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + (fraction ? Number(`0.${fraction}`) : 0);
}

export function formatTimecode(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export const MIN_CLIP_SECONDS = 1;

export type TrimCheck = { ok: true; start: number; end: number } | { ok: false; title: string; message: string };

/** The trim rules, in the product's order and words. */
export function checkTrim(startText: string, endText: string, duration: number): TrimCheck {
  const start = parseTimecode(startText);
  const end = parseTimecode(endText);
  if (start === null || end === null) {
    return { ok: false, title: 'Invalid time format', message: 'Times must look like m:ss, for example 1:05.' };
  }
  if (start >= end) return { ok: false, title: 'Invalid trim range', message: 'Start time must be before end time.' };
  if (start < 0 || end > duration + 0.5) {
    return { ok: false, title: 'Invalid time range', message: 'Times must be within the video duration.' };
  }
  if (end - start < MIN_CLIP_SECONDS) {
    return { ok: false, title: 'Clip too short', message: 'Trimmed clip must be at least 1 second long.' };
  }
  return { ok: true, start, end: Math.min(end, duration) };
}
