import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, storageConfigSchema } from '@reelsmith/kit';

export const configSchema = baseConfigSchema.merge(storageConfigSchema).extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8104),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /**
   * Generated tracks are kept here (per generator version), so a fresh object store is filled by
   * copying instead of synthesising again. Empty: no cache.
   */
  MUSIC_CACHE_DIR: z.string().default(resolve('node_modules/.cache/reelsmith-music')),
  /** Tracks synthesised at the same time (each is one ffmpeg process at a time). */
  MUSIC_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
});
export type MusicConfig = z.infer<typeof configSchema>;
