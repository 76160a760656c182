import { createTestDatabase, startNatsServer, startS3Server } from './infra';
import { warmMusicCache } from './music-cache';
import { startBillingStandIn } from './billing-stand-in';

/** Real infrastructure for one jest run: a private NATS with JetStream, a private S3 and a fresh PostgreSQL database. */
export default async function globalSetup(_global: unknown, project?: { displayName?: string | { name: string } }): Promise<void> {
  warmMusicCache();
  const nats = await startNatsServer();
  const s3 = await startS3Server();
  const databaseUrl = await createTestDatabase();
  const layer = typeof project?.displayName === 'object' ? project.displayName.name : project?.displayName;
  // Services tested alone have no billing process: every user is on Pro there (see billing-stand-in.ts).
  const billingStandIn = layer === 'integration' ? await startBillingStandIn(nats.url) : undefined;
  (globalThis as Record<string, unknown>).__reelsmithInfra = { nats, s3, databaseUrl, billingStandIn };
  process.env.NATS_URL = nats.url;
  process.env.DATABASE_URL = databaseUrl;
  process.env.JWT_SECRET ??= 'test-secret-that-is-long-enough-for-hs256-0123456789';
  process.env.MEDIA_URL_SECRET ??= 'test-media-url-secret-long-enough-0123456789';
  Object.assign(process.env, {
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'reelsmith',
    S3_REGION: 'us-east-1',
    S3_MULTIPART: 'false',
  });
  process.env.LOG_LEVEL ??= 'warn';
  process.env.NODE_ENV = 'test';
}
