import { z } from 'zod';
import { baseConfigSchema, storageConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.merge(storageConfigSchema).extend({
  /** Verifies the signed media URLs the media service hands out. */
  MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Internal port of /healthz, /readyz and /metrics (never exposed to the internet: /metrics is not on PORT). */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8100),
  /** Folder with the built SPA (index.html, assets, sw.js). */
  WEB_DIST: z.string().default(''),
  /** How long the gateway waits for a service before answering 503. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Login/register attempts allowed per window, per client IP and per username. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  /** Set behind a reverse proxy or ingress so the client IP comes from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type GatewayConfig = z.infer<typeof configSchema>;
