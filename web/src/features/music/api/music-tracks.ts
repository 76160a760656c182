import { useQuery } from '@tanstack/react-query';
import { MUSIC_TRACKS_QUERY_KEY } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import type { MusicTrack } from '../types';

/** How often the list asks again while the music service is still preparing its catalogue. */
const PREPARING_POLL_MS = 5000;

/** The music service answers 503 while it makes the catalogue (a minute or two after a fresh start). */
export const isPreparing = (error: unknown) => error instanceof ApiError && error.status === 503;

/**
 * GET /api/music-tracks: the catalogue changes only with a deploy, so it is fetched once, and asked
 * for again every few seconds while it is still being prepared, so it appears by itself.
 */
export function useMusicTracks() {
  return useQuery<MusicTrack[]>({
    queryKey: MUSIC_TRACKS_QUERY_KEY,
    staleTime: Infinity,
    refetchInterval: (query) => (isPreparing(query.state.error) ? PREPARING_POLL_MS : false),
  });
}
