import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** cyrb53: a fast 53-bit string hash (not cryptographic: the server scopes keys to the user anyway). */
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A key of up to 26 visible characters for any text. */
export function hashKey(text: string): string {
  return `${cyrb53(text, 1)}${cyrb53(text, 2)}`;
}

/**
 * The Idempotency-Key of one intent: the action, its body, and what the page knew when it was asked
 * (the ids, or tokens, of the cached list the new thing will join). A double click, a retry and a second tab
 * showing the same state send the same key, so the server makes one thing; once the list holds the
 * new thing, the same form makes another.
 */
export function intentKey(queryClient: QueryClient, action: string, body: unknown, joins: QueryKey): string {
  const known = queryClient.getQueryData<unknown>(joins);
  const ids = Array.isArray(known)
    ? known
        .map((item) => (item as { id?: unknown })?.id ?? (item as { token?: unknown })?.token)
        .filter((id) => typeof id === 'string')
        .sort()
    : [];
  return `${action}-${hashKey(JSON.stringify([body, ids]))}`;
}
