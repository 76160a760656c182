import type { UserJson } from '@reelsmith/proto/http';
import { OFFLINE_CACHE_KEY, TOKEN_KEY } from '../config/constants';

/** The bearer token lives in localStorage under TOKEN_KEY. Storage failures count as "no token". */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

const LAST_USER_KEY = `${TOKEN_KEY}.user`;

/** What the offline shell knows of the last signed-in user. */
export type RememberedUser = Pick<UserJson, 'id' | 'username'>;

/** The last signed-in user, so a reload while offline keeps the signed-in shell (removed with the token). */
export function rememberUser(user: RememberedUser): void {
  try {
    storage()?.setItem(LAST_USER_KEY, JSON.stringify({ id: user.id, username: user.username }));
  } catch {
    // Not remembered: offline, the shell shows 'User'.
  }
}

export function rememberedUser(): RememberedUser | null {
  try {
    const value = JSON.parse(storage()?.getItem(LAST_USER_KEY) ?? 'null') as { id?: unknown; username?: unknown } | null;
    return value && typeof value.username === 'string' && (typeof value.id === 'string' || typeof value.id === 'number')
      ? { id: String(value.id), username: value.username }
      : null;
  } catch {
    return null;
  }
}

/** The signed-in user's id while a token is stored: whose data the offline snapshot may keep. */
export function signedInUserId(): string | null {
  return getAuthToken() ? (rememberedUser()?.id ?? null) : null;
}

/** Signs this browser out: the token, the remembered user and their offline snapshot go together. */
export function clearAuthToken(): void {
  try {
    storage()?.removeItem(OFFLINE_CACHE_KEY);
    storage()?.removeItem(LAST_USER_KEY);
    storage()?.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to clear.
  }
}
