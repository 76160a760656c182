import { clearAuthToken, getAuthToken } from '../../../lib/auth-token';
import type { User } from '../types';

export const NO_AUTH_TOKEN = 'No auth token';
export const AUTHENTICATION_FAILED = 'Authentication failed';

/**
 * GET /api/auth/me, only when a token is stored (spec §4, §7).
 * No token: 'No auth token' (signed out, no request made). 401: the stored token is removed.
 * Any failure: 'Authentication failed'.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const token = getAuthToken();
  if (!token) throw new Error(NO_AUTH_TOKEN);

  let res: Response;
  try {
    res = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch {
    throw new Error(AUTHENTICATION_FAILED);
  }
  if (res.status === 401) {
    clearAuthToken();
    throw new Error(AUTHENTICATION_FAILED);
  }
  if (!res.ok) throw new Error(AUTHENTICATION_FAILED);

  let user: unknown;
  try {
    user = await res.json();
  } catch {
    throw new Error(AUTHENTICATION_FAILED);
  }
  if (!user || typeof user !== 'object') throw new Error(AUTHENTICATION_FAILED);
  return user as User;
}
