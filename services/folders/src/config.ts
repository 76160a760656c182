import { z } from 'zod';
import { baseConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8105),
  /** Asking billing whether an owner's plan shares folders. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  ENTITLEMENTS_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
});
export type FoldersConfig = z.infer<typeof configSchema>;
