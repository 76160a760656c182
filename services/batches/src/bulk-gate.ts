import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntitlementsCache, NATS_CONNECTION, planName, RpcClient, RpcFailure } from '@reelsmith/kit';
import type { NatsConnection } from 'nats';
import { MEDIA_RPC } from './tokens';

/** Bulk processing is a Pro feature: no plan is 402, Rookie 403 (entitlements from billing, cached briefly). */
@Injectable()
export class BulkGate implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BulkGate.name);
  private readonly cache: EntitlementsCache;

  constructor(
    @Inject(MEDIA_RPC) rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {
    this.cache = new EntitlementsCache(rpc);
  }

  onApplicationBootstrap() {
    this.cache.listen(this.nc, { warn: (obj: unknown, msg?: string) => this.logger.warn(`${msg ?? ''} ${JSON.stringify(obj)}`) });
  }

  onApplicationShutdown() {
    this.cache.stop();
  }

  async check(userId: string): Promise<void> {
    const plan = await this.cache.requirePlan(userId, 'Bulk processing');
    if (!plan.bulk)
      throw RpcFailure.permissionDenied(
        `Bulk processing is part of Pro; ${planName(plan.plan)} uploads one video at a time. Upgrade to Pro under Billing to process batches.`,
      );
  }
}
