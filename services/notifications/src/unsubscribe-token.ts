import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Category, isCategory } from './settings-rules';

/**
 * The token of a one-click unsubscribe link: <userId>.<category>.<HMAC-SHA256 of both>, base64url.
 * It never expires (a mail read months later must still work) and can only turn a flag off.
 */
export function signUnsubscribe(secret: string, userId: string, category: Category): string {
  const body = Buffer.from(`${userId}.${category}`).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export function verifyUnsubscribe(secret: string, token: string): { userId: string; category: Category } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, category] = Buffer.from(body, 'base64url').toString('utf8').split('.');
  if (!userId || !category || !isCategory(category)) return null;
  return { userId, category };
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}
