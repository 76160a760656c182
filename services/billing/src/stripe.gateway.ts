import Stripe from 'stripe';
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

/**
 * The Stripe API version billing speaks, whatever the SDK's default. The local Stripe server
 * (scripts/lib/stripe-local.cjs over stripe-stateful-mock) answers in this version's shapes
 * (`latest_invoice.payment_intent`, `current_period_end` on the subscription), which Stripe removed in
 * 2025-03-31.basil; see docs/billing.md before moving it.
 */
export const STRIPE_API_VERSION = '2025-02-24.acacia';

/** What the pinned version has that the SDK's types (written for its own, newer version) no longer list. */
type PinnedSubscription = Stripe.Subscription & { current_period_end?: number | null };
type PinnedInvoice = Stripe.Invoice & { payment_intent?: string | Stripe.PaymentIntent | null };

const SUBSCRIPTION_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'];
const WITH_PAYMENT = { expand: ['latest_invoice.payment_intent'] };

/** The Stripe SDK, pointed at api.stripe.com, or at the local Stripe-compatible server by host/port/protocol. */
export function createStripe(config: BillingConfig): Stripe {
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // An older version than the SDK's own is allowed; its types then describe the newer one (see above).
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'reelsmith-billing' },
  });
}

/** PaymentsPort over the Stripe SDK: Stripe's objects and errors in billing's terms. */
export class StripeGateway extends PaymentsPort {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {
    super();
  }

  static fromConfig(config: BillingConfig) {
    return new StripeGateway(createStripe(config), config.STRIPE_WEBHOOK_SECRET);
  }

  async ensureProduct(product: { id: string; name: string; metadata: Record<string, string> }) {
    await call(async () => {
      if (await this.stripe.products.retrieve(product.id).catch(unlessMissing)) return;
      await this.stripe.products.create(product).catch(unlessExisting);
    });
  }

  async ensurePlan(plan: PlanSpec) {
    await call(async () => {
      if (await this.stripe.plans.retrieve(plan.id).catch(unlessMissing)) return;
      await this.stripe.plans
        .create({
          id: plan.id,
          product: plan.productId,
          amount: plan.amountCents,
          currency: plan.currency,
          interval: plan.interval,
          nickname: plan.nickname,
          metadata: plan.metadata,
        })
        .catch(unlessExisting);
    });
  }

  customerExists(customerId: string) {
    return call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId).catch(unlessMissing);
      return Boolean(customer && !customer.deleted);
    });
  }

  createCustomer(metadata: Record<string, string>, idempotencyKey: string) {
    return call(async () => (await this.stripe.customers.create({ metadata }, { idempotencyKey })).id);
  }

  createSubscription(params: { customerId: string; planId: string; metadata: Record<string, string> }) {
    return call(async () =>
      subscriptionOf(
        await this.stripe.subscriptions.create({
          customer: params.customerId,
          items: [{ plan: params.planId }],
          payment_behavior: 'default_incomplete',
          metadata: params.metadata,
          ...WITH_PAYMENT,
        }),
      ),
    );
  }

  subscription(subscriptionId: string) {
    return call(async () => {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, WITH_PAYMENT).catch(unlessMissing);
      return subscription ? subscriptionOf(subscription) : null;
    });
  }

  async cancelSubscription(subscriptionId: string) {
    await call(() => this.stripe.subscriptions.cancel(subscriptionId));
  }

  changePlan(subscription: PaymentSubscription, planId: string, metadata: Record<string, string>) {
    return call(async () =>
      subscriptionOf(
        await this.stripe.subscriptions.update(subscription.id, {
          items: [{ ...(subscription.itemId ? { id: subscription.itemId } : {}), plan: planId }],
          proration_behavior: 'create_prorations',
          metadata,
        }),
      ),
    );
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    return call(async () => subscriptionOf(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })));
  }

  async confirmPayment(paymentIntentId: string, paymentMethod: string) {
    await call(() => this.stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod }));
  }

  invoices(customerId: string, limit: number) {
    return call(async () =>
      (await this.stripe.invoices.list({ customer: customerId, limit })).data.map((invoice): PaymentInvoice => ({
        id: invoice.id ?? '',
        number: invoice.number ?? '',
        amountDue: invoice.amount_due ?? 0,
        currency: invoice.currency ?? 'usd',
        status: invoice.status ?? '',
        created: invoice.created,
      })),
    );
  }

  webhookEvent(payload: Uint8Array, signature: string): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(Buffer.from(payload), signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    const subscription = SUBSCRIPTION_EVENTS.includes(event.type) ? subscriptionOf(event.data.object as Stripe.Subscription) : null;
    return { id: event.id, type: event.type, created: event.created, subscription };
  }
}

/**
 * A subscription in billing's terms. Its period end is on the subscription up to 2025-02-24.acacia
 * and on its items from 2025-03-31.basil on; webhooks carry the version of their endpoint, so both are read.
 */
function subscriptionOf(subscription: PinnedSubscription): PaymentSubscription {
  const item = subscription.items?.data?.[0];
  const invoice = typeof subscription.latest_invoice === 'object' ? (subscription.latest_invoice as PinnedInvoice | null) : null;
  const intent = typeof invoice?.payment_intent === 'object' ? invoice.payment_intent : null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    created: subscription.created,
    currentPeriodEnd: subscription.current_period_end ?? item?.current_period_end ?? null,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    itemId: item?.id ?? null,
    planId: item?.plan?.id ?? item?.price?.id ?? null,
    metadata: subscription.metadata ?? {},
    payment: intent ? { id: intent.id, clientSecret: intent.client_secret ?? null } : null,
  };
}

/** Runs a Stripe call and turns Stripe's errors into the port's. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(err.message || 'Your card was declined.');
    if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRefusedError(err.message, err.code);
    if (err instanceof Stripe.errors.StripeConnectionError) throw new PaymentsUnavailableError(err.message, true);
    if (err instanceof Stripe.errors.StripeAPIError) throw new PaymentsUnavailableError(err.message, false);
    throw err;
  }
}

const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);

/** Null for an object Stripe does not know. */
function unlessMissing(err: unknown): null {
  if (isMissing(err)) return null;
  throw err;
}

/** Another replica created it between our look and our create: that is what we wanted. */
function unlessExisting(err: unknown): void {
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists') return;
  throw err;
}
