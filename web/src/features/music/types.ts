import type { MusicTrackJson } from '@reelsmith/proto/http';

/** A track of the music library as GET /api/music-tracks returns it, with its audio URL and plans. */
export type MusicTrack = MusicTrackJson;

/** What is remembered of the selected track. */
export type SelectedMusicTrack = Pick<MusicTrack, 'id' | 'title' | 'artist' | 'genre' | 'mood' | 'duration' | 'bpm' | 'url'>;
