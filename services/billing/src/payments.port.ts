/**
 * What billing asks of the payment provider, in billing's terms: only the calls it makes. Stripe
 * implements it (stripe.gateway.ts); the unit tests use a fake.
 */
export abstract class PaymentsPort {
  /** Creates the product unless it exists (a twin creating it at the same time counts as existing). */
  abstract ensureProduct(product: { id: string; name: string; metadata: Record<string, string> }): Promise<void>;
  /** Creates the recurring plan unless it exists, like ensureProduct. */
  abstract ensurePlan(plan: PlanSpec): Promise<void>;

  /** False when the customer was deleted or is unknown. */
  abstract customerExists(customerId: string): Promise<boolean>;
  /** The new customer's id; the same idempotency key gives the same customer. */
  abstract createCustomer(metadata: Record<string, string>, idempotencyKey: string): Promise<string>;

  /** A subscription waiting for its first payment (status incomplete), with the secret the browser confirms it with. */
  abstract createSubscription(params: { customerId: string; planId: string; metadata: Record<string, string> }): Promise<PaymentSubscription>;
  /** Null when the provider no longer knows it. */
  abstract subscription(subscriptionId: string): Promise<PaymentSubscription | null>;
  abstract cancelSubscription(subscriptionId: string): Promise<void>;
  /** Moves the subscription's (single) item to another plan, prorated. */
  abstract changePlan(subscription: PaymentSubscription, planId: string, metadata: Record<string, string>): Promise<PaymentSubscription>;
  abstract setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<PaymentSubscription>;
  /** Confirms a PaymentIntent with a PaymentMethod (what the Payment Element does in the browser). */
  abstract confirmPayment(paymentIntentId: string, paymentMethod: string): Promise<void>;

  /** The customer's newest invoices first. */
  abstract invoices(customerId: string, limit: number): Promise<PaymentInvoice[]>;

  /** The verified event of a webhook; throws WebhookSignatureError when the signature does not verify. */
  abstract webhookEvent(payload: Uint8Array, signature: string): PaymentEvent;
}

export interface PlanSpec {
  id: string;
  productId: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  nickname: string;
  metadata: Record<string, string>;
}

export interface PaymentSubscription {
  id: string;
  customerId: string;
  /** incomplete, active, past_due, canceled, ... */
  status: string;
  /** Seconds. */
  created: number;
  /** Seconds; null when unknown. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The subscription's first item and the plan (or price) id it is on. */
  itemId: string | null;
  planId: string | null;
  metadata: Record<string, string>;
  /** The latest invoice's PaymentIntent, when it was asked for and there is one. */
  payment: { id: string; clientSecret: string | null } | null;
}

export interface PaymentInvoice {
  id: string;
  number: string;
  amountDue: number;
  currency: string;
  status: string;
  /** Seconds. */
  created: number;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** Seconds. */
  created: number;
  /** Set for customer.subscription.* events. */
  subscription: PaymentSubscription | null;
}

/** The provider declined the card (HTTP 402 at Stripe); the message is the provider's, fit for the user. */
export class PaymentDeclinedError extends Error {}
/** The provider refused the request (e.g. an object it no longer knows). */
export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
/** The provider could not be reached (`connection`) or failed on its side. */
export class PaymentsUnavailableError extends Error {
  constructor(
    message: string,
    readonly connection: boolean,
  ) {
    super(message);
  }
}
export class WebhookSignatureError extends Error {}
