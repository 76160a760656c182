import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventPublisher, type Logger, RpcFailure } from '@reelsmith/kit';
import { billingV1 } from '@reelsmith/proto';
import { BillingRepository, type SubscriptionRow, type SubscriptionWrite } from './billing.repository';
import { type BillingConfig, usesLocalStripe } from './config';
import { entitlementsFor } from './entitlements';
import {
  PaymentDeclinedError,
  type PaymentEvent,
  PaymentRefusedError,
  PaymentsPort,
  PaymentsUnavailableError,
  type PaymentSubscription,
} from './payments.port';
import { type Interval, isInterval, isPlan, parseStripePlanId, PLANS, type PlanId, priceCents, productId, stripePlanId } from './plans';

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
export const BILLING_LOGGER = Symbol('BILLING_LOGGER');

const TEST_PAYMENT_METHODS = ['pm_card_visa', 'pm_card_chargeDeclined'];
/** Statuses under which a subscription is the user's plan (a new one would be a second plan). */
const LIVE = ['active', 'trialing', 'past_due'];
const INTERVALS: Interval[] = ['month', 'year'];

@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsPort,
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
        if (Date.now() > deadline || !(err instanceof PaymentsUnavailableError && err.connection)) throw err;
        this.logger.warn({ err: err.message }, 'Stripe not reachable yet; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async ensureCatalogue() {
    for (const plan of Object.keys(PLANS) as PlanId[]) {
      const { name } = PLANS[plan];
      await this.payments.ensureProduct({ id: productId(plan), name: `Reelsmith ${name}`, metadata: { plan } });
      for (const interval of INTERVALS) {
        await this.payments.ensurePlan({
          id: stripePlanId(plan, interval),
          productId: productId(plan),
          amountCents: priceCents(plan, interval),
          currency: 'usd',
          interval,
          nickname: `${name} (${interval === 'year' ? 'yearly' : 'monthly'})`,
          metadata: { plan, interval },
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
    const customerId = await this.customerFor(userId);
    return this.callPayments(async () => {
      if (current?.status === 'incomplete') {
        // A payment still open: the same choice continues it, another one replaces it.
        const open = await this.payments.subscription(current.stripeSubscriptionId);
        if (open?.status === 'incomplete') {
          if (current.plan === plan && current.interval === interval) return paymentToConfirm(open);
          await this.payments.cancelSubscription(open.id);
        }
      }
      const subscription = await this.payments.createSubscription({ customerId, planId: stripePlanId(plan, interval), metadata: { userId, plan, interval } });
      // Stripe's own clock for the new subscription, so its webhooks (stamped by the same clock) are never "older".
      await this.repository.inTransaction((tx) => tx.applySubscription(stateOf(userId, subscription, subscription.created)));
      return paymentToConfirm(subscription);
    });
  }

  async overview(userId: string): Promise<billingV1.BillingOverview> {
    const row = await this.repository.subscriptionOf(userId);
    const customerId = await this.repository.customerOf(userId);
    const invoices = customerId ? await this.callPayments(() => this.payments.invoices(customerId, 12)) : [];
    return create(billingV1.BillingOverviewSchema, {
      plan: row?.plan ?? '',
      interval: row?.interval ?? '',
      status: row?.status ?? '',
      currentPeriodEnd: row?.currentPeriodEnd ? timestampFromDate(new Date(row.currentPeriodEnd)) : undefined,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        amount: BigInt(invoice.amountDue),
        currency: invoice.currency,
        status: invoice.status,
        createdAt: timestampFromDate(new Date(invoice.created * 1000)),
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
    await this.updateAtStripe(userId, current, (subscription) =>
      this.payments.changePlan(subscription, stripePlanId(plan, interval), { userId, plan, interval }),
    );
    return this.overview(userId);
  }

  async cancel(userId: string) {
    const current = await this.live(userId, 'cancel');
    await this.updateAtStripe(userId, current, (subscription) => this.payments.setCancelAtPeriodEnd(subscription.id, true));
    return this.overview(userId);
  }

  async resume(userId: string) {
    const current = await this.live(userId, 'resume');
    if (!current.cancelAtPeriodEnd) throw RpcFailure.conflict('Your plan is not set to cancel; there is nothing to resume.');
    await this.updateAtStripe(userId, current, (subscription) => this.payments.setCancelAtPeriodEnd(subscription.id, false));
    return this.overview(userId);
  }

  /**
   * Local Stripe server only: confirms the open payment with a Stripe test PaymentMethod, as the
   * Payment Element would in the browser. The plan turns active when Stripe's webhook says so.
   */
  async testPayment(userId: string, paymentMethod: string) {
    if (!usesLocalStripe(this.config)) throw RpcFailure.notFound('Not found');
    if (!TEST_PAYMENT_METHODS.includes(paymentMethod)) {
      throw RpcFailure.invalid(`paymentMethod must be one of ${TEST_PAYMENT_METHODS.join(', ')}`, [
        { field: 'paymentMethod', message: 'Unknown test payment method' },
      ]);
    }
    const nothingToConfirm = () => RpcFailure.conflict('There is no payment to confirm: choose a plan at /pricing first.');
    const current = await this.repository.subscriptionOf(userId);
    if (!current || current.status !== 'incomplete') throw nothingToConfirm();
    await this.callPayments(async () => {
      const payment = (await this.payments.subscription(current.stripeSubscriptionId))?.payment;
      if (!payment) throw nothingToConfirm();
      await this.payments.confirmPayment(payment.id, paymentMethod);
    });
    return this.overview(userId);
  }

  async webhook(payload: Uint8Array, signature: string): Promise<billingV1.WebhookResponse> {
    let event: PaymentEvent;
    try {
      event = this.payments.webhookEvent(payload, signature);
    } catch {
      throw RpcFailure.invalid('The Stripe signature of this webhook does not verify.');
    }
    const outcome = await this.repository.onceForEvent(event.id, event.type, async (tx) => {
      const subscription = event.subscription;
      if (!subscription) return;
      const userId = subscription.metadata.userId || (await this.repository.userOfCustomer(subscription.customerId));
      if (!userId) {
        this.logger.warn({ event: event.id, subscription: subscription.id }, 'webhook for a customer billing does not know; ignored');
        return;
      }
      const { changed, row } = await tx.applySubscription(stateOf(userId, subscription, event.created));
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
  private async updateAtStripe(userId: string, current: SubscriptionRow, update: (s: PaymentSubscription) => Promise<PaymentSubscription>) {
    await this.callPayments(async () => {
      const subscription = await this.payments.subscription(current.stripeSubscriptionId);
      if (!subscription) throw new PaymentRefusedError(`No such subscription: '${current.stripeSubscriptionId}'`, 'resource_missing');
      const updated = await update(subscription);
      await this.repository.inTransaction(async (tx) => {
        const { changed, row } = await tx.applySubscription(stateOf(userId, updated, nowSeconds()));
        if (changed && row) await this.publish(row);
      });
    });
  }

  private entitlementsOf(row: SubscriptionRow | null) {
    const values = entitlementsFor(
      row && {
        plan: row.plan,
        status: row.status,
        currentPeriodEnd: row.currentPeriodEnd && new Date(row.currentPeriodEnd),
        pastDueSince: row.pastDueSince && new Date(row.pastDueSince),
      },
      new Date(),
      this.config.BILLING_PAST_DUE_GRACE_DAYS,
    );
    return create(billingV1.EntitlementsSchema, values);
  }

  private async publish(row: SubscriptionRow) {
    await this.events.publish(billingV1.SubscriptionUpdatedSchema, {
      userId: row.userId,
      plan: row.plan,
      status: row.status,
      interval: row.interval,
      currentPeriodEnd: row.currentPeriodEnd ? timestampFromDate(new Date(row.currentPeriodEnd)) : undefined,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    });
  }

  private async customerFor(userId: string): Promise<string> {
    const known = await this.repository.customerOf(userId);
    // A customer deleted at Stripe (or a local Stripe server that restarted) gets a new one.
    if (known && (await this.callPayments(() => this.payments.customerExists(known)))) return known;
    const customerId = await this.callPayments(() => this.payments.createCustomer({ userId }, `reelsmith-customer-${userId}-${known ?? 'first'}`));
    return known ? this.repository.replaceCustomer(userId, customerId) : this.repository.saveCustomer(userId, customerId);
  }

  /** The provider's answers in our terms: a declined card is 402 with Stripe's message, Stripe unreachable is 503. */
  private async callPayments<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof PaymentDeclinedError) throw RpcFailure.paymentRequired(err.message);
      // E.g. a subscription Stripe no longer knows (the local server keeps its data in memory only).
      if (err instanceof PaymentRefusedError) {
        this.logger.warn({ err: err.message, code: err.code }, 'Stripe refused a request');
        throw RpcFailure.conflict(`Stripe refused this change: ${err.message}`);
      }
      if (err instanceof PaymentsUnavailableError) {
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

/** What the browser needs to confirm the subscription's first payment. */
function paymentToConfirm(subscription: PaymentSubscription) {
  const clientSecret = subscription.payment?.clientSecret;
  if (!clientSecret) throw RpcFailure.unavailable('Failed to initialize payment. Please try again.');
  return create(billingV1.SubscriptionCreateResponseSchema, { clientSecret, subscriptionId: subscription.id });
}

/** The state to store: our plan from Stripe's plan id (or, failing that, from the metadata we set). */
function stateOf(userId: string, subscription: PaymentSubscription, stateAt: number): SubscriptionWrite {
  const { metadata } = subscription;
  const chosen =
    parseStripePlanId(subscription.planId) ?? (isPlan(metadata.plan ?? '') ? { plan: metadata.plan, interval: metadata.interval ?? 'month' } : null);
  return {
    userId,
    stripeSubscriptionId: subscription.id,
    plan: chosen?.plan ?? '',
    interval: chosen?.interval ?? '',
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    subscriptionCreated: subscription.created,
    stateAt,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
