import { clearAuthToken, getAuthToken, rememberUser } from '../../../lib/auth-token';
import { takeEarly } from '../../../lib/early-get';
import { UnreachableError } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import type { User } from '../types';

export const NO_AUTH_TOKEN = 'No auth token';
export const AUTHENTICATION_FAILED = 'Authentication failed';

export const AUTH_CHECK_TIMEOUT_MS = 8000;
const CURRENT_USER_URL = CURRENT_USER_QUERY_KEY[0];

/** The check could not reach the server at all (offline, gateway down): the token may still be good. */
export { UnreachableError };

/**
 * GET /api/auth/me, only when a token is stored.
 * No token: 'No auth token' (signed out, no request made). 401: the stored token is removed.
 * Any failure: 'Authentication failed'.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const token = getAuthToken();
  if (!token) throw new Error(NO_AUTH_TOKEN);

  let res: Response;
  // A network that neither answers nor fails (a dead connection) must not hold the app on its loading screen.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), AUTH_CHECK_TIMEOUT_MS);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // The entry may have sent it already (lib/early-get.ts).
    res = await (takeEarly(CURRENT_USER_URL, token, timeout.signal) ??
      fetch(CURRENT_USER_URL, { headers: { Authorization: `Bearer ${token}` }, signal: timeout.signal }));
  } catch {
    throw new UnreachableError(AUTHENTICATION_FAILED);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (res.status === 401) {
    clearAuthToken();
    throw new Error(AUTHENTICATION_FAILED);
  }
  // A gateway that is restarting (or a worker answering for it offline) is no verdict on the token.
  if (res.status >= 502 && res.status <= 504) throw new UnreachableError(AUTHENTICATION_FAILED);
  if (!res.ok) throw new Error(AUTHENTICATION_FAILED);

  let user: unknown;
  try {
    user = await res.json();
  } catch {
    throw new Error(AUTHENTICATION_FAILED);
  }
  if (!user || typeof user !== 'object') throw new Error(AUTHENTICATION_FAILED);
  rememberUser(user as User);
  return user as User;
}
