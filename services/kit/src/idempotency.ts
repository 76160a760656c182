import type { KV, KvEntry, NatsConnection } from 'nats';
import { hashedKey, lostRace, openKvBucket } from './kv-bucket';

/** What the first request with a key answered, for the requests after it. */
export interface RememberedResponse {
  status: number;
  body: unknown;
}

/**
 * A request's claim on its idempotency key:
 * - `first`: it does the work, then `finish`es with its answer (or `release`s the key when it failed, so a retry can do it);
 * - `replay`: an earlier request with the same key and body did it: answer what it answered;
 * - `different-request`: the key was used for another request;
 * - `in-progress`: the earlier request is still working after the wait.
 */
export type IdempotencyClaim =
  | { kind: 'first'; finish(response: RememberedResponse): Promise<void>; release(): Promise<void> }
  | { kind: 'replay'; response: RememberedResponse }
  | { kind: 'different-request' }
  | { kind: 'in-progress' };

/** The key store did not answer (NATS down, a timeout). */
export class IdempotencyUnavailableError extends Error {}

export interface IdempotencyStoreOptions {
  /** KV bucket name; every replica using the same bucket shares the keys. */
  bucket: string;
  /** How long a key is remembered (Stripe: 24 hours). */
  ttlMs: number;
  /** Upper bound of every round trip to JetStream. */
  timeoutMs: number;
  /** How long a request waits for an earlier one with its key to finish. */
  waitMs: number;
  /** A request running longer than this is taken to have died (its process stopped): the key is taken over. */
  staleMs: number;
  pollMs?: number;
}

type Stored = { state: 'running'; fingerprint: string; since: number } | { state: 'done'; fingerprint: string; response: RememberedResponse };

/**
 * Idempotency keys in a JetStream KV bucket, shared by every replica: the first request with a key
 * claims it with a create (atomic: of two requests arriving together at two replicas, one wins),
 * does the work and stores its answer; the others wait for that answer and replay it. A request
 * that failed gives its key back, so a retry does the work again. Keys are hashed.
 */
export class IdempotencyStore {
  private bucket?: Promise<KV>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: IdempotencyStoreOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Claims `key` for a request whose content hashes to `fingerprint`. */
  async claim(key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const deadline = this.now() + this.options.waitMs;
    const kv = await this.kv();
    const storedKey = hashedKey(key);
    const running = () => JSON.stringify({ state: 'running', fingerprint, since: this.now() } satisfies Stored);
    return this.guarded(async () => {
      for (;;) {
        try {
          await kv.create(storedKey, running());
          return this.first(kv, storedKey, fingerprint);
        } catch (err) {
          if (!lostRace(err)) throw err;
        }
        const entry = await kv.get(storedKey);
        if (!entry || entry.operation !== 'PUT') {
          if (this.now() >= deadline) return { kind: 'in-progress' }; // races without end: the store is overwhelmed
          continue; // given back meanwhile: claim it again
        }
        const stored = storedOf(entry);
        if (stored && stored.fingerprint !== fingerprint) return { kind: 'different-request' };
        if (stored?.state === 'done') return { kind: 'replay', response: stored.response };
        // A claim whose request died (or an unreadable value) is taken over, by one request only.
        if (!stored || this.now() - stored.since > this.options.staleMs) {
          try {
            await kv.update(storedKey, running(), entry.revision);
            return this.first(kv, storedKey, fingerprint);
          } catch (err) {
            if (!lostRace(err)) throw err;
            continue;
          }
        }
        if (this.now() >= deadline) return { kind: 'in-progress' };
        await sleep(this.options.pollMs ?? 50);
      }
    });
  }

  private first(kv: KV, storedKey: string, fingerprint: string): IdempotencyClaim {
    return {
      kind: 'first',
      finish: (response) => this.guarded(async () => void (await kv.put(storedKey, JSON.stringify({ state: 'done', fingerprint, response } satisfies Stored)))),
      release: () => this.guarded(() => kv.delete(storedKey)),
    };
  }

  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof IdempotencyUnavailableError) throw err;
      throw new IdempotencyUnavailableError(`idempotency store ${this.options.bucket}: ${(err as Error).message}`);
    }
  }

  private kv(): Promise<KV> {
    const { bucket, ttlMs, timeoutMs } = this.options;
    this.bucket ??= openKvBucket(this.nc, bucket, ttlMs, timeoutMs).catch((err: Error) => {
      this.bucket = undefined; // try again on the next request
      throw new IdempotencyUnavailableError(`idempotency store ${bucket}: ${err.message}`);
    });
    return this.bucket;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storedOf(entry: KvEntry): Stored | null {
  try {
    const stored = entry.json<Stored>();
    if (typeof stored?.fingerprint !== 'string') return null;
    if (stored.state === 'running' && Number.isFinite(stored.since)) return stored;
    if (stored.state === 'done' && stored.response && Number.isInteger(stored.response.status)) return stored;
    return null;
  } catch {
    return null;
  }
}
