import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, nanos } from 'nats';
import { CounterUnavailableError, SharedWindowCounter } from '../src/shared-window-counter';
import { startNatsServer, stopNatsServer } from '../../../test/support/infra';

const WINDOW_MS = 60_000;

describe('SharedWindowCounter on real NATS JetStream', () => {
  let replicaA: NatsConnection;
  let replicaB: NatsConnection;
  const bucketName = () => `limits_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    replicaA = await connect({ servers: process.env.NATS_URL! });
    replicaB = await connect({ servers: process.env.NATS_URL! });
  });
  afterAll(async () => {
    await replicaA.close();
    await replicaB.close();
  });

  it('counts concurrent hits from two processes into one budget, each exactly once', async () => {
    const bucket = bucketName();
    const counters = [replicaA, replicaB].map((nc) => new SharedWindowCounter(nc, { bucket, windowMs: WINDOW_MS, timeoutMs: 5000 }));
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => counters[i % 2].hit('ip:203.0.113.7')));

    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect((await counters[0].peek('ip:203.0.113.7')).count).toBe(30);
    expect((await counters[1].peek('ip:198.51.100.1')).count).toBe(0);
  });

  it('starts a new window when the old one has ended, and forgets a key on reset', async () => {
    let clock = 1_000_000;
    const counter = new SharedWindowCounter(replicaA, { bucket: bucketName(), windowMs: WINDOW_MS, timeoutMs: 5000 }, () => clock);
    await counter.hit('k');
    clock += 10_000;
    expect(await counter.hit('k')).toEqual({ count: 2, resetInMs: 50_000 });

    clock += 50_000;
    expect(await counter.hit('k')).toEqual({ count: 1, resetInMs: WINDOW_MS });

    await counter.reset('k');
    expect((await counter.peek('k')).count).toBe(0);
    expect((await counter.hit('k')).count).toBe(1);
  });

  it('keeps keys at least one window: a bucket made with a shorter max age is widened', async () => {
    const bucket = bucketName();
    await replicaA.jetstream().views.kv(bucket, { history: 1, ttl: 1000 });
    await new SharedWindowCounter(replicaA, { bucket, windowMs: WINDOW_MS, timeoutMs: 5000 }).hit('k');

    const info = await (await replicaA.jetstreamManager()).streams.info(`KV_${bucket}`);
    expect(info.config.max_age).toBe(nanos(WINDOW_MS));
  });

  it('answers CounterUnavailableError, not a hang or a crash, when NATS is gone', async () => {
    const server = await startNatsServer();
    const nc = await connect({ servers: server.url, maxReconnectAttempts: -1 });
    const counter = new SharedWindowCounter(nc, { bucket: bucketName(), windowMs: WINDOW_MS, timeoutMs: 1000 });
    expect((await counter.hit('k')).count).toBe(1);

    await stopNatsServer(server);
    await expect(counter.hit('k')).rejects.toBeInstanceOf(CounterUnavailableError);
    await expect(counter.peek('k')).rejects.toBeInstanceOf(CounterUnavailableError);
    await nc.close();
    await expect(counter.hit('k')).rejects.toBeInstanceOf(CounterUnavailableError);
  });
});
