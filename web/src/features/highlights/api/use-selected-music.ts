/**
 * The one place where highlight generation and editor exports read the music track the creator
 * picked in the music library (web/src/features/music). Its id goes out as `musicTrackId`.
 *
 * TODO(music): the music library does not expose its selection yet; until it does, no track is
 * selected and no musicTrackId is sent.
 */
export type SelectedMusic = { id: string; title: string; artist?: string };

export function useSelectedMusicForRender(): SelectedMusic | null {
  return null;
}
