import type { KV, KvEntry, NatsConnection } from 'nats';
import { hashedKey, lostRace, openKvBucket } from './kv-bucket';

/** One key's fixed window: how many hits it holds and when it ends (epoch ms). */
export interface CounterWindow {
  count: number;
  resetAt: number;
}

/** What a counter says about a key now: hits in the current window and the time until it ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** The window after one more hit: the current one counted up, or a fresh one when it has ended. */
export function windowAfterHit(current: CounterWindow | null, now: number, windowMs: number): CounterWindow {
  if (!current || current.resetAt <= now) return { count: 1, resetAt: now + windowMs };
  return { count: current.count + 1, resetAt: current.resetAt };
}

/** How a stored window reads at `now`: an ended (or absent) window counts nothing. */
export function countAt(window: CounterWindow | null, now: number): WindowCount {
  if (!window || window.resetAt <= now) return { count: 0, resetInMs: 0 };
  return { count: window.count, resetInMs: window.resetAt - now };
}

/** Fixed-window hit counters by key; SharedWindowCounter is the one every replica shares. */
export interface WindowCounter {
  /** Counts one hit on `key` and says where its window stands after it. */
  hit(key: string): Promise<WindowCount>;
  /** Where `key`'s window stands, without counting. */
  peek(key: string): Promise<WindowCount>;
  /** Forgets `key`'s hits. */
  reset(key: string): Promise<void>;
}

/** The counter store did not answer (NATS down, a timeout, endless races); callers decide whether to fail open or closed. */
export class CounterUnavailableError extends Error {}

export interface SharedWindowCounterOptions {
  /** KV bucket name; every process using the same bucket shares its budgets. */
  bucket: string;
  windowMs: number;
  /** Upper bound of every round trip to JetStream. */
  timeoutMs: number;
}

/** Compare-and-set attempts per hit; losing this many races in a row means the store is overwhelmed. */
const MAX_RACES = 50;
/** After a lost race, wait up to this long (random, growing with each loss) so racers spread out. */
const MAX_BACKOFF_MS = 50;

/**
 * Fixed-window counters in a JetStream KV bucket, so every replica of a service counts into one
 * budget. A hit is a compare-and-set on the key's revision, retried when another process wrote
 * first, so concurrent hits are all counted. nats-server 2.9 has no per-key TTL: the window's end
 * is kept in the value, and the bucket's max age (at least one window) removes keys whose window
 * is over. Keys are hashed, so any text can be a key and no username is stored readable.
 */
export class SharedWindowCounter implements WindowCounter {
  private bucket?: Promise<KV>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: SharedWindowCounterOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<WindowCount> {
    return this.guarded(async (kv) => {
      const storedKey = hashedKey(key);
      for (let race = 0; race < MAX_RACES; race += 1) {
        const entry = await kv.get(storedKey);
        const next = windowAfterHit(windowOf(entry), this.now(), this.options.windowMs);
        try {
          const value = JSON.stringify(next);
          if (entry) await kv.update(storedKey, value, entry.revision);
          else await kv.create(storedKey, value);
          return countAt(next, this.now());
        } catch (err) {
          if (!lostRace(err)) throw err;
          await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, 2 * (race + 1)));
        }
      }
      throw new CounterUnavailableError(`lost ${MAX_RACES} races in a row on one counter`);
    });
  }

  async peek(key: string): Promise<WindowCount> {
    return this.guarded(async (kv) => countAt(windowOf(await kv.get(hashedKey(key))), this.now()));
  }

  async reset(key: string): Promise<void> {
    await this.guarded((kv) => kv.delete(hashedKey(key)));
  }

  private async guarded<T>(work: (kv: KV) => Promise<T>): Promise<T> {
    try {
      return await work(await this.kv());
    } catch (err) {
      if (err instanceof CounterUnavailableError) throw err;
      throw new CounterUnavailableError(`counter store ${this.options.bucket}: ${(err as Error).message}`);
    }
  }

  private kv(): Promise<KV> {
    const { bucket, windowMs, timeoutMs } = this.options;
    this.bucket ??= openKvBucket(this.nc, bucket, windowMs, timeoutMs).catch((err) => {
      this.bucket = undefined; // try again on the next hit
      throw err;
    });
    return this.bucket;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function windowOf(entry: KvEntry | null): CounterWindow | null {
  if (!entry || entry.operation !== 'PUT') return null;
  try {
    const { count, resetAt } = entry.json<CounterWindow>();
    return Number.isFinite(count) && Number.isFinite(resetAt) ? { count, resetAt } : null;
  } catch {
    return null;
  }
}
