/** A track of the music library as GET /api/music-tracks returns it (spec §3, plus its audio URL and plans). */
export interface MusicTrack {
  id: string;
  title: string;
  artist: string;
  filename: string;
  genre: string;
  mood: string;
  /** Seconds. */
  duration: number;
  bpm: number;
  /** /music/<filename>: public, with Range. */
  url: string;
  /** Plans that include the track (rookie, pro). */
  plans: string[];
  /** e.g. "A minor". */
  key?: string;
}

/** What is remembered of the selected track. */
export type SelectedMusicTrack = Pick<MusicTrack, 'id' | 'title' | 'artist' | 'genre' | 'mood' | 'duration' | 'bpm' | 'url'>;
