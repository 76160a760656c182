import { z } from 'zod';
import { baseConfigSchema } from '@reelsmith/kit';

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 };

export const configSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Token lifetime like 7d, 12h, 30m or 90s; becomes seconds. */
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h, 30m or 90s')
    .default('7d')
    .transform((value) => Number(value.slice(0, -1)) * UNIT_SECONDS[value.slice(-1) as keyof typeof UNIT_SECONDS]),
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).default(8101),
});
export type AuthConfig = z.infer<typeof configSchema>;
