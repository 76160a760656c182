import { create } from '@bufbuild/protobuf';
import { Injectable } from '@nestjs/common';
import { RpcFailure } from '@reelsmith/kit';
import { analyticsV1 } from '@reelsmith/proto';
import { ANALYTICS_WEEKS, ANALYTICS_WEEKS_ERROR } from '@reelsmith/proto/http';
import { PlanGate } from '../plan-gate';
import { AnalyticsRepository } from './analytics.repository';
import { lastWeekStarts, onWeeks } from './weeks';

const TOP_REELS = 5;

/** A Pro creator's own figures (docs/analytics.md): totals, weekly activity, most watched reels. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly plans: PlanGate,
  ) {}

  async get(userId: string, weeksAsked: number, now = new Date()): Promise<analyticsV1.Analytics> {
    const count = weeksAsked || ANALYTICS_WEEKS.default;
    if (!Number.isInteger(count) || count < 1 || count > ANALYTICS_WEEKS.max) throw RpcFailure.invalid(ANALYTICS_WEEKS_ERROR);
    await this.plans.checkAnalytics(userId);
    const weeks = lastWeekStarts(now, count);
    const [totals, counts, top] = await Promise.all([
      this.analytics.totals(userId),
      this.analytics.weekCounts(userId, weeks[0]),
      this.analytics.topReels(userId, TOP_REELS),
    ]);
    const [uploads, reels, views] = [counts.uploads, counts.reels, counts.views].map((c) => onWeeks(weeks, c));
    return create(analyticsV1.AnalyticsSchema, {
      totals: { ...totals, views: BigInt(totals.views) },
      weeks: weeks.map((weekStart, i) => ({ weekStart, uploads: uploads[i], reels: reels[i], views: BigInt(views[i]) })),
      topReels: top.map((reel) => ({ ...reel, views: BigInt(reel.views) })),
    });
  }
}
