import type { FrameRateJson } from '@reelsmith/proto/http';

/** A frame rate as a fraction (30000/1001 for 29.97). */
export interface FrameRate {
  num: number;
  den: number;
}

/** When a video's rate is not known (an unreadable probe): what most cameras and phones record. */
export const FALLBACK_RATE: FrameRate = { num: 30, den: 1 };

/** The rate ffprobe writes as "30000/1001" (or "25"), or null for "0/0" and anything unusable. */
export function parseFrameRate(text: string | undefined): FrameRate | null {
  const [num, den = 1] = (text ?? '').split('/').map(Number);
  if (!Number.isInteger(num) || !Number.isInteger(den) || num <= 0 || den <= 0) return null;
  const rate = simplified({ num, den });
  // Above 240 fps is a timestamp quirk (1000/1 of a variable-rate stream), not a picture rate.
  return rate.num / rate.den >= 1 && rate.num / rate.den <= 240 ? rate : null;
}

function simplified({ num, den }: FrameRate): FrameRate {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** The rates cameras record at: an average within 0.1% of one of them is that rate. */
const STANDARD_RATES: FrameRate[] = [
  { num: 24000, den: 1001 },
  { num: 24, den: 1 },
  { num: 25, den: 1 },
  { num: 30000, den: 1001 },
  { num: 30, den: 1 },
  { num: 50, den: 1 },
  { num: 60000, den: 1001 },
  { num: 60, den: 1 },
];

/**
 * A video stream's frame rate from ffprobe: the average rate (phones record variable rates, whose
 * "real" rate is a timebase like 90000/1), snapped to the standard rate it is within 0.1% of; else
 * the real rate; null when neither is usable.
 */
export function videoFrameRate(average: string | undefined, real: string | undefined): FrameRate | null {
  const rate = parseFrameRate(average) ?? parseFrameRate(real);
  if (!rate) return null;
  const fps = rate.num / rate.den;
  return STANDARD_RATES.find((s) => Math.abs(s.num / s.den - fps) / fps < 0.001) ?? rate;
}

/** Whole frames a second for timecodes: 30 for 29.97, 24 for 23.976. */
export const nominalFps = (rate: FrameRate) => Math.round(rate.num / rate.den);

/** 29.97 and 59.94 count in drop-frame timecode, so it stays on the clock. */
export const isDropFrame = (rate: FrameRate) => rate.den === 1001 && (nominalFps(rate) === 30 || nominalFps(rate) === 60);

/** The frame shown at `seconds` (the nearest frame start). */
export const frameAt = (seconds: number, rate: FrameRate) => Math.round((seconds * rate.num) / rate.den + 1e-9);

/** Seconds from the start to frame `frame`. */
export const secondsOf = (frame: number, rate: FrameRate) => (frame * rate.den) / rate.num;

export function frameRateJson(rate: FrameRate): FrameRateJson {
  return { num: rate.num, den: rate.den, fps: Math.round((rate.num / rate.den) * 1000) / 1000, dropFrame: isDropFrame(rate) };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Frame `frame` as SMPTE timecode HH:MM:SS:FF (HH:MM:SS;FF drop-frame). Drop-frame skips the labels
 * ;00 and ;01 (;00 to ;03 at 59.94) at each minute but every tenth, so 29.97 frames a second keep up
 * with the clock: frame 1800 is 00:01:00;02. Hours wrap at 24 as in every editor.
 */
export function timecode(frame: number, rate: FrameRate): string {
  const fps = nominalFps(rate);
  let label = frame;
  if (isDropFrame(rate)) {
    const dropped = fps === 30 ? 2 : 4;
    const perTenMinutes = fps * 600 - dropped * 9;
    const perMinute = fps * 60 - dropped;
    const tens = Math.floor(frame / perTenMinutes);
    const rest = frame % perTenMinutes;
    label += dropped * 9 * tens + (rest > dropped ? dropped * Math.floor((rest - dropped) / perMinute) : 0);
  }
  const ff = label % fps;
  const seconds = Math.floor(label / fps);
  const separator = isDropFrame(rate) ? ';' : ':';
  return `${two(Math.floor(seconds / 3600) % 24)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}${separator}${two(ff)}`;
}

/** A frame count as an FCPXML rational time: "1001/30000s" is one frame at 29.97; whole seconds are "5s". */
export function rationalTime(frames: number, rate: FrameRate): string {
  if (frames === 0) return '0s';
  const time = simplified({ num: frames * rate.den, den: rate.num });
  return time.den === 1 ? `${time.num}s` : `${time.num}/${time.den}s`;
}
