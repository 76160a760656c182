import { useQuery } from '@tanstack/react-query';
import { MUSIC_TRACKS_QUERY_KEY } from '../../../config/constants';
import type { MusicTrack } from '../types';

/** GET /api/music-tracks: the catalogue changes only with a deploy, so it is fetched once. */
export function useMusicTracks() {
  return useQuery<MusicTrack[]>({ queryKey: MUSIC_TRACKS_QUERY_KEY, staleTime: Infinity });
}
