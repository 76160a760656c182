import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, In, Not, type Repository } from 'typeorm';
import { TrackEntity } from './entities/track.entity';

export type TrackRecord = Omit<TrackEntity, 'createdAt' | 'updatedAt'>;

/** Where the catalogue's tracks are stored; the services see only this. */
export abstract class TracksRepository {
  /** In catalogue order. */
  abstract list(): Promise<TrackEntity[]>;
  abstract findById(id: string): Promise<TrackEntity | null>;
  abstract findByFilename(filename: string): Promise<TrackEntity | null>;
  /** Inserts or replaces the row of one track. */
  abstract save(track: TrackRecord): Promise<void>;
  /** Drops rows of tracks no longer in the catalogue. */
  abstract removeAllExcept(ids: string[]): Promise<number>;
}

@Injectable()
export class TypeOrmTracksRepository extends TracksRepository {
  private readonly tracks: Repository<TrackEntity>;

  constructor(dataSource: DataSource) {
    super();
    this.tracks = dataSource.getRepository(TrackEntity);
  }

  list() {
    return this.tracks.find({ order: { position: 'ASC' } });
  }

  findById(id: string) {
    return isUuid(id) ? this.tracks.findOneBy({ id }) : Promise.resolve(null);
  }

  findByFilename(filename: string) {
    return this.tracks.findOneBy({ filename });
  }

  async save(track: TrackRecord) {
    await this.tracks.upsert(track, { conflictPaths: ['id'] });
  }

  async removeAllExcept(ids: string[]) {
    const result = await this.tracks.delete(ids.length ? { id: Not(In(ids)) } : {});
    return result.affected ?? 0;
  }
}
