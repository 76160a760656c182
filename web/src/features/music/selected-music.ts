import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsJson } from '@reelsmith/proto/http';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../lib/api-client';
import { SETTINGS_QUERY_KEY } from '../../lib/query-keys';
import { useMusicTracks } from './api/music-tracks';
import type { MusicTrack, SelectedMusicTrack } from './types';

/** PATCH /api/user/settings {musicTrackId}: the pick shows at once and is saved; a refused save puts the old one back. */
function useSaveMusicChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (musicTrackId: string | null) => (await (await apiRequest('PATCH', '/api/user/settings', { musicTrackId })).json()) as SettingsJson,
    onMutate: async (musicTrackId) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      const before = queryClient.getQueryData<SettingsJson>(SETTINGS_QUERY_KEY);
      if (before) queryClient.setQueryData<SettingsJson>(SETTINGS_QUERY_KEY, { ...before, musicTrackId });
      return { before };
    },
    onError: (error, _id, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS_QUERY_KEY, context.before);
      toast({ variant: 'destructive', title: 'Music choice not saved', description: getServerErrorMessage(error) ?? 'Please try again.' });
    },
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}

/**
 * The track picked in the music library and a setter (`select(null)` removes the music). The
 * choice is saved with the user's settings on the server, so the editor's exports and the
 * highlight reels use it on every device; the settings query is its one source in the app.
 */
export function useSelectedMusic(): [SelectedMusicTrack | null, (track: MusicTrack | null) => void] {
  const settings = useQuery<SettingsJson>({ queryKey: SETTINGS_QUERY_KEY });
  const tracks = useMusicTracks();
  const id = settings.data?.musicTrackId ?? null;
  const selected = (id && tracks.data?.find((track) => track.id === id)) || null;
  const { mutate } = useSaveMusicChoice();
  const select = useCallback((track: MusicTrack | null) => mutate(track?.id ?? null), [mutate]);
  return [selected, select];
}
