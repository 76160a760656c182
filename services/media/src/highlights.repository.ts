import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, In, type Repository } from 'typeorm';
import { type HighlightEntity as Highlight, HighlightEntity } from './entities/highlight.entity';
import { VideoEntity } from './entities/video.entity';

/** Statuses of a record whose job is still to run or running. */
export const UNSETTLED_HIGHLIGHT_STATUSES: Highlight['status'][] = ['queued', 'processing'];

/** Highlight reels and exports; reads are scoped to their maker, or to a video the caller was checked to see. */
export abstract class HighlightsRepository {
  /** Creates the next version for the video (1, 2, ...). */
  abstract createVersion(highlight: Partial<Highlight> & { videoId: string; userId: string }): Promise<Highlight>;
  /** Every reel of the video, whoever made it (its owner or a teammate), newest first. */
  abstract listForVideo(videoId: string): Promise<Highlight[]>;
  abstract listExports(userId: string, limit: number): Promise<Highlight[]>;
  abstract findOwned(id: string, userId: string): Promise<Highlight | null>;
  abstract findById(id: string): Promise<Highlight | null>;
  abstract update(id: string, changes: Partial<Highlight>): Promise<void>;
  /** Sets a reel that is still queued or processing to error; null when it had already settled. */
  abstract markFailed(id: string, reason: string): Promise<Highlight | null>;
  /** Puts the owner's failed reel back in the queue as its next retry; null when it is not in error. */
  abstract requeueFailed(id: string, userId: string): Promise<Highlight | null>;
  /** Every reel still queued or processing, oldest first: each should have a job behind it. */
  abstract listUnsettled(): Promise<Highlight[]>;
  abstract deleteForVideo(videoId: string): Promise<Highlight[]>;
  /**
   * How many reels (kind highlights, not exports) of each of the owner's videos are ready, whoever
   * made them, in one grouped query; only that video's when one is given. Videos without any are absent.
   */
  abstract countReady(ownerUserId: string, videoId?: string): Promise<Map<string, number>>;
}

@Injectable()
export class TypeOrmHighlightsRepository extends HighlightsRepository {
  private readonly highlights: Repository<HighlightEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.highlights = dataSource.getRepository(HighlightEntity);
  }

  createVersion(highlight: Partial<Highlight> & { videoId: string; userId: string }) {
    return this.dataSource.transaction(async (tx) => {
      const repo = tx.getRepository(HighlightEntity);
      // One version counter per video and kind; the advisory lock keeps two clicks from sharing a number.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`highlights:${highlight.videoId}`]);
      const row = await repo
        .createQueryBuilder('h')
        .select('COALESCE(MAX(h.version), 0)', 'max')
        .where('h.video_id = :videoId AND h.kind = :kind', { videoId: highlight.videoId, kind: highlight.kind ?? 'highlights' })
        .getRawOne<{ max: number }>();
      return repo.save(repo.create({ ...highlight, version: Number(row?.max ?? 0) + 1 }));
    });
  }

  listForVideo(videoId: string) {
    if (!isUuid(videoId)) return Promise.resolve([]);
    return this.highlights.find({ where: { videoId, kind: 'highlights' }, order: { createdAt: 'DESC' } });
  }

  listExports(userId: string, limit: number) {
    return this.highlights.find({ where: { userId, kind: 'export' }, order: { createdAt: 'DESC' }, take: limit });
  }

  findOwned(id: string, userId: string) {
    return isUuid(id) ? this.highlights.findOneBy({ id, userId }) : Promise.resolve(null);
  }

  findById(id: string) {
    return isUuid(id) ? this.highlights.findOneBy({ id }) : Promise.resolve(null);
  }

  async update(id: string, changes: Partial<Highlight>) {
    await this.highlights.update({ id }, changes);
  }

  async markFailed(id: string, reason: string) {
    if (!isUuid(id)) return null;
    const result = await this.highlights.update({ id, status: In(UNSETTLED_HIGHLIGHT_STATUSES) }, { status: 'error', stage: 'failed', errorReason: reason });
    return result.affected === 1 ? this.findById(id) : null;
  }

  async requeueFailed(id: string, userId: string) {
    if (!isUuid(id)) return null;
    const result = await this.highlights.update(
      { id, userId, status: 'error' },
      { status: 'queued', stage: 'queued', errorReason: '', retries: () => 'retries + 1' },
    );
    return result.affected === 1 ? this.findById(id) : null;
  }

  listUnsettled() {
    return this.highlights.find({ where: { status: In(UNSETTLED_HIGHLIGHT_STATUSES) }, order: { createdAt: 'ASC' } });
  }

  async deleteForVideo(videoId: string) {
    const rows = await this.highlights.findBy({ videoId });
    await this.highlights.delete({ videoId });
    return rows;
  }

  async countReady(ownerUserId: string, videoId?: string) {
    if (!isUuid(ownerUserId) || (videoId !== undefined && !isUuid(videoId))) return new Map<string, number>();
    // The reels of the owner's videos, whoever made them (teammates too); one row per video that has ready ones.
    const query = this.highlights
      .createQueryBuilder('h')
      .innerJoin(VideoEntity, 'v', 'v.id = h.videoId')
      .select('h.videoId', 'videoId')
      .addSelect('COUNT(*)', 'count')
      .where('v.userId = :ownerUserId AND h.kind = :kind AND h.status = :status', { ownerUserId, kind: 'highlights', status: 'ready' });
    if (videoId !== undefined) query.andWhere('h.videoId = :videoId', { videoId });
    const rows = await query.groupBy('h.videoId').getRawMany<{ videoId: string; count: string | number }>();
    return new Map(rows.map((r) => [r.videoId, Number(r.count)]));
  }
}
