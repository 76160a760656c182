import { Injectable } from '@nestjs/common';
import { EntitlementsCache, planName, RpcFailure } from '@reelsmith/kit';

/** Bulk processing is a Pro feature: no plan is 402, Rookie 403 (entitlements from billing, cached briefly). */
@Injectable()
export class BulkGate {
  constructor(private readonly cache: EntitlementsCache) {}

  async check(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Bulk processing');
    if (!plan.bulk)
      throw RpcFailure.permissionDenied(
        `Bulk processing is part of Pro; ${planName(plan.plan)} uploads one video at a time. Upgrade to Pro under Billing to process batches.`,
      );
  }
}
