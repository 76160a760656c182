import { formatDuration } from '@reelsmith/proto/http';
import { Injectable } from '@nestjs/common';
import { EntitlementsCache, ObjectStorage, planName, RpcFailure } from '@reelsmith/kit';
import { VideosRepository } from './videos.repository';

export const ANALYTICS_ARE_PRO = 'Advanced analytics are part of Pro. Upgrade to Pro under Billing to see them.';

/** The first instant of the calendar month (UTC) of `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The plan limits where media does the work: an upload needs a plan and room in the month's
 * uploads; a video longer than the plan takes is refused after ffprobe (its object deleted); Pro
 * tracks need Pro. Entitlements come from billing (cached briefly, dropped on its events).
 */
@Injectable()
export class PlanGate {
  constructor(
    private readonly cache: EntitlementsCache,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /** Before an upload URL is handed out and again at complete-upload. */
  async checkUpload(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Uploading a video');
    if (plan.monthlyUploads === 0) return;
    const used = await this.videos.countCreatedSince(userId, monthStart(new Date()));
    if (used >= plan.monthlyUploads) {
      throw RpcFailure.paymentRequired(
        `You have used all ${plan.monthlyUploads} uploads of this month on ${planName(plan.plan)}. Upgrade to Pro for unlimited uploads, or wait until next month.`,
      );
    }
  }

  /** After ffprobe: a video longer than the plan takes is deleted and refused. */
  async checkLength(userId: string, objectKey: string, durationSeconds: number): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Uploading a video');
    if (durationSeconds <= plan.maxVideoSeconds) return;
    await this.storage.remove([objectKey]);
    const upgrade = plan.plan === 'pro' ? 'Trim it or split it into parts first.' : 'Upgrade to Pro for videos up to 60 minutes, or trim it first.';
    throw RpcFailure.paymentRequired(
      `This video is ${formatDuration(durationSeconds)} long; ${planName(plan.plan)} takes videos up to ${plan.maxVideoSeconds / 60} minutes. ${upgrade}`,
    );
  }

  async checkHighlights(userId: string): Promise<void> {
    await this.cache.requirePlan(userId, 'Making highlights');
  }

  /** The page /analytics: Pro only (402 without a plan, 403 on Rookie). */
  async checkAnalytics(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Analytics');
    if (!plan.analytics) throw RpcFailure.permissionDenied(ANALYTICS_ARE_PRO);
  }

  /** A track outside the plan's library: 402 naming the plan that has it. */
  async checkTrack(userId: string, track: { title: string; plans: string[] }): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Making highlights');
    if (plan.allTracks || track.plans.includes(plan.plan)) return;
    throw RpcFailure.paymentRequired(
      `"${track.title}" is a Pro track; ${planName(plan.plan)} includes the free-tier tracks only. Upgrade to Pro for every track, or pick another.`,
    );
  }
}
