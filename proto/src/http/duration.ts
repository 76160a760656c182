/**
 * How every screen, e-mail and API text writes a length of time: H:MM:SS from an hour on, else
 * M:SS, to the nearest whole second (halves up). One function and one rounding rule, so the same
 * video or reel reads the same on the web, on the phone and in the mails (a 1.5 s reel is 0:02
 * everywhere). It lives in the contracts because both the web app and the services import them;
 * the web app takes it from `@reelsmith/proto/http/duration` (no zod at run time, like settings).
 */

/** Seconds to the nearest whole second, halves up; negative, NaN and infinite values count as 0. */
export function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 0:02, 1:58, 59:59, 1:02:05. */
export function formatDuration(seconds: number): string {
  const s = wholeSeconds(seconds);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}
