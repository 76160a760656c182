import { MUSIC_MIX } from '@reelsmith/proto/http/music-mix';
import type { Moment } from '../types';

/**
 * The arithmetic of the editor's preview: the moments played one after another on the source video,
 * with the music bed mixed as the render mixes it (MUSIC_MIX, shared with the media worker).
 */

/** How early (seconds) before a moment's end the preview jumps on: the video's clock is read once a frame. */
const END_SLACK = 0.04;

/** Where the preview goes from `currentTime` in moment `index`: stay, seek to the next moment, or stop. */
export function previewStep(moments: readonly Moment[], index: number, currentTime: number): { index: number; seek: number | null } | null {
  const moment = moments[index];
  if (!moment) return null;
  if (currentTime < moment.end - END_SLACK) return { index, seek: null };
  const next = moments[index + 1];
  return next ? { index: index + 1, seek: next.start } : null;
}

/** Seconds of the preview played so far: the moments before `index` and the part of this one. */
export function previewElapsed(moments: readonly Moment[], index: number, currentTime: number): number {
  const before = moments.slice(0, index).reduce((sum, m) => sum + (m.end - m.start), 0);
  const moment = moments[index];
  return before + (moment ? Math.min(moment.end, Math.max(moment.start, currentTime)) - moment.start : 0);
}

export const previewLength = (moments: readonly Moment[]) => previewElapsed(moments, moments.length, 0);

/**
 * dB the music is pressed down by while the video's own sound is at `level` (RMS, linear 0..1):
 * above the threshold, the excess is divided by the ratio, as ffmpeg's sidechaincompress does.
 */
export function duckReductionDb(level: number, duck: { threshold: number; ratio: number } = MUSIC_MIX.duck): number {
  if (!(level > duck.threshold)) return 0;
  const over = 20 * Math.log10(level / duck.threshold);
  return over * (1 - 1 / duck.ratio);
}

/** The music's share left in the fade at the end (1 until the last `fadeOutSeconds`, then down to 0). */
export function fadeShare(elapsed: number, total: number, fade: number = MUSIC_MIX.fadeOutSeconds): number {
  if (fade <= 0) return elapsed < total ? 1 : 0;
  return Math.min(1, Math.max(0, (total - elapsed) / fade));
}

/** Root mean square of samples (the level the ducking listens to). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

export const dbToGain = (db: number) => 10 ** (db / 20);
