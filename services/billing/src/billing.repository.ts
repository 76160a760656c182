import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { CustomerEntity } from './entities/customer.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { WebhookEventEntity } from './entities/webhook-event.entity';

/** The stored subscription of a user, as the service reads it. */
export type SubscriptionRow = Omit<SubscriptionEntity, 'updatedAt'>;

export type SubscriptionWrite = Omit<SubscriptionRow, 'pastDueSince'>;

/** Where billing keeps customers, subscription states and the webhook events it applied. */
export abstract class BillingRepository {
  abstract customerOf(userId: string): Promise<string | null>;
  abstract userOfCustomer(customerId: string): Promise<string | null>;
  /** The stored customer (the first one wins when two requests race). */
  abstract saveCustomer(userId: string, customerId: string): Promise<string>;
  /** The user's customer is gone at Stripe: this one replaces it. */
  abstract replaceCustomer(userId: string, customerId: string): Promise<string>;
  abstract subscriptionOf(userId: string): Promise<SubscriptionRow | null>;
  /**
   * Runs `work` in one transaction after recording the event id; `applied: false` (and nothing
   * runs) when the event was applied before.
   */
  abstract onceForEvent<T>(eventId: string, type: string, work: (tx: BillingTransaction) => Promise<T>): Promise<{ applied: boolean; result?: T }>;
  abstract inTransaction<T>(work: (tx: BillingTransaction) => Promise<T>): Promise<T>;
}

export interface BillingTransaction {
  /**
   * Writes a subscription state unless what is stored is newer: a state older than the stored one
   * (stateAt), or of an older subscription than the stored one, changes nothing. The stored row after
   * the write and whether it changed.
   */
  applySubscription(state: SubscriptionWrite): Promise<{ changed: boolean; row: SubscriptionRow | null }>;
}

/** Whether `state` may replace `stored`: a newer state of the same subscription, or a newer subscription. */
export function supersedes(state: SubscriptionWrite, stored: SubscriptionRow): boolean {
  return state.stripeSubscriptionId === stored.stripeSubscriptionId ? stored.stateAt <= state.stateAt : stored.subscriptionCreated <= state.subscriptionCreated;
}

class TypeOrmBillingTransaction implements BillingTransaction {
  private readonly subscriptions: Repository<SubscriptionEntity>;

  constructor(manager: EntityManager) {
    this.subscriptions = manager.getRepository(SubscriptionEntity);
  }

  async applySubscription(state: SubscriptionWrite) {
    // A first state inserts; a later one takes the row's lock, so concurrent writers of one user
    // compare against each other's result (the INSERT waits for a twin's uncommitted row).
    const inserted = await this.subscriptions
      .createQueryBuilder()
      .insert()
      .values({ ...state, pastDueSince: state.status === 'past_due' ? () => 'now()' : null })
      .orIgnore()
      .returning(['userId'])
      .execute();
    if (inserted.raw.length === 1) return { changed: true, row: await this.stored(state.userId) };

    const stored = await this.subscriptions.findOne({ where: { userId: state.userId }, lock: { mode: 'pessimistic_write' } });
    if (stored && !supersedes(state, stored)) return { changed: false, row: withoutUpdatedAt(stored) };
    const { userId, ...fields } = state;
    await this.subscriptions.update(
      { userId },
      {
        ...fields,
        // The grace period counts from the first past_due state, not from the latest one.
        pastDueSince: state.status !== 'past_due' ? null : (stored?.pastDueSince ?? (() => 'now()')),
      },
    );
    return { changed: true, row: await this.stored(state.userId) };
  }

  private async stored(userId: string) {
    const row = await this.subscriptions.findOneBy({ userId });
    return row && withoutUpdatedAt(row);
  }
}

function withoutUpdatedAt({ updatedAt: _updatedAt, ...row }: SubscriptionEntity): SubscriptionRow {
  return row;
}

@Injectable()
export class TypeOrmBillingRepository extends BillingRepository {
  private readonly customers: Repository<CustomerEntity>;
  private readonly subscriptions: Repository<SubscriptionEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.customers = dataSource.getRepository(CustomerEntity);
    this.subscriptions = dataSource.getRepository(SubscriptionEntity);
  }

  async customerOf(userId: string) {
    return (await this.customers.findOneBy({ userId }))?.stripeCustomerId ?? null;
  }

  async userOfCustomer(customerId: string) {
    return (await this.customers.findOneBy({ stripeCustomerId: customerId }))?.userId ?? null;
  }

  async saveCustomer(userId: string, customerId: string) {
    await this.customers.createQueryBuilder().insert().values({ userId, stripeCustomerId: customerId }).orIgnore().execute();
    return (await this.customerOf(userId))!;
  }

  async replaceCustomer(userId: string, customerId: string) {
    await this.customers.update({ userId }, { stripeCustomerId: customerId });
    return customerId;
  }

  async subscriptionOf(userId: string) {
    const row = await this.subscriptions.findOneBy({ userId });
    return row && withoutUpdatedAt(row);
  }

  async onceForEvent<T>(eventId: string, type: string, work: (tx: BillingTransaction) => Promise<T>) {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .getRepository(WebhookEventEntity)
        .createQueryBuilder()
        .insert()
        .values({ id: eventId, type })
        .orIgnore()
        .returning(['id'])
        .execute();
      if (inserted.raw.length !== 1) return { applied: false };
      return { applied: true, result: await work(new TypeOrmBillingTransaction(manager)) };
    });
  }

  async inTransaction<T>(work: (tx: BillingTransaction) => Promise<T>) {
    return this.dataSource.transaction((manager) => work(new TypeOrmBillingTransaction(manager)));
  }
}
