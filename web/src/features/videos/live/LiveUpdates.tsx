import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAuthToken } from '../../../lib/auth-token';
import { applyBatchProgressToCache, parseBatchProgress, BATCHES_QUERY_KEY } from '../../bulk-upload';
import { applyProgressToCache, refreshAllVideos } from './cache';
import { startLiveConnection } from './connection';
import { applyHighlightProgressToCache, refreshAllHighlights } from './highlight-cache';
import { highlightProgressStore } from './highlight-progress-store';
import { parseHighlightProgressEvent, parseProgressEvent } from './parse-progress';
import { progressStore } from './progress-store';

/**
 * The tab's one live connection (rendered once, inside the auth gate): `video.progress` and
 * `highlight.progress` (and `batch.progress`) events update the react-query caches and the progress stores. Unmounting
 * (sign-out) closes it and forgets progress.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const unknownVideos = new Set<string>();
    const unknownHighlights = new Set<string>();
    const stop = startLiveConnection({
      getToken: getAuthToken,
      onState: (state) => progressStore.setConnection(state),
      onReconnected: () => {
        void refreshAllVideos(queryClient);
        void refreshAllHighlights(queryClient);
        void queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY, exact: true });
      },
      onMessage: ({ event, data }) => {
        if (event === 'video.progress') {
          const update = parseProgressEvent(data);
          if (!update) return;
          progressStore.set(update);
          applyProgressToCache(queryClient, update, unknownVideos);
        } else if (event === 'highlight.progress') {
          const update = parseHighlightProgressEvent(data);
          if (!update) return;
          highlightProgressStore.set(update);
          applyHighlightProgressToCache(queryClient, update, unknownHighlights);
        } else if (event === 'batch.progress') {
          const batch = parseBatchProgress(data);
          if (batch) applyBatchProgressToCache(queryClient, batch);
        }
      },
    });
    return () => {
      stop();
      progressStore.setConnection('closed');
      progressStore.clear();
      highlightProgressStore.clear();
    };
  }, [queryClient]);

  return null;
}
