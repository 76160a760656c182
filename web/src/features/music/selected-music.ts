import { useCallback, useSyncExternalStore } from 'react';
import { SELECTED_MUSIC_KEY } from '../../config/constants';
import type { MusicTrack, SelectedMusicTrack } from './types';

/**
 * The track picked in the music library: app-wide state kept in localStorage, so the editor's
 * exports and highlight reels use it, every component sees the same value and it survives a
 * reload (other tabs follow through the storage event).
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: SelectedMusicTrack | null = null;

function parse(raw: string | null): SelectedMusicTrack | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedMusicTrack>;
    return typeof value?.id === 'string' && typeof value.title === 'string' ? (value as SelectedMusicTrack) : null;
  } catch {
    return null;
  }
}

export function readSelectedMusic(): SelectedMusicTrack | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(SELECTED_MUSIC_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

export function writeSelectedMusic(track: MusicTrack | SelectedMusicTrack | null): void {
  try {
    if (track) {
      const { id, title, artist, genre, mood, duration, bpm, url } = track;
      window.localStorage.setItem(SELECTED_MUSIC_KEY, JSON.stringify({ id, title, artist, genre, mood, duration, bpm, url }));
    } else {
      window.localStorage.removeItem(SELECTED_MUSIC_KEY);
    }
  } catch {
    // Private mode or a full storage: the choice just does not persist.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SELECTED_MUSIC_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The selected track (or null) and a setter; `select(null)` removes the music. */
export function useSelectedMusic(): [SelectedMusicTrack | null, (track: MusicTrack | null) => void] {
  const selected = useSyncExternalStore(subscribe, readSelectedMusic, () => null);
  const select = useCallback((track: MusicTrack | null) => writeSelectedMusic(track), []);
  return [selected, select];
}
