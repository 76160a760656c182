import { z } from 'zod/v4';
import { fieldsOf, flag } from './fields';

/**
 * Share links: a public page /r/{token} of one reel (docs/share-links.md). One contract for the
 * gateway (which checks the body), the media service (which keeps the links) and the web.
 */

/** The longest a link may live: a year from its creation. */
export const SHARE_LINK_MAX_DAYS = 366;

/** The expiry choices the web app offers (days; null: never). */
export const SHARE_LINK_EXPIRY_CHOICES = [null, 7, 30] as const;

/** A token: 32 bytes in base64url (a 16-byte id and a 16-byte HMAC of it). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const expiresAt = z
  .string({ error: 'expiresAt must be an ISO 8601 date and time, like 2030-01-31T12:00:00Z' })
  .max(40, { error: 'expiresAt must be an ISO 8601 date and time, like 2030-01-31T12:00:00Z' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, {
    error: 'expiresAt must be an ISO 8601 date and time with a time zone, like 2030-01-31T12:00:00Z',
  })
  .refine((v) => Number.isFinite(Date.parse(v)), { error: 'expiresAt is not a real date' })
  .nullish()
  .transform((v) => (v ? new Date(v) : null));

/** POST /api/highlights/{id}/share-links. Whether the date is in the future and within a year is the media service's check. */
export const shareLinkBody = fieldsOf({ expiresAt, allowDownload: flag() }, 'The request body');
export type ShareLinkBody = z.input<typeof shareLinkBody>;

export interface ShareLinkJson {
  token: string;
  /** The public page, absolute: what the owner copies and sends. */
  url: string;
  highlightId: string;
  videoId: string;
  /** The title of the reel's video. */
  title: string;
  /** The reel's version number. */
  version: number;
  createdAt: string | null;
  /** null: never expires. */
  expiresAt: string | null;
  allowDownload: boolean;
  /** Public page views so far (one per page load; the media requests are not counted). */
  views: number;
  /** active or expired (revoked links are gone from every list). */
  status: 'active' | 'expired';
}
