import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ObjectStorage, Public, RpcClient, RpcFailure } from '@reelsmith/kit';
import { musicV1 } from '@reelsmith/proto';
import type { MusicTrackJson } from '@reelsmith/proto/http';
import type { Request, Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { sendObject } from '../http/object-response';

const Rpc = musicV1.MusicService.method;
/** What catalogue file names look like; anything else (paths, dots, encodings) never reaches a lookup. */
const TRACK_FILE = /^[a-z0-9][a-z0-9-]{0,150}\.mp3$/;

/** A track as the web app reads it , plus where to play it and which plans include it. */
export function trackJson(track: musicV1.Track): MusicTrackJson {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist,
    filename: track.filename,
    genre: track.genre,
    mood: track.mood,
    duration: Math.round(track.duration),
    bpm: track.bpm,
    url: `/music/${encodeURIComponent(track.filename)}`,
    plans: track.plans,
    key: track.key,
  };
}

@ApiTags('music')
@Controller()
export class MusicController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @ApiBearerAuth()
  @Get('api/music-tracks')
  async list(@CurrentCaller() caller: Caller) {
    const { tracks } = await this.rpc.call(Rpc.tracksList, { userId: caller.userId });
    return tracks.map(trackJson);
  }

  /**
   * The audio of a catalogue track, with Range. Public: the catalogue holds no user data and an
   * <audio> tag cannot send a JWT; only file names of the catalogue are served.
   */
  @Public()
  @Get('music/:filename')
  async audio(@Param('filename') filename: string, @Req() req: Request, @Res() res: Response) {
    if (!TRACK_FILE.test(filename)) throw RpcFailure.notFound('Music track not found');
    const track = await this.rpc.call(Rpc.tracksGet, { filename });
    await sendObject(
      this.storage,
      {
        key: track.objectKey,
        size: Number(track.size),
        contentType: track.contentType,
        cacheControl: 'public, max-age=3600',
        disposition: { type: 'inline', filename },
      },
      req,
      res,
    );
  }
}
