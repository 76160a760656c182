import { TOKEN_KEY } from '../config/constants';

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

export function clearAuthToken(): void {
  try {
    storage()?.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to clear.
  }
}
