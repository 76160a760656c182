import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface SubscriptionRow {
  userId: string;
  stripeSubscriptionId: string;
  plan: string;
  interval: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  /** Stripe's `created` of the subscription (seconds). */
  subscriptionCreated: number;
  /** When Stripe had this state (event.created, or the time of an API answer), seconds. */
  stateAt: number;
}

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
   * Runs `work` in one transaction after recording the event id; null (and nothing runs) when the
   * event was applied before.
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

const columns = `"user_id" AS "userId", "stripe_subscription_id" AS "stripeSubscriptionId", "plan", "interval", "status",
  "current_period_end" AS "currentPeriodEnd", "cancel_at_period_end" AS "cancelAtPeriodEnd", "past_due_since" AS "pastDueSince",
  "subscription_created"::float8 AS "subscriptionCreated", "state_at"::float8 AS "stateAt"`;

class SqlTransaction implements BillingTransaction {
  constructor(private readonly manager: EntityManager) {}

  async applySubscription(s: SubscriptionWrite) {
    const rows: SubscriptionRow[] = await this.manager.query(
      `INSERT INTO "billing"."subscriptions" AS cur ("user_id", "stripe_subscription_id", "plan", "interval", "status", "current_period_end",
         "cancel_at_period_end", "past_due_since", "subscription_created", "state_at")
       VALUES ($1, $2, $3, $4, $5::varchar, $6, $7, CASE WHEN $5::varchar = 'past_due' THEN now() END, $8, $9)
       ON CONFLICT ("user_id") DO UPDATE SET
         "stripe_subscription_id" = EXCLUDED."stripe_subscription_id", "plan" = EXCLUDED."plan", "interval" = EXCLUDED."interval",
         "status" = EXCLUDED."status", "current_period_end" = EXCLUDED."current_period_end",
         "cancel_at_period_end" = EXCLUDED."cancel_at_period_end",
         "past_due_since" = CASE WHEN EXCLUDED."status" <> 'past_due' THEN NULL ELSE COALESCE(cur."past_due_since", now()) END,
         "subscription_created" = EXCLUDED."subscription_created", "state_at" = EXCLUDED."state_at", "updated_at" = now()
       WHERE (cur."stripe_subscription_id" = EXCLUDED."stripe_subscription_id" AND cur."state_at" <= EXCLUDED."state_at")
          OR (cur."stripe_subscription_id" <> EXCLUDED."stripe_subscription_id" AND cur."subscription_created" <= EXCLUDED."subscription_created")
       RETURNING ${columns}`,
      [s.userId, s.stripeSubscriptionId, s.plan, s.interval, s.status, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.subscriptionCreated, s.stateAt],
    );
    if (rows.length > 0) return { changed: true, row: rows[0] };
    const current: SubscriptionRow[] = await this.manager.query(`SELECT ${columns} FROM "billing"."subscriptions" WHERE "user_id" = $1`, [s.userId]);
    return { changed: false, row: current[0] ?? null };
  }
}

@Injectable()
export class SqlBillingRepository extends BillingRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async customerOf(userId: string) {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT "stripe_customer_id" AS id FROM "billing"."customers" WHERE "user_id" = $1`, [userId]);
    return rows[0]?.id ?? null;
  }

  async userOfCustomer(customerId: string) {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT "user_id" AS id FROM "billing"."customers" WHERE "stripe_customer_id" = $1`, [customerId]);
    return rows[0]?.id ?? null;
  }

  async saveCustomer(userId: string, customerId: string) {
    await this.dataSource.query(`INSERT INTO "billing"."customers" ("user_id", "stripe_customer_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, customerId]);
    return (await this.customerOf(userId))!;
  }

  async replaceCustomer(userId: string, customerId: string) {
    await this.dataSource.query(`UPDATE "billing"."customers" SET "stripe_customer_id" = $2 WHERE "user_id" = $1`, [userId, customerId]);
    return customerId;
  }

  async subscriptionOf(userId: string) {
    const rows: SubscriptionRow[] = await this.dataSource.query(`SELECT ${columns} FROM "billing"."subscriptions" WHERE "user_id" = $1`, [userId]);
    return rows[0] ?? null;
  }

  async onceForEvent<T>(eventId: string, type: string, work: (tx: BillingTransaction) => Promise<T>) {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "billing"."webhook_events" ("id", "type") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "id"`, [eventId, type]);
      if (inserted.length === 0) return { applied: false };
      return { applied: true, result: await work(new SqlTransaction(manager)) };
    });
  }

  async inTransaction<T>(work: (tx: BillingTransaction) => Promise<T>) {
    return this.dataSource.transaction((manager) => work(new SqlTransaction(manager)));
  }
}
