import { type InjectionToken, Logger as NestLogger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { billingV1 } from '@reelsmith/proto';
import type { NatsConnection, Subscription } from 'nats';
import { listenToEvent } from './events';
import type { Logger } from './logger';
import { NATS_CONNECTION } from './nats.module';
import { RpcClient } from './rpc';
import { RpcFailure } from './rpc-error';

export type Entitlements = billingV1.Entitlements;

/**
 * What a user's plan allows, asked of billing (billing.entitlements.get, the one source) and kept
 * for `ttlMs`; evt.billing.subscription.updated drops the user's entry at once, so a new plan or a
 * cancellation is seen on the next request.
 */
export class EntitlementsCache implements OnApplicationShutdown {
  private readonly entries = new Map<string, { value: Entitlements; at: number }>();
  private subscription?: Subscription;

  constructor(
    private readonly rpc: RpcClient,
    private readonly ttlMs = 30_000,
  ) {}

  /** Starts listening to the billing events (every instance hears them). */
  listen(nc: NatsConnection, logger: Pick<Logger, 'warn'>): void {
    this.subscription = listenToEvent(
      nc,
      billingV1.SubscriptionUpdatedSchema,
      async (event) => {
        this.entries.delete(event.userId);
      },
      logger,
    );
  }

  stop(): void {
    this.subscription?.unsubscribe();
  }

  onApplicationShutdown(): void {
    this.stop();
  }

  async get(userId: string): Promise<Entitlements> {
    const cached = this.entries.get(userId);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.value;
    const value = await this.rpc.call(billingV1.BillingService.method.entitlementsGet, { userId });
    this.entries.set(userId, { value, at: Date.now() });
    if (this.entries.size > 10_000) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** The user's entitlements when they have a plan; 402 with billing's reason otherwise. */
  async requirePlan(userId: string, what: string): Promise<Entitlements> {
    const entitlements = await this.get(userId);
    if (!entitlements.active) throw RpcFailure.paymentRequired(`${what} needs a plan. ${entitlements.reason || 'Choose Rookie or Pro at /pricing.'}`);
    return entitlements;
  }
}

/**
 * The EntitlementsCache of a service that gates on a plan, as a Nest provider: it hears billing's
 * events while the app runs. `rpc`: the token of the RpcClient that asks billing (default RpcClient).
 */
export function entitlementsCacheProvider(options: { rpc?: InjectionToken; ttlMs?: number } = {}): Provider {
  return {
    provide: EntitlementsCache,
    inject: [options.rpc ?? RpcClient, NATS_CONNECTION],
    useFactory: (rpc: RpcClient, nc: NatsConnection) => {
      const cache = new EntitlementsCache(rpc, options.ttlMs);
      const logger = new NestLogger(EntitlementsCache.name);
      cache.listen(nc, { warn: (obj: unknown, msg?: string) => logger.warn(`${msg ?? ''} ${JSON.stringify(obj)}`) });
      return cache;
    },
  };
}

export const planName = (plan: string) => (plan === 'pro' ? 'Pro' : plan === 'rookie' ? 'Rookie' : plan);
