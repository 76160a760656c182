import { useQuery } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY, VIDEO_URL_FRESH_TIME } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { videoQueryKey } from '../../../lib/query-keys';
import { useLiveConnectionState } from '../live/use-live';
import { isInPipeline } from '../lib/video-list';
import type { Video } from '../types';

export { videoQueryKey };

/** While videos are still processing and the live stream is down, the list is polled this often. */
const LIST_FALLBACK_POLL = 5000;

/** GET /api/videos (newest first). */
export function useVideos() {
  const live = useLiveConnectionState();
  return useQuery<Video[]>({
    queryKey: VIDEOS_QUERY_KEY,
    staleTime: VIDEO_URL_FRESH_TIME,
    refetchInterval: (query) => (live !== 'open' && (query.state.data ?? []).some(isInPipeline) ? LIST_FALLBACK_POLL : false),
  });
}

/** GET /api/videos/:id; `pollWhileProcessing` polls every `interval` ms until it is processed or failed. */
export function useVideo(id: string | null | undefined, { pollInterval }: { pollInterval?: number } = {}) {
  return useQuery<Video>({
    queryKey: videoQueryKey(id ?? ''),
    enabled: !!id,
    staleTime: VIDEO_URL_FRESH_TIME,
    refetchInterval: (query) => (pollInterval && query.state.data && isInPipeline(query.state.data) ? pollInterval : false),
  });
}

/** A missing, foreign or malformed id. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
