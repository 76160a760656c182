import { createTestDatabase, startNatsServer } from './infra';

/** Real infrastructure for one jest run: a private NATS with JetStream and a fresh PostgreSQL database. */
export default async function globalSetup(): Promise<void> {
  const nats = await startNatsServer();
  const databaseUrl = await createTestDatabase();
  (globalThis as Record<string, unknown>).__reelsmithInfra = { nats, databaseUrl };
  process.env.NATS_URL = nats.url;
  process.env.DATABASE_URL = databaseUrl;
  process.env.JWT_SECRET ??= 'test-secret-that-is-long-enough-for-hs256-0123456789';
  process.env.LOG_LEVEL ??= 'warn';
  process.env.NODE_ENV = 'test';
}
