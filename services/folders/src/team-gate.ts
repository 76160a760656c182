import { Injectable } from '@nestjs/common';
import { EntitlementsCache, planName, RpcFailure } from '@reelsmith/kit';

export const TEAM_IS_PRO = 'Team folders are part of Pro. Upgrade to Pro under Billing to share folders with your team.';

/** Sharing a folder is a Pro feature: no plan is 402, Rookie 403 (entitlements from billing, cached briefly). */
@Injectable()
export class TeamGate {
  constructor(private readonly cache: EntitlementsCache) {}

  async check(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Sharing a folder');
    if (!plan.team) throw RpcFailure.permissionDenied(`${TEAM_IS_PRO} ${planName(plan.plan)} keeps folders to yourself.`);
  }
}
