import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Share-link tokens (docs/share-links.md): the link's id (a random UUID, 122 bits) followed by an
 * HMAC-SHA256 of it truncated to 128 bits, in base64url (43 characters). The database keeps only
 * the id, so a copy of it opens nothing; a token that was not made with the secret is refused
 * before any lookup, in constant time.
 */
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function mac(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update('share-link\n').update(id).digest().subarray(0, MAC_BYTES);
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The token of the link with this id (a UUID). */
export function shareToken(secret: string, linkId: string): string {
  const id = uuidBytes(linkId);
  if (id.length !== ID_BYTES) throw new Error('a share link id is a UUID');
  return Buffer.concat([id, mac(secret, id)]).toString('base64url');
}

/** The link id a token stands for, or null when it is malformed or was not made with `secret`. */
export function shareLinkIdOf(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling: the last character has spare bits, so four would otherwise decode alike.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const id = bytes.subarray(0, ID_BYTES);
  return timingSafeEqual(mac(secret, id), bytes.subarray(ID_BYTES)) ? uuidOf(id) : null;
}
