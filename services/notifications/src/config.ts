import { z } from 'zod';
import { baseConfigSchema, storageConfigSchema } from '@reelsmith/kit';

/** S3: the reel mail shows the video's thumbnail, read from the bucket (media says which object). */
export const configSchema = baseConfigSchema.merge(storageConfigSchema).extend({
  DATABASE_URL: z.string().url(),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8107),
  /**
   * Where mails go: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://...:465. npm start
   * points it at its local mail catcher; production at a real relay (credentials from a Secret).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  /** The From header of every mail. */
  MAIL_FROM: z.string().min(3).default('Reelsmith <no-reply@reelsmith.local>'),
  /** The app's public address; every link in a mail starts with it. */
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .transform((u) => u.replace(/\/+$/, '')),
  /** Signs the unsubscribe links (HMAC-SHA256); changing it invalidates the links already sent. */
  UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Sending attempts of one mail before it is logged as failed (the delays double from MAIL_RETRY_BASE_MS). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  /** Longest wait between two attempts of one mail. */
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  /** How often the outbox is looked at for mails due (also woken at once by new mails). */
  MAIL_POLL_MS: z.coerce.number().int().positive().default(2_000),
  /** Test e-mails one user may send per window. */
  TEST_EMAIL_LIMIT: z.coerce.number().int().positive().default(3),
  TEST_EMAIL_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** NATS KV bucket of the test e-mail counters, shared by every replica. */
  TEST_EMAIL_BUCKET: z
    .string()
    .regex(/^[-\w]+$/, 'letters, digits, - and _ only')
    .default('test_email_limits'),
  /** How often each replica checks whether a weekly digest or the daily auto-delete is due. */
  SCHEDULE_CHECK_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** Sent, failed and skipped mails are kept this long for the history, then deleted (daily). */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
  /** How long one question to media (a reel's moments, a thumbnail, a video's batch) may take. */
  MEDIA_RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** ISO weekday (1 Monday .. 7 Sunday) and UTC hour from which last week's digest is sent. */
  DIGEST_WEEKDAY: z.coerce.number().int().min(1).max(7).default(1),
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
});
export type NotificationsConfig = z.infer<typeof configSchema>;
