import { useMemo } from 'react';
import { useMusicTracks, useSelectedMusic } from '../../music';

/**
 * The one place where highlight generation and editor exports read the music track the creator
 * picked in the music library (web/src/features/music). Its id goes out as `musicTrackId`.
 */
export type SelectedMusic = { id: string; title: string; artist?: string; url?: string };

export function useSelectedMusicForRender(): SelectedMusic | null {
  const [selected] = useSelectedMusic();
  return useMemo(() => (selected ? { id: selected.id, title: selected.title, artist: selected.artist, url: selected.url } : null), [selected]);
}

/** A reel version's own track, as the moments preview plays it from `url` (null: no music, or not in the catalogue). */
export function useReelMusic(musicTrackId: string | null): SelectedMusic | null {
  const tracks = useMusicTracks();
  const track = (musicTrackId && tracks.data?.find((t) => t.id === musicTrackId)) || null;
  return useMemo(() => (track ? { id: track.id, title: track.title, artist: track.artist, url: track.url } : null), [track]);
}
