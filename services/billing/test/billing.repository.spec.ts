import { randomUUID } from 'node:crypto';
import { openDatabase } from '@reelsmith/kit';
import type { DataSource } from 'typeorm';
import { type SubscriptionWrite, TypeOrmBillingRepository } from '../src/billing.repository';
import { BILLING_SCHEMA, billingEntities, billingMigrations } from '../src/billing.module';

// Billing's tables through its entities, on the run's PostgreSQL (schema `billing`, made by the migration).
describe('billing repository on PostgreSQL', () => {
  let dataSource: DataSource;
  let repository: TypeOrmBillingRepository;

  beforeAll(async () => {
    dataSource = await openDatabase({ url: process.env.DATABASE_URL!, schema: BILLING_SCHEMA, entities: billingEntities, migrations: billingMigrations });
    repository = new TypeOrmBillingRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const state = (userId: string, extra: Partial<SubscriptionWrite> = {}): SubscriptionWrite => ({
    userId,
    stripeSubscriptionId: 'sub_a',
    plan: 'pro',
    interval: 'month',
    status: 'active',
    currentPeriodEnd: new Date('2030-01-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    subscriptionCreated: 1_700_000_000,
    stateAt: 1_700_000_100,
    ...extra,
  });
  const apply = (s: SubscriptionWrite) => repository.inTransaction((tx) => tx.applySubscription(s));

  it('has migrations that match the entities (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('reads rows written before the entities existed (same tables, same columns)', async () => {
    const userId = randomUUID();
    await dataSource.query(
      `INSERT INTO "billing"."subscriptions" ("user_id", "stripe_subscription_id", "plan", "interval", "status", "current_period_end", "cancel_at_period_end", "past_due_since", "subscription_created", "state_at")
       VALUES ($1, 'sub_old', 'rookie', 'year', 'past_due', '2031-05-01T00:00:00Z', true, '2030-12-01T00:00:00Z', 1690000000, 1690000500)`,
      [userId],
    );
    await dataSource.query(`INSERT INTO "billing"."customers" ("user_id", "stripe_customer_id") VALUES ($1, $2)`, [userId, `cus_${userId}`]);
    expect(await repository.subscriptionOf(userId)).toEqual({
      userId,
      stripeSubscriptionId: 'sub_old',
      plan: 'rookie',
      interval: 'year',
      status: 'past_due',
      currentPeriodEnd: new Date('2031-05-01T00:00:00Z'),
      cancelAtPeriodEnd: true,
      pastDueSince: new Date('2030-12-01T00:00:00Z'),
      subscriptionCreated: 1_690_000_000,
      stateAt: 1_690_000_500,
    });
    expect(await repository.customerOf(userId)).toBe(`cus_${userId}`);
    expect(await repository.userOfCustomer(`cus_${userId}`)).toBe(userId);
  });

  it('keeps the newest state: an older one, or one of an older subscription, changes nothing', async () => {
    const userId = randomUUID();
    expect(await apply(state(userId))).toMatchObject({ changed: true, row: { status: 'active', stateAt: 1_700_000_100 } });
    expect(await apply(state(userId, { status: 'incomplete', stateAt: 1_700_000_050 }))).toMatchObject({ changed: false, row: { status: 'active' } });
    expect(await apply(state(userId, { stripeSubscriptionId: 'sub_older', subscriptionCreated: 1_600_000_000, stateAt: 1_800_000_000 }))).toMatchObject({
      changed: false,
    });
    expect(await apply(state(userId, { cancelAtPeriodEnd: true, stateAt: 1_700_000_200 }))).toMatchObject({ changed: true, row: { cancelAtPeriodEnd: true } });
    // A newer subscription replaces the stored one whatever the stamps of the old one's states.
    expect(
      await apply(state(userId, { stripeSubscriptionId: 'sub_b', plan: 'rookie', subscriptionCreated: 1_700_000_001, stateAt: 1_700_000_002 })),
    ).toMatchObject({ changed: true, row: { stripeSubscriptionId: 'sub_b', plan: 'rookie', stateAt: 1_700_000_002 } });
  });

  it('counts past_due from its first state and forgets it once paid', async () => {
    const userId = randomUUID();
    const first = (await apply(state(userId, { status: 'past_due' }))).row!.pastDueSince;
    expect(first).toBeInstanceOf(Date);
    await dataSource.query(`UPDATE "billing"."subscriptions" SET "past_due_since" = now() - interval '3 days' WHERE "user_id" = $1`, [userId]);
    const earlier = (await repository.subscriptionOf(userId))!.pastDueSince;
    expect(earlier!.getTime()).toBeLessThan(first!.getTime());
    expect((await apply(state(userId, { status: 'past_due', stateAt: 1_700_000_200 }))).row!.pastDueSince).toEqual(earlier);
    expect((await apply(state(userId, { status: 'active', stateAt: 1_700_000_300 }))).row!.pastDueSince).toBeNull();
  });

  it('ends with the newest of concurrent writes for one user', async () => {
    const userId = randomUUID();
    const stamps = [5, 3, 9, 1, 7, 2, 8, 4, 6].map((n) => 1_700_000_000 + n);
    await Promise.all(stamps.map((stateAt) => apply(state(userId, { stateAt, plan: stateAt % 2 ? 'pro' : 'rookie' }))));
    expect(await repository.subscriptionOf(userId)).toMatchObject({ stateAt: 1_700_000_009, plan: 'pro' });
  });

  it('applies an event once, and not at all when its work fails (so a redelivery applies it)', async () => {
    const userId = randomUUID();
    const eventId = `evt_${randomUUID()}`;
    await expect(
      repository.onceForEvent(eventId, 'customer.subscription.updated', async (tx) => {
        await tx.applySubscription(state(userId));
        throw new Error('NATS is down');
      }),
    ).rejects.toThrow('NATS is down');
    expect(await repository.subscriptionOf(userId)).toBeNull();
    expect(await repository.onceForEvent(eventId, 'customer.subscription.updated', (tx) => tx.applySubscription(state(userId)))).toMatchObject({
      applied: true,
    });
    expect(
      await repository.onceForEvent(eventId, 'customer.subscription.updated', () => {
        throw new Error('must not run');
      }),
    ).toEqual({ applied: false });
    expect(await dataSource.query(`SELECT "type" FROM "billing"."webhook_events" WHERE "id" = $1`, [eventId])).toEqual([
      { type: 'customer.subscription.updated' },
    ]);
  });

  it('keeps the first customer of two racing requests, and replaces one Stripe lost', async () => {
    const userId = randomUUID();
    const [a, b] = await Promise.all([repository.saveCustomer(userId, `cus_a_${userId}`), repository.saveCustomer(userId, `cus_b_${userId}`)]);
    expect(a).toBe(b);
    expect(await repository.replaceCustomer(userId, `cus_c_${userId}`)).toBe(`cus_c_${userId}`);
    expect(await repository.customerOf(userId)).toBe(`cus_c_${userId}`);
  });
});
