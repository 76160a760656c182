import { Injectable } from '@nestjs/common';
import { ErrorCode, RpcClient, RpcFailure } from '@reelsmith/kit';
import { musicV1 } from '@reelsmith/proto';

/** A track of the music catalogue as the renderer needs it. */
export interface MusicBed {
  /** Object key of the audio file. */
  key: string;
  /** Integrated loudness, LUFS. */
  loudness: number;
  /** Beat times in seconds. */
  beats: number[];
  title: string;
  /** The plans whose library has the track (rookie, pro). */
  plans: string[];
  /** The catalogue's file name (served at /music/<filename>) and seconds of audio, when the catalogue says. */
  filename?: string;
  duration?: number;
}

/** Where the media service finds music for reels (the music service owns the catalogue). */
export abstract class MusicLibrary {
  /** The track, or null when the catalogue has no such track. */
  abstract find(trackId: string): Promise<MusicBed | null>;
}

/** Asks the music service (music.tracks.get); it being down is UNAVAILABLE, not "no such track". */
@Injectable()
export class RpcMusicLibrary extends MusicLibrary {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async find(trackId: string): Promise<MusicBed | null> {
    try {
      const track = await this.rpc.call(musicV1.MusicService.method.tracksGet, { id: trackId });
      return {
        key: track.objectKey,
        loudness: track.loudnessLufs,
        beats: track.beats,
        title: track.title,
        plans: track.plans,
        filename: track.filename,
        duration: track.duration,
      };
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) return null;
      throw err;
    }
  }
}
