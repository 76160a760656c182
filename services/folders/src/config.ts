import { z } from 'zod';
import { baseConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8105),
});
export type FoldersConfig = z.infer<typeof configSchema>;
