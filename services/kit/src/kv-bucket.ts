import { createHash } from 'node:crypto';
import { type KV, type NatsConnection, nanos } from 'nats';
import { jetstreamReplicasOf } from './config';

/**
 * Opens (or makes) a JetStream KV bucket whose keys live at least `ttlMs`: a bucket made by a
 * deployment with a shorter age would drop keys too early, so its max age is raised.
 */
export async function openKvBucket(nc: NatsConnection, bucket: string, ttlMs: number, timeoutMs: number): Promise<KV> {
  if (nc.isClosed()) throw new Error('NATS connection closed');
  const js = nc.jetstream({ timeout: timeoutMs });
  const kv = await js.views.kv(bucket, { history: 1, ttl: ttlMs, timeout: timeoutMs, replicas: jetstreamReplicasOf() });
  const jsm = await js.jetstreamManager();
  const info = await jsm.streams.info(`KV_${bucket}`);
  if (info.config.max_age < nanos(ttlMs)) await jsm.streams.update(info.config.name, { ...info.config, max_age: nanos(ttlMs) });
  return kv;
}

const WRONG_LAST_SEQUENCE = 10071;

/** A compare-and-set on a KV key lost: another process wrote it first. */
export function lostRace(err: unknown): boolean {
  return (err as { api_error?: { err_code?: number } })?.api_error?.err_code === WRONG_LAST_SEQUENCE;
}

/** A KV key for any text: hashed, so every character is allowed and nothing readable is stored in the key. */
export function hashedKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
