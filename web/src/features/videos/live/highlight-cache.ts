import type { QueryClient } from '@tanstack/react-query';
import type { Highlight, HighlightProgress } from '../../highlights';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { EXPORTS_QUERY_KEY, highlightKey, videoHighlightsKey, videoQueryKey } from '../../../lib/query-keys';

/** After these the reel's URLs, moments, timeline and timings change: the caches are fetched again. */
const FINAL = new Set(['ready', 'error']);

function patch(highlight: Highlight, update: HighlightProgress): Highlight {
  return {
    ...highlight,
    status: update.status || highlight.status,
    stage: update.stage || highlight.stage,
    percent: update.percent,
    errorReason: update.errorReason ?? (update.status === 'error' ? highlight.errorReason : null),
  };
}

function patchList(queryClient: QueryClient, key: readonly unknown[], update: HighlightProgress): { cached: boolean; known: boolean } {
  let known = false;
  queryClient.setQueryData<Highlight[]>(key, (list) => {
    if (!Array.isArray(list) || !list.some((h) => h.id === update.highlightId)) return list;
    known = true;
    return list.map((h) => (h.id === update.highlightId ? patch(h, update) : h));
  });
  return { cached: Array.isArray(queryClient.getQueryData(key)), known };
}

/**
 * Applies one `highlight.progress` event to the react-query caches: status, stage and percent of
 * the reel in its video's versions (['/api/videos', videoId, 'highlights']), in
 * ['/api/highlights', id] and in the recent exports (['/api/exports']). At 'ready' or 'error' those
 * are fetched again (the reel's URLs, moments and timings arrive then), and a ready reel has the videos
 * list and its video fetched again too (they say how many reels are ready). A reel a cached list does not
 * have yet (made in another tab) has that list fetched once; the event's kind says which list.
 */
export function applyHighlightProgressToCache(queryClient: QueryClient, update: HighlightProgress, unknownRequested: Set<string>): void {
  const { highlightId, videoId, kind } = update;
  const listKey = videoHighlightsKey(videoId);
  const versions = videoId ? patchList(queryClient, listKey, update) : { cached: false, known: false };
  const exports = patchList(queryClient, EXPORTS_QUERY_KEY, update);
  queryClient.setQueryData<Highlight>(highlightKey(highlightId), (h) => (h && typeof h === 'object' ? patch(h, update) : h));
  // Which lists can hold this reel: the kind says; without it, either.
  const inVersions = kind !== 'export';
  const inExports = kind !== 'highlights';

  const refetch = (key: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
  if (FINAL.has(update.status)) {
    unknownRequested.delete(highlightId);
    if (videoId && inVersions) refetch(listKey);
    refetch(highlightKey(highlightId));
    if (exports.known || (inExports && exports.cached && !versions.known)) refetch(EXPORTS_QUERY_KEY);
    if (update.status === 'ready' && videoId && inVersions) {
      refetch(VIDEOS_QUERY_KEY);
      refetch(videoQueryKey(videoId));
    }
    return;
  }
  if (versions.known || exports.known || unknownRequested.has(highlightId)) return;
  unknownRequested.add(highlightId);
  if (versions.cached && inVersions) refetch(listKey);
  if (exports.cached && inExports) refetch(EXPORTS_QUERY_KEY);
}

/** After a reconnect, events may have been missed: every reel and export is fetched again. */
export async function refreshAllHighlights(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/highlights'] }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY }, { cancelRefetch: false }),
    // ['/api/videos', id, 'highlights'] is refreshed with everything under ['/api/videos'].
  ]);
}
