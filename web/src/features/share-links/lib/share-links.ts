import { SHARE_LINK_EXPIRY_CHOICES, type ShareLinkJson } from '@reelsmith/proto/http';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One of the expiry choices the form offers: days, or null for a link that never expires. */
export type ExpiryChoice = (typeof SHARE_LINK_EXPIRY_CHOICES)[number];

export const EXPIRY_LABELS: Record<string, string> = { never: 'Never', 7: 'In 7 days', 30: 'In 30 days' };
export const expiryKey = (choice: ExpiryChoice) => (choice === null ? 'never' : String(choice));

/** The POST body of a new link: `expiresAt` only for a link that expires. */
export function shareLinkRequest(choice: ExpiryChoice, allowDownload: boolean, now: number = Date.now()) {
  return choice === null ? { allowDownload } : { expiresAt: new Date(now + choice * DAY_MS).toISOString(), allowDownload };
}

/** 'Expires in 7 days' (to the nearest day), 'Expires in under a day', 'Expired 5 Dec 2026', 'Never expires'. */
export function expiryText(link: Pick<ShareLinkJson, 'expiresAt' | 'status'>, now: number = Date.now()): string {
  if (!link.expiresAt) return 'Never expires';
  const at = new Date(link.expiresAt).getTime();
  if (link.status === 'expired' || at <= now) return `Expired ${new Date(at).toLocaleDateString()}`;
  if (at - now < DAY_MS) return 'Expires in under a day';
  const days = Math.round((at - now) / DAY_MS);
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const viewsText = (views: number) => `${views} ${views === 1 ? 'view' : 'views'}`;

/** What a link row says under its address: views, expiry and whether it can be downloaded. */
export function linkFacts(link: ShareLinkJson, now: number = Date.now()): string {
  return [viewsText(link.views), expiryText(link, now), link.allowDownload ? 'Download allowed' : 'Watch only'].join(' · ');
}

/**
 * The link a phone's "Share link" and "Copy link" reuse: the newest active one that never expires
 * (the kind they make), so tapping Share twice does not make two links.
 */
export function reusableLink(links: readonly ShareLinkJson[] | undefined): ShareLinkJson | null {
  return links?.find((link) => link.status === 'active' && link.expiresAt === null) ?? null;
}
