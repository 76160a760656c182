/** A track of the music catalogue as the renderer needs it. */
export interface MusicBed {
  /** Object key of the audio file. */
  key: string;
  /** Integrated loudness, LUFS. */
  loudness: number;
  /** Beat times in seconds. */
  beats: number[];
}

/** Where the media service finds music for reels (the music service owns the catalogue). */
export abstract class MusicLibrary {
  abstract find(trackId: string): Promise<MusicBed | null>;
}

/** Until the music service answers for its catalogue, no track can be chosen. */
export class NoMusicLibrary extends MusicLibrary {
  async find(): Promise<MusicBed | null> {
    return null;
  }
}
