import { useSyncExternalStore } from 'react';

/**
 * A value per video shared by components that are far apart on the page (the transcript panel and
 * the generate form), kept for the session; `persist` keeps it in localStorage too.
 */
export function perVideoStore<T>(initial: T, persist?: { key: (videoId: string) => string }) {
  const values = new Map<string, T>();
  const listeners = new Set<() => void>();

  const read = (videoId: string): T => {
    if (values.has(videoId)) return values.get(videoId)!;
    if (!persist) return initial;
    try {
      const saved = globalThis.localStorage?.getItem(persist.key(videoId));
      return saved === null || saved === undefined ? initial : (JSON.parse(saved) as T);
    } catch {
      return initial;
    }
  };

  const write = (videoId: string, value: T) => {
    values.set(videoId, value);
    if (persist) {
      try {
        globalThis.localStorage?.setItem(persist.key(videoId), JSON.stringify(value));
      } catch {
        // A full or blocked storage keeps the value for this session only.
      }
    }
    listeners.forEach((listener) => listener());
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const use = (videoId: string): [T, (value: T) => void] => {
    const value = useSyncExternalStore(subscribe, () => read(videoId));
    return [value, (next: T) => write(videoId, next)];
  };

  return { read, write, use };
}

const NO_WORDS: string[] = [];

/** The words typed for the next reel of a video ("Make a reel of these"), sent as includeWords. */
export const includeWordsStore = perVideoStore<string[]>(NO_WORDS);

/** The user checked a draft transcript's caption words for this video (asked once, then remembered). */
export const captionsCheckedStore = perVideoStore<boolean>(false, { key: (videoId) => `reelsmith.captionsChecked.${videoId}` });
