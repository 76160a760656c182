import { z } from 'zod';
import { baseConfigSchema, storageConfigSchema } from '@reelsmith/kit';

/** The Express "trust proxy" value of TRUST_PROXY; `true` means one hop, never "believe every X-Forwarded-For". */
function trustProxySetting(value: string, ctx: z.RefinementCtx): boolean | number | string {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[\w.:/,\s-]+$/.test(value)) return value;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be true, false, a number of hops or a list of proxy addresses' });
  return z.NEVER;
}

export const configSchema = baseConfigSchema.merge(storageConfigSchema).extend({
  /** Verifies the signed media URLs the media service hands out. */
  MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Internal port of /healthz, /readyz and /metrics (never exposed to the internet: /metrics is not on PORT). */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8100),
  /** Folder with the built SPA (index.html, assets, sw.js). */
  WEB_DIST: z.string().default(''),
  /** Folder of the sample reels served at /demo-reels (scripts/lib/demo-reels.cjs); empty: an empty list. */
  DEMO_REELS_DIR: z.string().default(''),
  /** How long the gateway waits for a service before answering 503. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Sign-in and registration attempts per window from one client IP. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Sign-in attempts per window on one username from one client IP that did not sign in. */
  AUTH_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  /** Wrong passwords per window on one username from every source; past it, only addresses the account signed in from may try. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** How long an address stays an account's own after it registered or signed in from it (a sign-in after that starts it again). */
  AUTH_KNOWN_ADDRESS_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60 * 1000),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  /** NATS KV bucket of the sign-in counters; every gateway replica using it shares one budget. */
  AUTH_RATE_LIMIT_BUCKET: z
    .string()
    .regex(/^[-\w]+$/, 'letters, digits, - and _ only')
    .default('auth_rate_limits'),
  /** Requests (page views and media requests together) per window on one share link, from everyone. */
  SHARE_LINK_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  SHARE_LINK_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 1000),
  /** NATS KV bucket of the share-link counters, shared by every gateway replica. */
  SHARE_LINK_RATE_LIMIT_BUCKET: z
    .string()
    .regex(/^[-\w]+$/, 'letters, digits, - and _ only')
    .default('share_link_limits'),
  /**
   * Which proxies in front of the gateway are trusted to name the client in X-Forwarded-For:
   * false (none: the client is the socket's peer), true (the one proxy next to the gateway), a
   * number of proxy hops, or a comma-separated list of proxy addresses and subnets (Express's
   * "trust proxy"). Trusting more than the real proxies lets any client pick its own IP.
   */
  TRUST_PROXY: z.string().trim().default('false').transform(trustProxySetting),
  /**
   * Stripe's publishable key (pk_live_/pk_test_) for the Payment Element on /subscribe; it lets the
   * page load Stripe.js from js.stripe.com (CSP). Empty: the local Stripe server's test-mode form.
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^(pk_(live|test)_\w+)?$/, 'must be a Stripe publishable key (pk_live_... or pk_test_...)')
    .default(''),
});

export type GatewayConfig = z.infer<typeof configSchema>;
