import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAuthToken } from '../../../lib/auth-token';
import { applyProgressToCache, refreshAllVideos } from './cache';
import { startLiveConnection } from './connection';
import { parseProgressEvent } from './parse-progress';
import { progressStore } from './progress-store';

/**
 * The tab's one live connection (rendered once, inside the auth gate): progress events update the
 * react-query caches and the progress store. Unmounting (sign-out) closes it and forgets progress.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const unknownRequested = new Set<string>();
    const stop = startLiveConnection({
      getToken: getAuthToken,
      onState: (state) => progressStore.setConnection(state),
      onReconnected: () => void refreshAllVideos(queryClient),
      onMessage: ({ event, data }) => {
        if (event !== 'video.progress') return;
        const update = parseProgressEvent(data);
        if (!update) return;
        progressStore.set(update);
        applyProgressToCache(queryClient, update, unknownRequested);
      },
    });
    return () => {
      stop();
      progressStore.setConnection('closed');
      progressStore.clear();
    };
  }, [queryClient]);

  return null;
}
