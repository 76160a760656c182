import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, In, IsNull, type Repository } from 'typeorm';
import { ShareLinkEntity } from '../entities/share-link.entity';

/** "Not revoked and not expired", in SQL over the alias `l`. */
const ACTIVE = 'l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > now())';

/** Share links; the owner's reads are scoped to them, the public ones only ever see active links. */
export abstract class ShareLinksRepository {
  abstract create(link: Pick<ShareLinkEntity, 'id' | 'highlightId' | 'userId' | 'allowDownload' | 'expiresAt'>): Promise<ShareLinkEntity>;
  /** The owner's links that are not revoked, newest first; of one reel when given. */
  abstract listOwned(userId: string, highlightId?: string): Promise<ShareLinkEntity[]>;
  /** Revokes the owner's link; null when there is none (another user's, or already revoked). */
  abstract revoke(id: string, userId: string): Promise<ShareLinkEntity | null>;
  /** The link when active; with `countView`, one more view counted (in its total and its day's) in the same statement. */
  abstract findActive(id: string, countView: boolean): Promise<ShareLinkEntity | null>;
  /** Active links per reel, in one grouped query; reels without any are absent. */
  abstract countActive(highlightIds: string[]): Promise<Map<string, number>>;
}

@Injectable()
export class TypeOrmShareLinksRepository extends ShareLinksRepository {
  private readonly links: Repository<ShareLinkEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.links = dataSource.getRepository(ShareLinkEntity);
  }

  create(link: Pick<ShareLinkEntity, 'id' | 'highlightId' | 'userId' | 'allowDownload' | 'expiresAt'>) {
    return this.links.save(this.links.create(link));
  }

  listOwned(userId: string, highlightId?: string) {
    if (highlightId !== undefined && !isUuid(highlightId)) return Promise.resolve([]);
    return this.links.find({ where: { userId, revokedAt: IsNull(), ...(highlightId ? { highlightId } : {}) }, order: { createdAt: 'DESC' } });
  }

  async revoke(id: string, userId: string) {
    if (!isUuid(id)) return null;
    const result = await this.links
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id, userId })
      .returning('*')
      .execute();
    return result.affected === 1 ? this.links.create(fromRaw(result.raw[0])) : null;
  }

  async findActive(id: string, countView: boolean) {
    if (!isUuid(id)) return null;
    if (!countView) return this.links.createQueryBuilder('l').where(`l.id = :id AND ${ACTIVE}`, { id }).getOne();
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH viewed AS (
         UPDATE "media"."share_links" l SET views = views + 1 WHERE l.id = $1 AND ${ACTIVE} RETURNING l.*
       ), daily AS (
         INSERT INTO "media"."share_link_views" (share_link_id, day, views)
         SELECT id, (now() AT TIME ZONE 'UTC')::date, 1 FROM viewed
         ON CONFLICT (share_link_id, day) DO UPDATE SET views = "share_link_views".views + 1
       )
       SELECT * FROM viewed`,
      [id],
    );
    return rows.length === 1 ? this.links.create(fromRaw(rows[0])) : null;
  }

  async countActive(highlightIds: string[]) {
    const ids = highlightIds.filter(isUuid);
    if (ids.length === 0) return new Map<string, number>();
    const rows = await this.links
      .createQueryBuilder('l')
      .select('l.highlight_id', 'highlightId')
      .addSelect('COUNT(*)', 'count')
      .where({ highlightId: In(ids) })
      .andWhere(ACTIVE)
      .groupBy('l.highlight_id')
      .getRawMany<{ highlightId: string; count: string }>();
    return new Map(rows.map((r) => [r.highlightId, Number(r.count)]));
  }
}

/** A RETURNING row (column names) as the entity's fields. */
function fromRaw(row: Record<string, unknown>): Partial<ShareLinkEntity> {
  return {
    id: row.id as string,
    highlightId: row.highlight_id as string,
    userId: row.user_id as string,
    allowDownload: row.allow_download as boolean,
    expiresAt: (row.expires_at as Date | null) ?? null,
    revokedAt: (row.revoked_at as Date | null) ?? null,
    views: Number(row.views),
    createdAt: row.created_at as Date,
  };
}
