const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|Mobile|Tablet|Silk|Kindle|PlayBook/i;

/**
 * True for phones and tablets, judged from the user agent. iPadOS reports a desktop Mac user
 * agent; pass navigator.maxTouchPoints to recognise it (a Mac has none).
 */
export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (!userAgent) return false;
  if (MOBILE_UA.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
