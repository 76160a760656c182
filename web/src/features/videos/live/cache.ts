import type { QueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { videoQueryKey } from '../../../lib/query-keys';
import type { Video, VideoProgress } from '../types';

/** Statuses after which thumbnail, duration and URLs change: the cached video is fetched again. */
const FINAL = new Set(['processed', 'error']);

function patch(video: Video, update: VideoProgress): Video {
  return {
    ...video,
    status: update.status || video.status,
    stage: update.stage || video.stage,
    percent: update.percent,
    errorReason: update.errorReason ?? (update.status === 'error' ? video.errorReason : null),
  };
}

/**
 * Applies one `video.progress` event to the react-query caches: the video's status, stage and
 * percent in ['/api/videos'] and ['/api/videos', id]; at 'processed' or 'error' both are fetched
 * again. A video the cached list does not have yet (an upload or clip made elsewhere) has the list
 * fetched once.
 */
export function applyProgressToCache(queryClient: QueryClient, update: VideoProgress, unknownRequested: Set<string>): void {
  const { videoId } = update;
  let knownInList = false;
  queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => {
    if (!Array.isArray(list)) return list;
    if (!list.some((v) => v.id === videoId)) return list;
    knownInList = true;
    return list.map((v) => (v.id === videoId ? patch(v, update) : v));
  });
  queryClient.setQueryData<Video>(videoQueryKey(videoId), (video) => (video && typeof video === 'object' ? patch(video, update) : video));

  const listCached = queryClient.getQueryData(VIDEOS_QUERY_KEY) !== undefined;
  if (FINAL.has(update.status)) {
    unknownRequested.delete(videoId);
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: videoQueryKey(videoId), exact: true }, { cancelRefetch: false });
  } else if (listCached && !knownInList && !unknownRequested.has(videoId)) {
    unknownRequested.add(videoId);
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true }, { cancelRefetch: false });
  }
}

/** After a reconnect, events may have been missed: everything about videos is fetched again. */
export function refreshAllVideos(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }, { cancelRefetch: false });
}
