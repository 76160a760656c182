import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type EntityManager, In, IsNull, LessThan, type Repository } from 'typeorm';
import { DeletedFolderEntity } from './entities/deleted-folder.entity';
import { UploadGrantEntity } from './entities/upload-grant.entity';
import { VideoEntity } from './entities/video.entity';

/** Statuses of a record whose job is still to run or running. */
export const UNSETTLED_VIDEO_STATUSES: VideoEntity['status'][] = ['uploaded', 'processing'];

/** Serialises moves into a folder with its deletion (until the transaction ends). */
const lockFolder = (tx: EntityManager, folderId: string) => tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reelsmith:folder:${folderId}`]);

/** Videos and upload grants; every read is scoped to the owner. */
export abstract class VideosRepository {
  abstract createGrant(objectKey: string, userId: string, expiresAt: Date): Promise<void>;
  abstract findOpenGrant(objectKey: string, userId: string): Promise<UploadGrantEntity | null>;
  /** Marks the grant used; false when it already was (so two completions never both go on). */
  abstract claimGrant(objectKey: string, userId: string): Promise<boolean>;
  /** Opens a claimed grant again, when completing failed for a reason that was not the file's. */
  abstract releaseGrant(objectKey: string): Promise<void>;
  /** Takes a completion back (the video could not be queued): removes the video and opens its grant again. */
  abstract undoCompletion(videoId: string, objectKey: string): Promise<void>;
  /** Up to `limit` grants whose URL expired before `before` (completed or not), oldest first. */
  abstract listExpiredGrants(before: Date, limit: number): Promise<UploadGrantEntity[]>;
  abstract deleteGrants(objectKeys: string[]): Promise<void>;
  /** Which of these keys a video's original is stored under (videos of before originals/ kept uploads/ keys). */
  abstract objectKeysInUse(objectKeys: string[]): Promise<Set<string>>;
  abstract create(video: Partial<VideoEntity>): Promise<VideoEntity>;
  abstract listOwned(userId: string, folderId?: string): Promise<VideoEntity[]>;
  abstract findOwned(id: string, userId: string): Promise<VideoEntity | null>;
  /** The owner's video whose original is stored under one of these keys. */
  abstract findOwnedByObjectKey(userId: string, objectKeys: string[]): Promise<VideoEntity | null>;
  /** For workers, which act on a job's video whoever owns it. */
  abstract findById(id: string): Promise<VideoEntity | null>;
  abstract update(id: string, changes: Partial<VideoEntity>): Promise<void>;
  /** Sets a video that is still waiting or processing to error; null when it had already settled. */
  abstract markFailed(id: string, reason: string): Promise<VideoEntity | null>;
  /** Puts the owner's failed video back in the queue as its next retry; null when it is not in error. */
  abstract requeueFailed(id: string, userId: string): Promise<VideoEntity | null>;
  /** Every video still waiting or processing, oldest first: each should have a job behind it. */
  abstract listUnsettled(): Promise<VideoEntity[]>;
  abstract delete(id: string, userId: string): Promise<boolean>;
  /** The user's uploaded videos (uploads and batch imports, not trimmed clips) created since `since`, for the monthly plan limit. */
  abstract countCreatedSince(userId: string, since: Date): Promise<number>;
  /**
   * Puts the owner's video into a folder (null: the library). 'no-video' when the caller owns no such
   * video, 'no-folder' when the folder was deleted meanwhile (serialised with clearFolder per folder).
   */
  abstract setFolder(id: string, userId: string, folderId: string | null): Promise<'moved' | 'no-video' | 'no-folder'>;
  /** Records the folder as deleted and puts every video in it back in the library; how many moved. */
  abstract clearFolder(userId: string, folderId: string): Promise<number>;
}

@Injectable()
export class TypeOrmVideosRepository extends VideosRepository {
  private readonly videos: Repository<VideoEntity>;
  private readonly grants: Repository<UploadGrantEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.videos = dataSource.getRepository(VideoEntity);
    this.grants = dataSource.getRepository(UploadGrantEntity);
  }

  async createGrant(objectKey: string, userId: string, expiresAt: Date) {
    await this.grants.insert({ objectKey, userId, expiresAt });
  }

  findOpenGrant(objectKey: string, userId: string) {
    return this.grants.findOneBy({ objectKey, userId, completedAt: IsNull() });
  }

  async claimGrant(objectKey: string, userId: string) {
    const claimed = await this.grants.update({ objectKey, userId, completedAt: IsNull() }, { completedAt: new Date() });
    return claimed.affected === 1;
  }

  async releaseGrant(objectKey: string) {
    await this.grants.update({ objectKey }, { completedAt: null });
  }

  async undoCompletion(videoId: string, objectKey: string) {
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(VideoEntity).delete({ id: videoId });
      await tx.getRepository(UploadGrantEntity).update({ objectKey }, { completedAt: null });
    });
  }

  listExpiredGrants(before: Date, limit: number) {
    return this.grants.find({ where: { expiresAt: LessThan(before) }, order: { expiresAt: 'ASC' }, take: limit });
  }

  async deleteGrants(objectKeys: string[]) {
    if (objectKeys.length) await this.grants.delete({ objectKey: In(objectKeys) });
  }

  async objectKeysInUse(objectKeys: string[]) {
    if (objectKeys.length === 0) return new Set<string>();
    const rows = await this.videos.find({ select: { objectKey: true }, where: { objectKey: In(objectKeys) } });
    return new Set(rows.map((r) => r.objectKey));
  }

  create(video: Partial<VideoEntity>) {
    return this.videos.save(this.videos.create(video));
  }

  listOwned(userId: string, folderId?: string) {
    if (folderId !== undefined && !isUuid(folderId)) return Promise.resolve([]);
    return this.videos.find({ where: { userId, ...(folderId ? { folderId } : {}) }, order: { createdAt: 'DESC' } });
  }

  findOwned(id: string, userId: string) {
    return isUuid(id) ? this.videos.findOneBy({ id, userId }) : Promise.resolve(null);
  }

  findOwnedByObjectKey(userId: string, objectKeys: string[]) {
    return isUuid(userId) ? this.videos.findOneBy({ userId, objectKey: In(objectKeys) }) : Promise.resolve(null);
  }

  findById(id: string) {
    return isUuid(id) ? this.videos.findOneBy({ id }) : Promise.resolve(null);
  }

  async update(id: string, changes: Partial<VideoEntity>) {
    await this.videos.update({ id }, changes);
  }

  async markFailed(id: string, reason: string) {
    if (!isUuid(id)) return null;
    const result = await this.videos.update({ id, status: In(UNSETTLED_VIDEO_STATUSES) }, { status: 'error', stage: 'failed', errorReason: reason });
    return result.affected === 1 ? this.findById(id) : null;
  }

  async requeueFailed(id: string, userId: string) {
    if (!isUuid(id)) return null;
    const result = await this.videos.update(
      { id, userId, status: 'error' },
      { status: 'uploaded', stage: 'queued', errorReason: '', retries: () => 'retries + 1' },
    );
    return result.affected === 1 ? this.findById(id) : null;
  }

  listUnsettled() {
    return this.videos.find({ where: { status: In(UNSETTLED_VIDEO_STATUSES) }, order: { createdAt: 'ASC' } });
  }

  async countCreatedSince(userId: string, since: Date) {
    return this.videos.createQueryBuilder('v').where('v.userId = :userId AND v.createdAt >= :since AND v.sourceVideoId IS NULL', { userId, since }).getCount();
  }

  async delete(id: string, userId: string) {
    const result = await this.videos.delete({ id, userId });
    return result.affected === 1;
  }

  async setFolder(id: string, userId: string, folderId: string | null) {
    if (!isUuid(id)) return 'no-video' as const;
    if (folderId === null) {
      return (await this.videos.update({ id, userId }, { folderId: null })).affected === 1 ? ('moved' as const) : ('no-video' as const);
    }
    return this.dataSource.transaction(async (tx) => {
      await lockFolder(tx, folderId);
      if (await tx.getRepository(DeletedFolderEntity).existsBy({ folderId, userId })) return 'no-folder' as const;
      const result = await tx.getRepository(VideoEntity).update({ id, userId }, { folderId });
      return result.affected === 1 ? ('moved' as const) : ('no-video' as const);
    });
  }

  async clearFolder(userId: string, folderId: string) {
    if (!isUuid(folderId) || !isUuid(userId)) return 0;
    return this.dataSource.transaction(async (tx) => {
      await lockFolder(tx, folderId);
      await tx.getRepository(DeletedFolderEntity).createQueryBuilder().insert().values({ folderId, userId }).orIgnore().execute();
      const result = await tx.getRepository(VideoEntity).update({ userId, folderId }, { folderId: null });
      return result.affected ?? 0;
    });
  }
}
