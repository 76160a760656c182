import { IDEMPOTENCY_KEY_HEADER } from '@reelsmith/proto/http';
import type { QueryFunction } from '@tanstack/react-query';
import { getAuthToken } from './auth-token';
import { takeEarly } from './early-get';

/** A non-ok HTTP answer. `message` is `${status}: ${bodyText || statusText}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The request could not be made: no network, or nothing answers at the server's address. Its
 * message says so in words, never the browser's 'Failed to fetch'.
 */
export class UnreachableError extends Error {
  constructor(message = unreachableText('load')) {
    super(message);
    this.name = 'UnreachableError';
  }
}

/** What a screen says when it has nothing loaded before ('load') or cannot send ('send'). */
export function unreachableText(what: 'load' | 'send'): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (what === 'send') return offline ? "You're offline. Try again once you're back online." : 'Reelsmith cannot be reached right now. Try again in a moment.';
  return offline
    ? "You're offline, and this was not loaded before. It loads once you're back online."
    : 'Reelsmith cannot be reached right now, and this was not loaded before. It loads once it answers again.';
}

/** fetch, with a request that could not be made (not one that was aborted) as an UnreachableError. */
async function reach(request: () => Promise<Response>, what: 'load' | 'send'): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new UnreachableError(unreachableText(what));
  }
}

/**
 * A query's error only when it has no data: a refetch that failed (offline, say) leaves the data it
 * had, and screens show that rather than an error.
 */
export function errorWithoutData(query: { data: unknown; error: unknown }): Error | null {
  return query.data === undefined && query.error instanceof Error ? query.error : null;
}

/** Authorization header when a token is stored, nothing otherwise. */
export function authHeaders(): Record<string, string> {
  const token = getAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let body: string;
  try {
    body = await res.text();
  } catch {
    body = '';
  }
  throw new ApiError(res.status, body, `${res.status}: ${body || res.statusText}`);
}

/**
 * JSON request to the API; throws ApiError on any non-ok answer. A create sends its intent's
 * `idempotencyKey` (lib/idempotency.ts), so that it makes one thing however often it is sent.
 */
export async function apiRequest(method: string, url: string, data?: unknown, options: { idempotencyKey?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders() };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  const res = await reach(
    () => fetch(url, { method, headers, body: data === undefined ? undefined : JSON.stringify(data), credentials: 'same-origin' }),
    'send',
  );
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default query function: GET the query key's parts joined with '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join('/');
    const res = await reach(() => takeEarly(url, getAuthToken(), signal) ?? fetch(url, { headers: authHeaders(), credentials: 'same-origin', signal }), 'load');
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The server's own words for a failed call: the `error` (our gateway) or `message`
 * (framework errors such as 429) field of a JSON body. Undefined when there is none.
 */
export function getServerErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { error: err, message } = parsed as { error?: unknown; message?: unknown };
  for (const candidate of [err, message]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
    if (Array.isArray(candidate) && candidate.length && candidate.every((m) => typeof m === 'string')) {
      return candidate.join('. ');
    }
  }
  return undefined;
}

/** The title of the first violation the server sent (e.g. 'Invalid trim range'), if any. */
export function getServerViolationTitle(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = JSON.parse(error.body) as { violations?: Array<{ message?: unknown }> };
    const message = body.violations?.[0]?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}
