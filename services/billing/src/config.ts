import { z } from 'zod';
import { baseConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8108),
  /** sk_live_/sk_test_ for Stripe; the local server takes any sk_test_ key. */
  STRIPE_SECRET_KEY: z.string().min(1),
  /** whsec_...: verifies the Stripe-Signature of every webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  /** Set to use a Stripe-compatible local server (npm start and the tests) instead of api.stripe.com. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How long a past_due subscription keeps its plan's access. */
  BILLING_PAST_DUE_GRACE_DAYS: z.coerce.number().min(0).default(7),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});
export type BillingConfig = z.infer<typeof configSchema>;

/** True when billing talks to the local Stripe server: only then does the test-payment route exist. */
export const usesLocalStripe = (config: BillingConfig) => Boolean(config.STRIPE_API_HOST);
