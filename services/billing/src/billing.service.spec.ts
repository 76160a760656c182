import { ErrorCode, type EventPublisher, type Logger, RpcFailure } from '@reelsmith/kit';
import { BillingRepository, type BillingTransaction, type SubscriptionRow, type SubscriptionWrite, supersedes } from './billing.repository';
import { BillingService } from './billing.service';
import type { BillingConfig } from './config';
import {
  PaymentDeclinedError,
  type PaymentEvent,
  type PaymentInvoice,
  PaymentRefusedError,
  PaymentsPort,
  PaymentsUnavailableError,
  type PaymentSubscription,
  type PlanSpec,
  WebhookSignatureError,
} from './payments.port';

// The service's logic against a fake payment provider (no Stripe, no network) and an in-memory
// repository; the Stripe gateway and the SQL are covered by test/billing.spec.ts.

const config = (extra: Partial<BillingConfig> = {}) =>
  ({
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    BILLING_PAST_DUE_GRACE_DAYS: 7,
    ...extra,
  }) as BillingConfig;
const LOCAL = { STRIPE_API_HOST: '127.0.0.1' };
const untouchable = new Proxy(
  {},
  {
    get: () => {
      throw new Error('must not be called');
    },
  },
);

class FakePayments extends PaymentsPort {
  products = new Map<string, string>();
  plans = new Map<string, PlanSpec>();
  customers = new Map<string, Record<string, string>>();
  subscriptions = new Map<string, PaymentSubscription>();
  confirmed: Array<[string, string]> = [];
  /** The next calls fail with these, one each. */
  failures: Error[] = [];
  event: PaymentEvent | null = null;
  private next = 0;
  private clock = 1_700_000_000;

  private fail() {
    const failure = this.failures.shift();
    if (failure) throw failure;
  }

  async ensureProduct(product: { id: string; name: string }) {
    this.fail();
    this.products.set(product.id, product.name);
  }
  async ensurePlan(plan: PlanSpec) {
    this.fail();
    this.plans.set(plan.id, plan);
  }
  async customerExists(id: string) {
    this.fail();
    return this.customers.has(id);
  }
  async createCustomer(metadata: Record<string, string>) {
    this.fail();
    const id = `cus_${++this.next}`;
    this.customers.set(id, metadata);
    return id;
  }

  async createSubscription(params: { customerId: string; planId: string; metadata: Record<string, string> }) {
    this.fail();
    const id = `sub_${++this.next}`;
    const subscription: PaymentSubscription = {
      id,
      customerId: params.customerId,
      status: 'incomplete',
      created: ++this.clock,
      currentPeriodEnd: this.clock + 30 * 86400,
      cancelAtPeriodEnd: false,
      itemId: `si_${id}`,
      planId: params.planId,
      metadata: params.metadata,
      payment: { id: `pi_${id}`, clientSecret: `pi_${id}_secret_x` },
    };
    this.subscriptions.set(id, subscription);
    return { ...subscription };
  }

  async subscription(id: string) {
    this.fail();
    const s = this.subscriptions.get(id);
    return s ? { ...s } : null;
  }
  async cancelSubscription(id: string) {
    this.fail();
    this.subscriptions.get(id)!.status = 'canceled';
  }
  async changePlan(subscription: PaymentSubscription, planId: string, metadata: Record<string, string>) {
    this.fail();
    return this.update(subscription.id, { planId, metadata });
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean) {
    this.fail();
    return this.update(id, { cancelAtPeriodEnd: cancel });
  }
  async confirmPayment(intentId: string, paymentMethod: string) {
    this.fail();
    this.confirmed.push([intentId, paymentMethod]);
  }
  async invoices(): Promise<PaymentInvoice[]> {
    this.fail();
    return [];
  }

  webhookEvent(): PaymentEvent {
    if (!this.event) throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
    return this.event;
  }

  update(id: string, change: Partial<PaymentSubscription>) {
    const updated = { ...this.subscriptions.get(id)!, ...change };
    this.subscriptions.set(id, updated);
    return { ...updated };
  }
}

class MemoryRepository extends BillingRepository {
  customers = new Map<string, string>();
  rows = new Map<string, SubscriptionRow>();
  events = new Set<string>();
  private readonly tx: BillingTransaction = {
    applySubscription: async (state: SubscriptionWrite) => {
      const stored = this.rows.get(state.userId);
      if (stored && !supersedes(state, stored)) return { changed: false, row: stored };
      const pastDueSince = state.status === 'past_due' ? (stored?.pastDueSince ?? new Date()) : null;
      const row = { ...state, pastDueSince };
      this.rows.set(state.userId, row);
      return { changed: true, row };
    },
  };

  async customerOf(userId: string) {
    return this.customers.get(userId) ?? null;
  }
  async userOfCustomer(customerId: string) {
    return [...this.customers].find(([, c]) => c === customerId)?.[0] ?? null;
  }
  async saveCustomer(userId: string, customerId: string) {
    if (!this.customers.has(userId)) this.customers.set(userId, customerId);
    return this.customers.get(userId)!;
  }
  async replaceCustomer(userId: string, customerId: string) {
    this.customers.set(userId, customerId);
    return customerId;
  }
  async subscriptionOf(userId: string) {
    return this.rows.get(userId) ?? null;
  }
  async onceForEvent<T>(eventId: string, _type: string, work: (tx: BillingTransaction) => Promise<T>) {
    if (this.events.has(eventId)) return { applied: false };
    const result = await work(this.tx);
    this.events.add(eventId);
    return { applied: true, result };
  }

  async inTransaction<T>(work: (tx: BillingTransaction) => Promise<T>) {
    return work(this.tx);
  }
}

function setUp(c: BillingConfig = config(LOCAL)) {
  const payments = new FakePayments();
  const repository = new MemoryRepository();
  const published: unknown[] = [];
  const events = {
    publish: async (_schema: unknown, event: unknown) => {
      published.push(event);
    },
  } as unknown as EventPublisher;
  const logger = { warn: () => undefined } as unknown as Logger;
  return { payments, repository, published, billing: new BillingService(payments, repository, events, c, logger) };
}

async function failure(promise: Promise<unknown>): Promise<RpcFailure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RpcFailure) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

const USER = '0b6c6f1e-4a57-4d1c-9a53-1a0c3f1f6a01';

describe('BillingService.testPayment', () => {
  const untouched = (c: BillingConfig) =>
    new BillingService(untouchable as PaymentsPort, untouchable as BillingRepository, untouchable as never, c, untouchable as never);

  it('does not exist against real Stripe (NOT_FOUND before anything is touched)', async () => {
    expect((await failure(untouched(config()).testPayment('u', 'pm_card_visa'))).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('takes only the two test payment methods against the local server', async () => {
    expect((await failure(untouched(config(LOCAL)).testPayment('u', 'pm_card_mastercard'))).code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it("confirms the open payment; a declined card is PAYMENT_REQUIRED with the provider's message", async () => {
    const { billing, payments } = setUp();
    const { subscriptionId } = await billing.createSubscription(USER, 'rookie', 'month');
    payments.failures.push(new PaymentDeclinedError('Your card was declined.'));
    const declined = await failure(billing.testPayment(USER, 'pm_card_chargeDeclined'));
    expect([declined.code, declined.message]).toEqual([ErrorCode.PAYMENT_REQUIRED, 'Your card was declined.']);
    await billing.testPayment(USER, 'pm_card_visa');
    expect(payments.confirmed).toEqual([[`pi_${subscriptionId}`, 'pm_card_visa']]);
  });
});

describe('BillingService.onModuleInit', () => {
  it('waits for an unreachable provider, then creates two products and four plans', async () => {
    const { billing, payments } = setUp();
    payments.failures.push(new PaymentsUnavailableError('connect ECONNREFUSED', true));
    await billing.onModuleInit();
    expect([...payments.products.keys()]).toEqual(['reelsmith_rookie', 'reelsmith_pro']);
    expect([...payments.plans.values()].map((p) => [p.id, p.amountCents, p.interval])).toEqual([
      ['reelsmith_rookie_month', 499, 'month'],
      ['reelsmith_rookie_year', 4800, 'year'],
      ['reelsmith_pro_month', 999, 'month'],
      ['reelsmith_pro_year', 9600, 'year'],
    ]);
  });

  it('does not wait out an error of the provider that is no connection problem', async () => {
    const { billing, payments } = setUp();
    payments.failures.push(new PaymentRefusedError('Invalid API Key provided'));
    await expect(billing.onModuleInit()).rejects.toThrow('Invalid API Key provided');
  });
});

describe('BillingService.createSubscription', () => {
  it('makes one customer, stores the incomplete subscription, and continues the same open payment when asked again', async () => {
    const { billing, payments, repository } = setUp();
    const first = await billing.createSubscription(USER, 'pro', 'year');
    const again = await billing.createSubscription(USER, 'pro', 'year');
    expect(again).toMatchObject({ clientSecret: first.clientSecret, subscriptionId: first.subscriptionId });
    expect([...payments.customers.values()]).toEqual([{ userId: USER }]);
    expect(repository.rows.get(USER)).toMatchObject({ plan: 'pro', interval: 'year', status: 'incomplete', stripeSubscriptionId: first.subscriptionId });
  });

  it('replaces an open payment for another choice (the old one is canceled at the provider)', async () => {
    const { billing, payments, repository } = setUp();
    const first = await billing.createSubscription(USER, 'pro', 'year');
    const second = await billing.createSubscription(USER, 'rookie', '');
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(payments.subscriptions.get(first.subscriptionId)?.status).toBe('canceled');
    expect(repository.rows.get(USER)).toMatchObject({ plan: 'rookie', interval: 'month', stripeSubscriptionId: second.subscriptionId });
  });

  it('gives a customer deleted at the provider a new one', async () => {
    const { billing, payments, repository } = setUp();
    repository.customers.set(USER, 'cus_gone');
    await billing.createSubscription(USER, 'rookie', 'month');
    expect(repository.customers.get(USER)).not.toBe('cus_gone');
    expect(payments.customers.has(repository.customers.get(USER)!)).toBe(true);
  });

  it('refuses a second plan, a plan that does not exist, and says so when payments are down', async () => {
    const { billing, payments, repository } = setUp();
    expect((await failure(billing.createSubscription(USER, 'platinum', 'month'))).code).toBe(ErrorCode.INVALID_ARGUMENT);
    payments.failures.push(new PaymentsUnavailableError('Stripe is down', false));
    expect((await failure(billing.createSubscription(USER, 'pro', 'month'))).code).toBe(ErrorCode.UNAVAILABLE);
    repository.rows.set(USER, {
      userId: USER,
      stripeSubscriptionId: 'sub_x',
      plan: 'pro',
      interval: 'month',
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      subscriptionCreated: 1,
      stateAt: 1,
    });
    expect((await failure(billing.createSubscription(USER, 'rookie', 'month'))).code).toBe(ErrorCode.CONFLICT);
  });
});

describe('BillingService plan changes', () => {
  async function activePlan() {
    const set = setUp();
    const { subscriptionId } = await set.billing.createSubscription(USER, 'rookie', 'month');
    set.payments.update(subscriptionId, { status: 'active' });
    set.repository.rows.set(USER, { ...set.repository.rows.get(USER)!, status: 'active' });
    return { ...set, subscriptionId };
  }

  it('stores and publishes what the provider answers to a change, cancel and resume', async () => {
    const { billing, published, payments, subscriptionId } = await activePlan();
    expect(await billing.changePlan(USER, 'pro', '')).toMatchObject({ plan: 'pro', interval: 'month', status: 'active' });
    expect(payments.subscriptions.get(subscriptionId)).toMatchObject({
      planId: 'reelsmith_pro_month',
      metadata: { userId: USER, plan: 'pro', interval: 'month' },
    });
    expect((await billing.cancel(USER)).cancelAtPeriodEnd).toBe(true);
    expect((await billing.resume(USER)).cancelAtPeriodEnd).toBe(false);
    expect((await failure(billing.resume(USER))).code).toBe(ErrorCode.CONFLICT);
    expect(published).toEqual([
      expect.objectContaining({ plan: 'pro', cancelAtPeriodEnd: false }),
      expect.objectContaining({ plan: 'pro', cancelAtPeriodEnd: true }),
      expect.objectContaining({ plan: 'pro', cancelAtPeriodEnd: false }),
    ]);
  });

  it('is a CONFLICT when the provider no longer knows the subscription', async () => {
    const { billing, payments, subscriptionId } = await activePlan();
    payments.subscriptions.delete(subscriptionId);
    expect((await failure(billing.cancel(USER))).code).toBe(ErrorCode.CONFLICT);
  });
});

describe('BillingService.webhook', () => {
  const subscription = (extra: Partial<PaymentSubscription> = {}): PaymentSubscription => ({
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    created: 100,
    currentPeriodEnd: 2_000_000_000,
    cancelAtPeriodEnd: false,
    itemId: 'si_1',
    planId: 'reelsmith_pro_year',
    metadata: {},
    payment: null,
    ...extra,
  });

  it('refuses an unsigned or forged payload before reading anything', async () => {
    const billing = new BillingService(new FakePayments(), untouchable as BillingRepository, untouchable as never, config(), untouchable as never);
    expect((await failure(billing.webhook(new TextEncoder().encode('{}'), 't=1,v1=bad'))).code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('finds the user by the customer, applies an event once, and lets an older state change nothing', async () => {
    const { billing, payments, repository, published } = setUp();
    repository.customers.set(USER, 'cus_1');
    payments.event = { id: 'evt_1', type: 'customer.subscription.updated', created: 200, subscription: subscription() };
    expect(await billing.webhook(new Uint8Array(), 'sig')).toMatchObject({ eventId: 'evt_1', applied: true });
    expect(await billing.webhook(new Uint8Array(), 'sig')).toMatchObject({ applied: false });
    payments.event = { id: 'evt_0', type: 'customer.subscription.created', created: 150, subscription: subscription({ status: 'incomplete' }) };
    expect(await billing.webhook(new Uint8Array(), 'sig')).toMatchObject({ applied: true });
    expect(repository.rows.get(USER)).toMatchObject({
      plan: 'pro',
      interval: 'year',
      status: 'active',
      stateAt: 200,
      currentPeriodEnd: new Date(2_000_000_000_000),
    });
    expect(published).toHaveLength(1);
    expect(await billing.entitlements(USER)).toMatchObject({ active: true, plan: 'pro' });
  });

  it("takes the plan from our metadata when the provider's plan id is not ours, and ignores customers it does not know", async () => {
    const { billing, payments, repository } = setUp();
    payments.event = {
      id: 'evt_2',
      type: 'customer.subscription.updated',
      created: 300,
      subscription: subscription({ planId: 'price_123', metadata: { userId: USER, plan: 'rookie' } }),
    };
    await billing.webhook(new Uint8Array(), 'sig');
    expect(repository.rows.get(USER)).toMatchObject({ plan: 'rookie', interval: 'month' });
    payments.event = { id: 'evt_3', type: 'customer.subscription.updated', created: 400, subscription: subscription({ customerId: 'cus_stranger' }) };
    expect(await billing.webhook(new Uint8Array(), 'sig')).toMatchObject({ applied: true });
    expect(repository.rows.size).toBe(1);
  });

  it('records other events without reading them', async () => {
    const { billing, payments, repository } = setUp();
    payments.event = { id: 'evt_4', type: 'invoice.paid', created: 1, subscription: null };
    expect(await billing.webhook(new Uint8Array(), 'sig')).toMatchObject({ applied: true });
    expect(repository.events.has('evt_4')).toBe(true);
  });
});
