import { create } from '@bufbuild/protobuf';
import { Injectable } from '@nestjs/common';
import { RpcFailure } from '@reelsmith/kit';
import { musicV1 } from '@reelsmith/proto';
import { CatalogueSync, objectKey } from './catalogue/catalogue-sync.service';
import type { TrackEntity } from './entities/track.entity';
import { TracksRepository } from './tracks.repository';

const FILENAME = /^[a-z0-9][a-z0-9-]{0,150}\.mp3$/;

@Injectable()
export class MusicService {
  constructor(
    private readonly tracks: TracksRepository,
    private readonly sync: CatalogueSync,
  ) {}

  async list(): Promise<musicV1.TrackList> {
    if (!this.sync.isReady()) throw RpcFailure.unavailable('The music library is still being prepared. Please try again in a moment.');
    const rows = await this.tracks.list();
    return create(musicV1.TrackListSchema, { tracks: rows.map((row) => toTrack(row, false)) });
  }

  /** One track with its beat grid; only names of the catalogue are looked up (anything else is NOT_FOUND). */
  async get(request: { id: string; filename: string }): Promise<musicV1.Track> {
    if (!request.id && !request.filename) throw RpcFailure.invalid('Give the id or the file name of a track');
    let row: TrackEntity | null = null;
    if (request.id) row = await this.tracks.findById(request.id);
    else if (FILENAME.test(request.filename)) row = await this.tracks.findByFilename(request.filename);
    if (!row || (request.filename && row.filename !== request.filename)) throw RpcFailure.notFound('Music track not found');
    return toTrack(row, true);
  }
}

function toTrack(row: TrackEntity, withBeats: boolean): musicV1.Track {
  return create(musicV1.TrackSchema, {
    id: row.id,
    title: row.title,
    artist: row.artist,
    filename: row.filename,
    genre: row.genre,
    mood: row.mood,
    duration: row.duration,
    bpm: row.bpm,
    plans: row.plans,
    loudnessLufs: row.loudnessLufs,
    beats: withBeats ? row.beats : [],
    key: row.musicKey,
    objectKey: objectKey(row.filename),
    contentType: row.contentType,
    size: BigInt(row.size),
  });
}
