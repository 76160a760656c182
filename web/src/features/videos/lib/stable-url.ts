/**
 * Signed media URLs (…?uid=&exp=&sig=) are signed afresh on every fetch of the video, with a new
 * expiry each second. Swapping a playing <video> or a loaded <img> to such a "new" URL would restart
 * playback and download the file again, so a URL is kept while it points at the same path and is
 * not about to expire.
 */

/** Renew a URL this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;

export function mediaPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Expiry of a signed URL in ms since epoch, or null when it carries none. */
export function urlExpiry(url: string): number | null {
  const match = /[?&]exp=(\d+)/.exec(url);
  return match ? Number(match[1]) * 1000 : null;
}

/** The URL to use: the current one while it serves the same path and is fresh, else the latest. */
export function nextStableUrl(current: string | null, latest: string | null, now: number): string | null {
  if (!latest || !current) return latest;
  if (current === latest || mediaPath(current) !== mediaPath(latest)) return latest;
  const expiry = urlExpiry(current);
  if (expiry !== null && expiry - EXPIRY_MARGIN_MS <= now) return latest;
  return current;
}
