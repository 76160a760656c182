import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, OFFLINE_CACHE_KEY, VIDEOS_QUERY_KEY } from '../config/constants';

/**
 * The signed-in user's last-loaded library, folders and plan, kept in localStorage: a reload while
 * the server cannot be reached shows them ("You're offline — showing what was last loaded") rather
 * than empty lists and "No plan". Online nothing changes: it is restored only when the auth check
 * finds the server unreachable (use-current-user.ts).
 *
 * One user at a time: the snapshot names its user, is restored only for that user and goes with the
 * token (clearAuthToken: sign-out, a refused token). It keeps no secrets: no token, and signed media
 * URLs lose their signature (thumbnails still show offline: the worker caches them by path).
 */
const VERSION = 1;
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 2000;
const FOLDERS = '/api/video-folders';

interface Snapshot {
  version: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

/** What is kept: the videos list, a video and its reels, the folders and a folder's videos, the plan. */
export function isKept(key: QueryKey): boolean {
  const [root, id, part] = key;
  if (key.length === 1) return root === VIDEOS_QUERY_KEY[0] || root === BILLING_QUERY_KEY[0] || root === FOLDERS;
  if (typeof id !== 'string' || key.length > 3) return false;
  if (root === VIDEOS_QUERY_KEY[0]) return key.length === 2 || part === 'highlights';
  return root === FOLDERS && part === 'videos';
}

/** A signed URL (uid, exp, sig in its query) without its query: what is kept opens nothing by itself. */
export function withoutSignatures(value: unknown): unknown {
  if (typeof value === 'string') return /[?&]sig=/.test(value) ? value.slice(0, value.indexOf('?')) : value;
  if (Array.isArray(value)) return value.map(withoutSignatures);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSignatures(v)]));
  return value;
}

function read(): Snapshot | null {
  try {
    const snapshot = JSON.parse(localStorage.getItem(OFFLINE_CACHE_KEY) ?? 'null') as Snapshot | null;
    return snapshot?.version === VERSION && typeof snapshot.userId === 'string' && Array.isArray(snapshot.state?.queries) ? snapshot : null;
  } catch {
    return null;
  }
}

export function forgetSnapshot(): void {
  try {
    localStorage.removeItem(OFFLINE_CACHE_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * Saves what the cache holds of the kept queries for `userId`, over the previous snapshot of the same
 * user: a list dropped from memory after five minutes unseen stays in the snapshot. A query whose
 * last refetch failed keeps its data, saved as the success it was.
 */
export function saveSnapshot(client: QueryClient, userId: string, now = Date.now()): void {
  const fresh = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.data !== undefined && isKept(query.queryKey),
    serializeData: withoutSignatures,
  }).queries.map((query) => ({ ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureReason: null } }));
  const previous = read();
  const queries = new Map((previous?.userId === userId ? previous.state.queries : []).map((query) => [query.queryHash, query]));
  for (const query of fresh) queries.set(query.queryHash, query);
  const snapshot: Snapshot = { version: VERSION, userId, savedAt: now, state: { mutations: [], queries: [...queries.values()] } };
  try {
    localStorage.setItem(OFFLINE_CACHE_KEY, JSON.stringify(snapshot));
  } catch {
    // Full or private storage: offline shows less, nothing breaks.
  }
}

/** Puts the snapshot of `userId` into the cache; a snapshot of someone else, or a stale one, is removed. */
export function restoreSnapshot(client: QueryClient, userId: string, now = Date.now()): boolean {
  const snapshot = read();
  if (!snapshot) return false;
  if (!userId || snapshot.userId !== userId || now - snapshot.savedAt > MAX_AGE_MS) {
    forgetSnapshot();
    return false;
  }
  hydrate(client, snapshot.state);
  return true;
}

/**
 * Saves the snapshot shortly after a kept query gets data, and at once when the page goes away;
 * `signedInUser` says whose it is (null: nobody's, nothing is saved). Returns the stop function.
 */
export function keepSnapshot(client: QueryClient, signedInUser: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const userId = signedInUser();
    if (userId) saveSnapshot(client, userId);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (timer === undefined && event.type === 'updated' && event.action.type === 'success' && isKept(event.query.queryKey)) {
      timer = setTimeout(save, SAVE_DELAY_MS);
    }
  });
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    if (timer !== undefined) clearTimeout(timer);
  };
}
