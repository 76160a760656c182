import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { BatchEntity } from './entities/batch.entity';
import { BatchVideoEntity } from './entities/batch-video.entity';
import { batchStatus, countItems, type ItemStatus, type Transition, TRANSITIONS } from './rules';

export interface NewItem {
  videoId: string;
  objectKey: string;
  originalFilename: string;
  size: number;
}
export interface TransitionChanges {
  errorReason?: string;
  highlightId?: string | null;
  processedAt?: Date;
  clearVideo?: boolean;
}
/** The item an event moved, and its batch after the recount. */
export interface Moved {
  item: BatchVideoEntity;
  batch: BatchEntity;
}

/** Batches and their items; every read by a user is scoped to the owner. */
export abstract class BatchesRepository {
  abstract create(userId: string, name: string, description: string): Promise<BatchEntity>;
  abstract listOwned(userId: string): Promise<BatchEntity[]>;
  abstract findOwned(id: string, userId: string): Promise<BatchEntity | null>;
  abstract items(batchId: string): Promise<BatchVideoEntity[]>;
  /** Adds items under the batch's row lock, refusing when the batch would hold more than `max`; null when refused. */
  abstract addItems(batchId: string, items: NewItem[], max: number): Promise<{ batch: BatchEntity; items: BatchVideoEntity[] } | null>;
  /**
   * Applies one transition to the item of a video (or an item id) if its status allows it, then
   * recounts the batch, in one transaction; null when it did not apply (unknown video, redelivery).
   */
  abstract transition(
    where: { videoId: string } | { itemId: string },
    transition: Transition,
    changes?: TransitionChanges,
    onlyHighlight?: string,
  ): Promise<Moved | null>;
  abstract setHighlight(itemId: string, highlightId: string): Promise<void>;
}

@Injectable()
export class TypeOrmBatchesRepository extends BatchesRepository {
  private readonly batches: Repository<BatchEntity>;
  private readonly videos: Repository<BatchVideoEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.batches = dataSource.getRepository(BatchEntity);
    this.videos = dataSource.getRepository(BatchVideoEntity);
  }

  create(userId: string, name: string, description: string) {
    return this.batches.save(this.batches.create({ userId, name, description, status: 'pending' }));
  }

  listOwned(userId: string) {
    return this.batches.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findOwned(id: string, userId: string) {
    return isUuid(id) && isUuid(userId) ? this.batches.findOneBy({ id, userId }) : Promise.resolve(null);
  }

  items(batchId: string) {
    return this.videos.find({ where: { batchId }, order: { position: 'ASC' } });
  }

  addItems(batchId: string, items: NewItem[], max: number) {
    return this.dataSource.transaction(async (tx) => {
      const batch = await tx.getRepository(BatchEntity).findOne({ where: { id: batchId }, lock: { mode: 'pessimistic_write' } });
      if (!batch) return null;
      const existing = await tx.getRepository(BatchVideoEntity).countBy({ batchId });
      if (existing + items.length > max) return null;
      const rows = items.map((item, i) =>
        tx.getRepository(BatchVideoEntity).create({ ...item, batchId, userId: batch.userId, position: existing + i, status: 'importing' satisfies ItemStatus }),
      );
      const saved = await tx.getRepository(BatchVideoEntity).save(rows);
      return { batch: await recount(tx, batchId), items: saved };
    });
  }

  transition(where: { videoId: string } | { itemId: string }, transition: Transition, changes: TransitionChanges = {}, onlyHighlight?: string) {
    const rule = TRANSITIONS[transition];
    return this.dataSource.transaction(async (tx) => {
      const params: unknown[] = [rule.to, [...rule.from], 'videoId' in where ? where.videoId : where.itemId];
      const set = ['"status" = $1', '"updated_at" = now()'];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        set.push(sql.replace('?', `$${params.length}`));
      };
      if (changes.errorReason !== undefined) add('"error_reason" = ?', changes.errorReason);
      if (changes.highlightId !== undefined) add('"highlight_id" = ?', changes.highlightId);
      if (changes.processedAt) add('"processed_at" = ?', changes.processedAt);
      if (changes.clearVideo) set.push('"video_id" = NULL');
      set.push(rule.to === 'processed' || rule.to === 'failed' ? '"settled_at" = now()' : '"settled_at" = NULL');
      let condition = `"status" = ANY($2) AND ${'videoId' in where ? '"video_id"' : '"id"'} = $3`;
      if (onlyHighlight) {
        params.push(onlyHighlight);
        condition += ` AND ("highlight_id" IS NULL OR "highlight_id" = $${params.length})`;
      }
      // A retry revives only the step that failed: processing (never processed), or this item's own reel.
      if (transition === 'videoProcessedAfterRetry') condition += ' AND "processed_at" IS NULL AND "video_id" IS NOT NULL';
      if (transition === 'highlightsReadyAfterRetry') condition += ' AND "highlight_id" IS NOT NULL';
      const key = 'videoId' in where ? where.videoId : where.itemId;
      if (!isUuid(key)) return null;
      const rows: Array<{ id: string }> = (
        await tx.query(`UPDATE "batches"."batch_videos" SET ${set.join(', ')} WHERE ${condition} RETURNING "id"`, params)
      )[0];
      if (!rows?.length) return null;
      const item = await tx.getRepository(BatchVideoEntity).findOneByOrFail({ id: rows[0].id });
      return { item, batch: await recount(tx, item.batchId) };
    });
  }

  async setHighlight(itemId: string, highlightId: string) {
    await this.videos.update({ id: itemId }, { highlightId });
  }
}

/** Counts the items (never increments) and stores counters and status on the batch. */
async function recount(tx: EntityManager, batchId: string): Promise<BatchEntity> {
  const repo = tx.getRepository(BatchEntity);
  await repo.findOne({ where: { id: batchId }, lock: { mode: 'pessimistic_write' } });
  const statuses = (await tx.getRepository(BatchVideoEntity).find({ select: { status: true }, where: { batchId } })).map((r) => r.status as ItemStatus);
  const counters = countItems(statuses);
  await repo.update({ id: batchId }, { ...counters, status: batchStatus(counters) });
  return repo.findOneByOrFail({ id: batchId });
}
