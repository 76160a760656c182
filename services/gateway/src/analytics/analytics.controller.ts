import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, RpcFailure } from '@reelsmith/kit';
import { analyticsV1 } from '@reelsmith/proto';
import { type AnalyticsJson, ANALYTICS_WEEKS, ANALYTICS_WEEKS_ERROR, parseAnalyticsWeeks } from '@reelsmith/proto/http';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';

const Rpc = analyticsV1.AnalyticsService.method;

/** The caller's own figures for /analytics (Pro; media checks the plan: 402 without one, 403 on Rookie). */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({
    summary: `Totals (videos, footage, reels, exports, share links, views), the last ?weeks= weeks (1-${ANALYTICS_WEEKS.max}, default ${ANALYTICS_WEEKS.default}) of uploads, reels and views, and the 5 most viewed reels. Pro only.`,
  })
  async get(@CurrentCaller() caller: Caller, @Query('weeks') weeks: unknown): Promise<AnalyticsJson> {
    const count = parseAnalyticsWeeks(weeks);
    if (count === null) throw RpcFailure.invalid(ANALYTICS_WEEKS_ERROR);
    return analyticsJson(await this.rpc.call(Rpc.analyticsGet, { userId: caller.userId, weeks: count }));
  }
}

export function analyticsJson(a: analyticsV1.Analytics): AnalyticsJson {
  const t = a.totals;
  return {
    totals: {
      videos: t?.videos ?? 0,
      footageSeconds: t?.footageSeconds ?? 0,
      reels: t?.reels ?? 0,
      reelSeconds: t?.reelSeconds ?? 0,
      exports: t?.exports ?? 0,
      shareLinks: t?.shareLinks ?? 0,
      views: Number(t?.views ?? 0),
    },
    weeks: a.weeks.map((w) => ({ weekStart: w.weekStart, uploads: w.uploads, reels: w.reels, views: Number(w.views) })),
    topReels: a.topReels.map((r) => ({
      highlightId: r.highlightId,
      videoId: r.videoId,
      title: r.title,
      version: r.version,
      duration: r.duration,
      views: Number(r.views),
      links: r.links,
    })),
  };
}
