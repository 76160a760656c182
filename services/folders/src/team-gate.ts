import { Injectable, Logger, Inject, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntitlementsCache, NATS_CONNECTION, planName, RpcClient, RpcFailure } from '@reelsmith/kit';
import type { NatsConnection } from 'nats';
import type { FoldersConfig } from './config';
import { FOLDERS_CONFIG } from './tokens';

export const TEAM_IS_PRO = 'Team folders are part of Pro. Upgrade to Pro under Billing to share folders with your team.';

/** Sharing a folder is a Pro feature: no plan is 402, Rookie 403 (entitlements from billing, cached briefly). */
@Injectable()
export class TeamGate implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TeamGate.name);
  private readonly cache: EntitlementsCache;

  constructor(
    rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(FOLDERS_CONFIG) config: FoldersConfig,
  ) {
    this.cache = new EntitlementsCache(rpc, config.ENTITLEMENTS_CACHE_MS);
  }

  onApplicationBootstrap() {
    this.cache.listen(this.nc, { warn: (obj: unknown, msg?: string) => this.logger.warn(`${msg ?? ''} ${JSON.stringify(obj)}`) });
  }

  onApplicationShutdown() {
    this.cache.stop();
  }

  async check(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Sharing a folder');
    if (!plan.team) throw RpcFailure.permissionDenied(`${TEAM_IS_PRO} ${planName(plan.plan)} keeps folders to yourself.`);
  }
}
