import { z } from 'zod';
import { baseConfigSchema, storageConfigSchema } from '@reelsmith/kit';

const GIB = 1024 ** 3;

export const configSchema = baseConfigSchema.merge(storageConfigSchema).extend({
  DATABASE_URL: z.string().url(),
  /** Signs the media URLs that <video> tags and links use; the gateway verifies them. */
  MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8102),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * GIB),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** How long media waits for another service (music, folders) before answering 503. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** How long a user's plan entitlements (from billing) are reused; billing's events drop them sooner. */
  ENTITLEMENTS_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Uploads a replica takes in at once (the storage copy and ffprobe of complete-upload and bulk
   * batches); the rest wait their turn, so a burst of uploads leaves the reads their CPU.
   */
  UPLOAD_CHECKS_AT_ONCE: z.coerce.number().int().min(1).default(2),
  /** How often a running media API looks for videos and reels that lost their job (job-reconciler.ts). */
  RECONCILE_JOBS_EVERY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10 * 60 * 1000),
});
export type MediaConfig = z.infer<typeof configSchema>;

export const workerConfigSchema = configSchema.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8103),
  /** Scratch space for cuts, thumbnails and proxies; cleaned after each job. */
  WORK_DIR: z.string().default(''),
  /** A job not acknowledged nor heartbeated within this time goes to another worker. */
  JOB_ACK_WAIT_SECONDS: z.coerce.number().int().min(2).default(30),
  JOB_MAX_DELIVER: z.coerce.number().int().min(1).default(3),
  /**
   * Scales every job's deadline (worker/job-deadline.ts), after which a hung job is killed and fails.
   * 1 in production; tests lower it to see a hung job end.
   */
  JOB_DEADLINE_FACTOR: z.coerce.number().positive().default(1),
  /**
   * The worker's nice value, which its ffmpeg inherits: renders yield the CPU to the API processes on
   * the same machine (a read waits for no render). 0 where the worker has its own CPUs.
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Local copies of analysed sources (under WORK_DIR) that edits and exports seek in; 0 turns them off. */
  SOURCE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(4 * GIB),
  /**
   * A Whisper model (a ggml file, e.g. ggml-base.en.bin) for transcripts of good quality; without one
   * the embedded pocketsphinx makes draft ones (docs/speech.md). Never downloaded from the internet.
   */
  ASR_MODEL: z.string().default(''),
  /** Or the model as an object in the bucket, copied once at start to WORK_DIR. */
  ASR_MODEL_OBJECT: z.string().default(''),
  /** Threads Whisper uses for one transcript. */
  ASR_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** A copy unused for this long is removed. */
  SOURCE_CACHE_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
