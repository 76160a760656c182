import { startBillingStandIn } from './billing-stand-in';
import { createTestDatabase, dropTestDatabase, startNatsServer, startS3Server, stopNatsServer, stopS3Server } from './infra';

/**
 * Each test file of the integration, system and browser layers runs on infrastructure of its own: a
 * nats-server with JetStream (on a port it binds itself, with its own store dir), an s3rver and a fresh
 * PostgreSQL database, started before the file's first hook and gone after its last. Files running at
 * the same time (one per jest worker) never meet: no worker of one file takes a job another published,
 * and no stream, consumer, KV bucket, row or object is shared. Tests find them in process.env
 * (NATS_URL, S3_ENDPOINT, DATABASE_URL), read in their hooks and tests.
 *
 * The integration project sets the jest global `reelsmithBillingStandIn` (jest.config.js): services
 * tested alone have no billing process there, so the stand-in gives every user Pro on the file's NATS.
 */
const stops: Array<() => Promise<unknown>> = [];

/** Stops what was started, the last first (the stand-in's connection before its NATS). */
async function stopAll(): Promise<void> {
  const errors: unknown[] = [];
  while (stops.length > 0) await stops.pop()!().catch((err: unknown) => errors.push(err));
  if (errors.length > 0) throw errors[0];
}

/** Starts `start` and keeps how to stop what it started. */
async function started<T>(start: Promise<T>, stop: (value: T) => Promise<unknown>): Promise<T> {
  const value = await start;
  stops.push(() => stop(value));
  return value;
}

beforeAll(async () => {
  const starting = [
    started(startNatsServer(), stopNatsServer),
    started(startS3Server(), stopS3Server),
    started(createTestDatabase(), dropTestDatabase),
  ] as const;
  try {
    const [nats, s3, databaseUrl] = await Promise.all(starting);
    if ((globalThis as { reelsmithBillingStandIn?: boolean }).reelsmithBillingStandIn) {
      await started(startBillingStandIn(nats.url), (standIn) => standIn.close());
    }
    Object.assign(process.env, { NATS_URL: nats.url, S3_ENDPOINT: s3.endpoint, DATABASE_URL: databaseUrl });
  } catch (err) {
    // Once all have settled, everything that did start is in `stops`.
    await Promise.allSettled(starting);
    await stopAll().catch(() => {});
    throw err;
  }
});

afterAll(stopAll);
