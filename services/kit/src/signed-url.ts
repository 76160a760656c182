import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Media URLs for <video>, <img> and download links, which cannot carry a JWT: the path is signed
 * with HMAC-SHA256 together with the owner and an expiry, so a URL works only for that object,
 * for that user, for a short while.
 */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;

function signature(secret: string, path: string, userId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${path}\n${userId}\n${expires}`).digest('base64url');
}

/**
 * Signed paths already made, by everything the signature covers. The expiry is rounded, so a list
 * fetched again signs exactly the same paths: remembering them spares an HMAC and a query string
 * per media URL (four per video in every list). Oldest first out, so expired ones leave.
 */
const signedPaths = new Map<string, string>();
const SIGNED_PATHS_KEPT = 20_000;

/**
 * The expiry is rounded up to a whole `roundToSeconds`, so the same object keeps the same URL for a
 * while: players do not restart and browsers can cache when a list is fetched again.
 */
export function signMediaPath(
  secret: string,
  path: string,
  userId: string,
  now = Date.now(),
  ttlSeconds = MEDIA_URL_TTL_SECONDS,
  roundToSeconds = 3600,
): string {
  const expires = Math.ceil((Math.floor(now / 1000) + ttlSeconds) / roundToSeconds) * roundToSeconds;
  const key = `${secret}\n${path}\n${userId}\n${expires}`;
  let signed = signedPaths.get(key);
  if (signed === undefined) {
    signed = `${path}?${new URLSearchParams({ uid: userId, exp: String(expires), sig: signature(secret, path, userId, expires) })}`;
    if (signedPaths.size >= SIGNED_PATHS_KEPT) signedPaths.delete(signedPaths.keys().next().value!);
    signedPaths.set(key, signed);
  }
  return signed;
}

/** The owner the URL was signed for, or null when it is forged, altered or expired. */
export function verifyMediaPath(secret: string, path: string, query: Record<string, unknown>, now = Date.now()): string | null {
  const { uid, exp, sig } = query;
  if (typeof uid !== 'string' || typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return null;
  if (Number(exp) * 1000 < now) return null;
  const expected = Buffer.from(signature(secret, path, uid, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? uid : null;
}
