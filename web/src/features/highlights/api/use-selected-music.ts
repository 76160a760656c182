import { useMemo } from 'react';
import { useSelectedMusic } from '../../music';

/**
 * The one place where highlight generation and editor exports read the music track the creator
 * picked in the music library (web/src/features/music). Its id goes out as `musicTrackId`; the
 * editor's preview plays it from `url`.
 */
export type SelectedMusic = { id: string; title: string; artist?: string; url?: string };

export function useSelectedMusicForRender(): SelectedMusic | null {
  const [selected] = useSelectedMusic();
  return useMemo(() => (selected ? { id: selected.id, title: selected.title, artist: selected.artist, url: selected.url } : null), [selected]);
}
