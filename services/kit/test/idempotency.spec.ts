import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { type IdempotencyClaim, IdempotencyStore, type IdempotencyStoreOptions, IdempotencyUnavailableError } from '../src/idempotency';
import { startNatsServer, stopNatsServer } from '../../../test/support/infra';

const options = (overrides: Partial<IdempotencyStoreOptions> = {}): IdempotencyStoreOptions => ({
  bucket: `idem_${randomUUID().slice(0, 8)}`,
  ttlMs: 60_000,
  timeoutMs: 5000,
  waitMs: 5000,
  staleMs: 60_000,
  pollMs: 10,
  ...overrides,
});

/** Does "the work" once per first claim, as the gateway does around a create. */
async function createOnce(store: IdempotencyStore, key: string, fingerprint: string, made: string[]): Promise<IdempotencyClaim['kind'] | unknown> {
  const claim = await store.claim(key, fingerprint);
  if (claim.kind === 'replay') return claim.response.body;
  if (claim.kind !== 'first') return claim.kind;
  const id = `folder-${made.length + 1}`;
  await new Promise((resolve) => setTimeout(resolve, 100)); // the RPC that makes the thing
  made.push(id);
  await claim.finish({ status: 201, body: { id } });
  return { id };
}

describe('IdempotencyStore on real NATS JetStream', () => {
  let replicaA: NatsConnection;
  let replicaB: NatsConnection;

  beforeAll(async () => {
    replicaA = await connect({ servers: process.env.NATS_URL! });
    replicaB = await connect({ servers: process.env.NATS_URL! });
  });
  afterAll(async () => {
    await replicaA.close();
    await replicaB.close();
  });

  it('makes one thing for ten requests with one key arriving together at two replicas; all get its answer', async () => {
    const shared = options();
    const stores = [replicaA, replicaB].map((nc) => new IdempotencyStore(nc, shared));
    const made: string[] = [];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => createOnce(stores[i % 2], 'user-1:key-a', 'fp', made)));

    expect(made).toEqual(['folder-1']);
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ id: 'folder-1' })));
  });

  it('keeps keys apart: another key, or the same key of another user, makes its own thing', async () => {
    const store = new IdempotencyStore(replicaA, options());
    const made: string[] = [];
    await createOnce(store, 'user-1:k', 'fp', made);
    await createOnce(store, 'user-1:other', 'fp', made);
    await createOnce(store, 'user-2:k', 'fp', made);
    expect(made).toHaveLength(3);
  });

  it('refuses a key reused for a different request, and leaves the first answer as it was', async () => {
    const store = new IdempotencyStore(replicaA, options());
    const made: string[] = [];
    await createOnce(store, 'u:k', 'body-1', made);
    expect(await createOnce(store, 'u:k', 'body-2', made)).toBe('different-request');
    expect(await createOnce(store, 'u:k', 'body-1', made)).toEqual({ id: 'folder-1' });
    expect(made).toEqual(['folder-1']);
  });

  it('gives a failed request its key back, so a retry does the work', async () => {
    const store = new IdempotencyStore(replicaA, options());
    const failed = await store.claim('u:k', 'fp');
    expect(failed.kind).toBe('first');
    if (failed.kind === 'first') await failed.release();

    const made: string[] = [];
    expect(await createOnce(store, 'u:k', 'fp', made)).toEqual({ id: 'folder-1' });
  });

  it('says in-progress when the first request is still working after the wait, and takes over a claim whose request died', async () => {
    let clock = 1_000_000;
    const shared = options({ waitMs: 200, staleMs: 30_000 });
    const store = new IdempotencyStore(replicaA, shared, () => clock);
    const stuck = await store.claim('u:k', 'fp');
    expect(stuck.kind).toBe('first');

    const waiting = store.claim('u:k', 'fp');
    clock += 300;
    expect((await waiting).kind).toBe('in-progress');

    clock += 30_000;
    const taken = await new IdempotencyStore(replicaB, shared, () => clock).claim('u:k', 'fp');
    expect(taken.kind).toBe('first');
  });

  it('answers IdempotencyUnavailableError, not a hang, when NATS is gone', async () => {
    const server = await startNatsServer();
    const nc = await connect({ servers: server.url, maxReconnectAttempts: -1 });
    const store = new IdempotencyStore(nc, options({ timeoutMs: 1000 }));
    expect((await store.claim('u:k', 'fp')).kind).toBe('first');
    await stopNatsServer(server);
    await expect(store.claim('u:k2', 'fp')).rejects.toBeInstanceOf(IdempotencyUnavailableError);
    await nc.close();
  });
});
