import { z } from 'zod';
import { baseConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8106),
  /** How long one media call (an import probes the file) may take before it counts as failed. */
  MEDIA_RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Files of one batch the media service checks at the same time. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
});
export type BatchesConfig = z.infer<typeof configSchema>;
