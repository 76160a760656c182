import { useCallback, useSyncExternalStore } from 'react';
import { progressStore, type LiveConnectionState, type LiveProgress } from './progress-store';
import { highlightProgressStore, type LiveHighlightProgress } from './highlight-progress-store';

/** The latest live progress of one video (undefined until the stream mentions it). */
export function useVideoProgress(videoId: string | null | undefined): LiveProgress | undefined {
  const get = useCallback(() => progressStore.get(videoId), [videoId]);
  return useSyncExternalStore(progressStore.subscribe, get, get);
}

/** Whether the live stream is up (polling fallbacks use it). */
export function useLiveConnectionState(): LiveConnectionState {
  return useSyncExternalStore(progressStore.subscribe, progressStore.connection, progressStore.connection);
}

/** The latest live progress of one highlight reel or export (undefined until the stream mentions it). */
export function useHighlightLiveProgress(highlightId: string | null | undefined): LiveHighlightProgress | undefined {
  const get = useCallback(() => highlightProgressStore.get(highlightId), [highlightId]);
  return useSyncExternalStore(highlightProgressStore.subscribe, get, get);
}
