import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventPublisher, type Logger, RpcFailure } from '@reelsmith/kit';
import { billingV1 } from '@reelsmith/proto';
import Stripe from 'stripe';
import { BillingRepository, type SubscriptionRow, type SubscriptionWrite } from './billing.repository';
import { type BillingConfig, usesLocalStripe } from './config';
import { entitlementsFor } from './entitlements';
import { type Interval, isInterval, isPlan, parseStripePlanId, PLANS, type PlanId, priceCents, productId, stripePlanId } from './plans';
import { STRIPE } from './stripe';

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
export const BILLING_LOGGER = Symbol('BILLING_LOGGER');

const TEST_PAYMENT_METHODS = ['pm_card_visa', 'pm_card_chargeDeclined'];
/** Statuses under which a subscription is the user's plan (a new one would be a second plan). */
const LIVE = ['active', 'trialing', 'past_due'];
const SUBSCRIPTION_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'];

@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly repository: BillingRepository,
    private readonly events: EventPublisher,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_LOGGER) private readonly logger: Logger,
  ) {}

  /** Products and plans exist before the service is ready (created once; ids are ours, so a restart finds them). */
  async onModuleInit() {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await this.ensureCatalogue();
        return;
      } catch (err) {
        if (Date.now() > deadline || !(err instanceof Stripe.errors.StripeConnectionError)) throw err;
        this.logger.warn({ err: err.message }, 'Stripe not reachable yet; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async ensureCatalogue() {
    for (const plan of Object.keys(PLANS) as PlanId[]) {
      const product = productId(plan);
      await this.stripe.products.retrieve(product).catch(async (err) => {
        if (!isMissing(err)) throw err;
        await this.stripe.products.create({ id: product, name: `Reelsmith ${PLANS[plan].name}`, metadata: { plan } }).catch(existsAlready);
      });
      for (const interval of ['month', 'year'] as Interval[]) {
        const id = stripePlanId(plan, interval);
        await this.stripe.plans.retrieve(id).catch(async (err) => {
          if (!isMissing(err)) throw err;
          await this.stripe.plans.create({
            id, product, amount: priceCents(plan, interval), currency: 'usd', interval,
            nickname: `${PLANS[plan].name} (${interval === 'year' ? 'yearly' : 'monthly'})`, metadata: { plan, interval },
          }).catch(existsAlready);
        });
      }
    }
  }

  async createSubscription(userId: string, planValue: string, intervalValue: string): Promise<billingV1.SubscriptionCreateResponse> {
    const { plan, interval } = checkedChoice(planValue, intervalValue || 'month');
    const current = await this.repository.subscriptionOf(userId);
    if (current && LIVE.includes(current.status)) {
      throw RpcFailure.conflict(`You already have the ${PLANS[current.plan as PlanId]?.name ?? current.plan} plan; change it under Billing.`);
    }
    const customer = await this.customerFor(userId);
    return this.callStripe(async () => {
      if (current?.status === 'incomplete') {
        // A payment still open: the same choice continues it, another one replaces it.
        const open = await this.stripe.subscriptions.retrieve(current.stripeSubscriptionId, { expand: ['latest_invoice.payment_intent'] })
          .catch((err) => { if (isMissing(err)) return null; throw err; });
        if (open && current.plan === plan && current.interval === interval && open.status === 'incomplete') {
          return create(billingV1.SubscriptionCreateResponseSchema, { clientSecret: clientSecretOf(open), subscriptionId: open.id });
        }
        if (open?.status === 'incomplete') await this.stripe.subscriptions.cancel(open.id);
      }
      const subscription = await this.stripe.subscriptions.create({
        customer,
        items: [{ plan: stripePlanId(plan, interval) }],
        payment_behavior: 'default_incomplete',
        metadata: { userId, plan, interval },
        expand: ['latest_invoice.payment_intent'],
      });
      // Stripe's own clock for the new subscription, so its webhooks (stamped by the same clock) are never "older".
      await this.repository.inTransaction((tx) => tx.applySubscription(this.stateOf(userId, subscription, subscription.created)));
      return create(billingV1.SubscriptionCreateResponseSchema, { clientSecret: clientSecretOf(subscription), subscriptionId: subscription.id });
    });
  }

  async overview(userId: string): Promise<billingV1.BillingOverview> {
    const row = await this.repository.subscriptionOf(userId);
    const customer = await this.repository.customerOf(userId);
    const invoices = customer ? await this.callStripe(() => this.stripe.invoices.list({ customer, limit: 12 })) : { data: [] };
    return create(billingV1.BillingOverviewSchema, {
      plan: row?.plan ?? '',
      interval: row?.interval ?? '',
      status: row?.status ?? '',
      currentPeriodEnd: row?.currentPeriodEnd ? timestampFromDate(new Date(row.currentPeriodEnd)) : undefined,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      invoices: invoices.data.map((invoice) => ({
        id: invoice.id ?? '', number: invoice.number ?? '', amount: BigInt(invoice.amount_due ?? 0), currency: invoice.currency ?? 'usd',
        status: invoice.status ?? '', createdAt: timestampFromDate(new Date(invoice.created * 1000)),
      })),
      entitlements: this.entitlementsOf(row),
      testMode: usesLocalStripe(this.config),
    });
  }

  async entitlements(userId: string): Promise<billingV1.Entitlements> {
    return this.entitlementsOf(await this.repository.subscriptionOf(userId));
  }

  async changePlan(userId: string, planValue: string, intervalValue: string) {
    const current = await this.live(userId, 'change');
    const { plan, interval } = checkedChoice(planValue, intervalValue || current.interval);
    if (plan === current.plan && interval === current.interval) return this.overview(userId);
    await this.updateAtStripe(userId, current, async (subscription) => this.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, plan: stripePlanId(plan, interval) }],
      proration_behavior: 'create_prorations',
      metadata: { userId, plan, interval },
    }));
    return this.overview(userId);
  }

  async cancel(userId: string) {
    const current = await this.live(userId, 'cancel');
    await this.updateAtStripe(userId, current, (subscription) => this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    return this.overview(userId);
  }

  async resume(userId: string) {
    const current = await this.live(userId, 'resume');
    if (!current.cancelAtPeriodEnd) throw RpcFailure.conflict('Your plan is not set to cancel; there is nothing to resume.');
    await this.updateAtStripe(userId, current, (subscription) => this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }));
    return this.overview(userId);
  }

  /**
   * Local Stripe server only: confirms the open payment with a Stripe test PaymentMethod, as the
   * Payment Element would in the browser. The plan turns active when Stripe's webhook says so.
   */
  async testPayment(userId: string, paymentMethod: string) {
    if (!usesLocalStripe(this.config)) throw RpcFailure.notFound('Not found');
    if (!TEST_PAYMENT_METHODS.includes(paymentMethod)) {
      throw RpcFailure.invalid(`paymentMethod must be one of ${TEST_PAYMENT_METHODS.join(', ')}`, [{ field: 'paymentMethod', message: 'Unknown test payment method' }]);
    }
    const current = await this.repository.subscriptionOf(userId);
    if (!current || current.status !== 'incomplete') throw RpcFailure.conflict('There is no payment to confirm: choose a plan at /pricing first.');
    await this.callStripe(async () => {
      const subscription = await this.stripe.subscriptions.retrieve(current.stripeSubscriptionId, { expand: ['latest_invoice.payment_intent'] });
      const intent = (subscription.latest_invoice as Stripe.Invoice | null)?.payment_intent as Stripe.PaymentIntent | null;
      if (!intent) throw RpcFailure.conflict('There is no payment to confirm: choose a plan at /pricing first.');
      await this.stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod });
    });
    return this.overview(userId);
  }

  async webhook(payload: Uint8Array, signature: string): Promise<billingV1.WebhookResponse> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(Buffer.from(payload), signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw RpcFailure.invalid('The Stripe signature of this webhook does not verify.');
    }
    const outcome = await this.repository.onceForEvent(event.id, event.type, async (tx) => {
      if (!SUBSCRIPTION_EVENTS.includes(event.type)) return;
      const subscription = event.data.object as Stripe.Subscription;
      const userId = subscription.metadata?.userId || await this.repository.userOfCustomer(customerIdOf(subscription));
      if (!userId) {
        this.logger.warn({ event: event.id, subscription: subscription.id }, 'webhook for a customer billing does not know; ignored');
        return;
      }
      const state = this.stateOf(userId, subscription, event.created);
      const { changed, row } = await tx.applySubscription(state);
      // Published before the commit: if it cannot be, the event is not recorded and Stripe retries it.
      if (changed && row) await this.publish(row);
    });
    return create(billingV1.WebhookResponseSchema, { eventId: event.id, applied: outcome.applied });
  }

  private async live(userId: string, action: string): Promise<SubscriptionRow> {
    const current = await this.repository.subscriptionOf(userId);
    if (!current || !LIVE.includes(current.status)) throw RpcFailure.conflict(`You have no plan to ${action}: choose one at /pricing.`);
    return current;
  }

  /** A change made through the API is stored from Stripe's answer at once (the webhook that follows changes nothing newer). */
  private async updateAtStripe(userId: string, current: SubscriptionRow, update: (s: Stripe.Subscription) => Promise<Stripe.Subscription>) {
    await this.callStripe(async () => {
      const subscription = await this.stripe.subscriptions.retrieve(current.stripeSubscriptionId);
      const updated = await update(subscription);
      await this.repository.inTransaction(async (tx) => {
        const { changed, row } = await tx.applySubscription(this.stateOf(userId, updated, nowSeconds()));
        if (changed && row) await this.publish(row);
      });
    });
  }

  private stateOf(userId: string, subscription: Stripe.Subscription, stateAt: number): SubscriptionWrite {
    const item = subscription.items?.data?.[0];
    const chosen = parseStripePlanId(item?.plan?.id ?? item?.price?.id)
      ?? (isPlan(subscription.metadata?.plan ?? '') ? { plan: subscription.metadata.plan, interval: subscription.metadata.interval ?? 'month' } : null);
    return {
      userId,
      stripeSubscriptionId: subscription.id,
      plan: chosen?.plan ?? '',
      interval: chosen?.interval ?? '',
      status: subscription.status,
      currentPeriodEnd: subscription.current_period_end ? new Date(subscription.current_period_end * 1000) : null,
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
      subscriptionCreated: subscription.created,
      stateAt,
    };
  }

  private entitlementsOf(row: SubscriptionRow | null) {
    const values = entitlementsFor(
      row && { plan: row.plan, status: row.status, currentPeriodEnd: row.currentPeriodEnd && new Date(row.currentPeriodEnd), pastDueSince: row.pastDueSince && new Date(row.pastDueSince) },
      new Date(),
      this.config.BILLING_PAST_DUE_GRACE_DAYS,
    );
    return create(billingV1.EntitlementsSchema, values);
  }

  private async publish(row: SubscriptionRow) {
    await this.events.publish(billingV1.SubscriptionUpdatedSchema, {
      userId: row.userId, plan: row.plan, status: row.status, interval: row.interval,
      currentPeriodEnd: row.currentPeriodEnd ? timestampFromDate(new Date(row.currentPeriodEnd)) : undefined,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    });
  }

  private async customerFor(userId: string): Promise<string> {
    const known = await this.repository.customerOf(userId);
    if (known) {
      // A customer deleted at Stripe (or a local Stripe server that restarted) gets a new one.
      const exists = await this.callStripe(() => this.stripe.customers.retrieve(known).then((c) => !c.deleted).catch((err) => {
        if (isMissing(err)) return false;
        throw err;
      }));
      if (exists) return known;
    }
    const customer = await this.callStripe(() => this.stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `reelsmith-customer-${userId}-${known ?? 'first'}` }));
    return known ? this.repository.replaceCustomer(userId, customer.id) : this.repository.saveCustomer(userId, customer.id);
  }

  /** Stripe's answers in our terms: a declined card is 402 with Stripe's message, Stripe unreachable is 503. */
  private async callStripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof RpcFailure) throw err;
      if (err instanceof Stripe.errors.StripeCardError) throw RpcFailure.paymentRequired(err.message || 'Your card was declined.');
      // E.g. a subscription Stripe no longer knows (the local server keeps its data in memory only).
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        this.logger.warn({ err: err.message, code: err.code }, 'Stripe refused a request');
        throw RpcFailure.conflict(`Stripe refused this change: ${err.message}`);
      }
      if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
        this.logger.warn({ err: err.message }, 'Stripe unavailable');
        throw RpcFailure.unavailable('Payments are unavailable right now. Please try again in a moment.');
      }
      throw err;
    }
  }
}

function checkedChoice(plan: string, interval: string): { plan: PlanId; interval: Interval } {
  if (!isPlan(plan)) throw RpcFailure.invalid('plan must be rookie or pro', [{ field: 'plan', message: 'Must be rookie or pro' }]);
  if (!isInterval(interval)) throw RpcFailure.invalid('interval must be month or year', [{ field: 'interval', message: 'Must be month or year' }]);
  return { plan, interval };
}

function clientSecretOf(subscription: Stripe.Subscription): string {
  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const intent = invoice?.payment_intent as Stripe.PaymentIntent | null;
  if (!intent?.client_secret) throw RpcFailure.unavailable('Failed to initialize payment. Please try again.');
  return intent.client_secret;
}

const customerIdOf = (subscription: Stripe.Subscription) => (typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id);
const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Another replica created it between our look and our create: that is what we wanted. */
function existsAlready(err: unknown): void {
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists') return;
  throw err;
}
