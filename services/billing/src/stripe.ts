import Stripe from 'stripe';
import type { BillingConfig } from './config';

export const STRIPE = Symbol('STRIPE');

/** The Stripe SDK, pointed at api.stripe.com, or at the local Stripe-compatible server by host/port/protocol. */
export function createStripe(config: BillingConfig): Stripe {
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'reelsmith-billing' },
  });
}
