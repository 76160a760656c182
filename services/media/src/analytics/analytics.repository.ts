import { Injectable } from '@nestjs/common';
import type { AnalyticsJson } from '@reelsmith/proto/http';
import { DataSource } from 'typeorm';

/** The same figures the HTTP answer carries (proto/src/http/analytics.ts). */
export type AnalyticsTotalsRow = AnalyticsJson['totals'];

export interface WeekCounts {
  uploads: Array<{ week: string; count: number }>;
  reels: Array<{ week: string; count: number }>;
  views: Array<{ week: string; count: number }>;
}

export type ReelViewsRow = AnalyticsJson['topReels'][number];

/** A user's figures for /analytics, each one grouped query over the user's own rows. */
export abstract class AnalyticsRepository {
  abstract totals(userId: string): Promise<AnalyticsTotalsRow>;
  /** Uploads, ready reels and share-link views per week (Monday, UTC) since `since` (a Monday). */
  abstract weekCounts(userId: string, since: string): Promise<WeekCounts>;
  /** The user's reels with the most views over all their links, most first. */
  abstract topReels(userId: string, limit: number): Promise<ReelViewsRow[]>;
}

/** The week (its Monday as YYYY-MM-DD) of a timestamptz column, in UTC. */
const weekOf = (column: string) => `to_char(date_trunc('week', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

@Injectable()
export class TypeOrmAnalyticsRepository extends AnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async totals(userId: string): Promise<AnalyticsTotalsRow> {
    const [row] = await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM "media"."videos" WHERE user_id = $1) AS videos,
         (SELECT coalesce(sum(duration), 0) FROM "media"."videos" WHERE user_id = $1) AS footage_seconds,
         (SELECT count(*) FROM "media"."highlights" WHERE user_id = $1 AND kind = 'highlights' AND status = 'ready') AS reels,
         (SELECT coalesce(sum(reel_duration), 0) FROM "media"."highlights" WHERE user_id = $1 AND kind = 'highlights' AND status = 'ready') AS reel_seconds,
         (SELECT count(*) FROM "media"."highlights" WHERE user_id = $1 AND kind = 'export' AND status = 'ready') AS exports,
         (SELECT count(*) FROM "media"."share_links" WHERE user_id = $1 AND revoked_at IS NULL) AS share_links,
         (SELECT coalesce(sum(views), 0) FROM "media"."share_links" WHERE user_id = $1) AS views`,
      [userId],
    );
    return {
      videos: Number(row.videos),
      footageSeconds: Number(row.footage_seconds),
      reels: Number(row.reels),
      reelSeconds: Number(row.reel_seconds),
      exports: Number(row.exports),
      shareLinks: Number(row.share_links),
      views: Number(row.views),
    };
  }

  async weekCounts(userId: string, since: string): Promise<WeekCounts> {
    const counts = async (sql: string) =>
      ((await this.dataSource.query(sql, [userId, since])) as Array<{ week: string; count: string }>).map((r) => ({ week: r.week, count: Number(r.count) }));
    const [uploads, reels, views] = await Promise.all([
      counts(
        `SELECT ${weekOf('created_at')} AS week, count(*) AS count FROM "media"."videos"
         WHERE user_id = $1 AND created_at >= ($2::date AT TIME ZONE 'UTC') GROUP BY 1`,
      ),
      counts(
        `SELECT ${weekOf('created_at')} AS week, count(*) AS count FROM "media"."highlights"
         WHERE user_id = $1 AND kind = 'highlights' AND status = 'ready' AND created_at >= ($2::date AT TIME ZONE 'UTC') GROUP BY 1`,
      ),
      counts(
        `SELECT to_char(date_trunc('week', d.day::timestamp), 'YYYY-MM-DD') AS week, sum(d.views) AS count
         FROM "media"."share_link_views" d JOIN "media"."share_links" l ON l.id = d.share_link_id
         WHERE l.user_id = $1 AND d.day >= $2::date GROUP BY 1`,
      ),
    ]);
    return { uploads, reels, views };
  }

  async topReels(userId: string, limit: number): Promise<ReelViewsRow[]> {
    const rows: Array<Record<string, string | number>> = await this.dataSource.query(
      `SELECT h.id AS highlight_id, h.video_id, v.title, h.version, h.reel_duration,
              sum(l.views) AS views, count(*) FILTER (WHERE l.revoked_at IS NULL) AS links
       FROM "media"."share_links" l
       JOIN "media"."highlights" h ON h.id = l.highlight_id
       JOIN "media"."videos" v ON v.id = h.video_id
       WHERE l.user_id = $1
       GROUP BY h.id, v.title
       HAVING sum(l.views) > 0
       ORDER BY sum(l.views) DESC, h.created_at DESC
       LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({
      highlightId: String(r.highlight_id),
      videoId: String(r.video_id),
      title: String(r.title),
      version: Number(r.version),
      duration: Number(r.reel_duration),
      views: Number(r.views),
      links: Number(r.links),
    }));
  }
}
