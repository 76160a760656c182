import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { jobSubject } from '@reelsmith/proto';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JetStreamClient, type JsMsg, type MsgRequest, type NatsConnection, nanos } from 'nats';
import { JOBS_DEAD_LETTERS_STREAM } from './jetstream';
import type { Logger } from './logger';
import { jobDuration, jobKind, jobsFinished, jobsRunning, watchConsumerLag } from './metrics';
import { settleWithin } from './settle';
import { retryWhileUnavailable } from './unavailable';

const JOBS_STREAM = 'JOBS';
const DEDUPE_HEADER = 'Nats-Msg-Id';

/** Puts jobs on the JOBS work queue; the same dedupe id within two minutes is stored once. */
export class JobPublisher {
  constructor(private readonly js: JetStreamClient) {}

  async enqueue<D extends DescMessage>(schema: D, payload: MessageInitShape<D>, dedupeId: string): Promise<void> {
    await this.js.publish(jobSubject(schema), toBinary(schema, create(schema, payload)), { msgID: dedupeId });
  }
}

export interface JobContext {
  /** 1 for the first delivery. */
  attempt: number;
  lastAttempt: boolean;
  /** Aborted when the worker is stopping: give up, the job goes to another worker. */
  signal: AbortSignal;
}

export interface JobWorkerOptions<D extends DescMessage> {
  nc: NatsConnection;
  schema: D;
  /** Durable consumer name shared by every replica of the worker. */
  durable: string;
  ackWaitSeconds: number;
  maxDeliver: number;
  logger: Logger;
  handle(job: MessageShape<D>, context: JobContext): Promise<void>;
}

export interface JobWorker {
  stop(): Promise<void>;
}

const STOP_SECONDS = 10;
const PULL_EXPIRES_MS = 5000;

/**
 * Pulls jobs one at a time from a durable consumer. While a job runs it heartbeats (so a long job is
 * not taken away), acks on success, retries with a delay on failure, and gives up after maxDeliver.
 * A worker that dies stops heartbeating; after ackWait the job goes to another worker.
 * A job that fails its last attempt is handed back rather than terminated: JetStream then reports it
 * with a MAX_DELIVERIES advisory, the one way every dead job (crashed worker, unreadable message,
 * failing handler) reaches startDeadLetterConsumer.
 */
export async function startJobWorker<D extends DescMessage>(options: JobWorkerOptions<D>): Promise<JobWorker> {
  const { nc, schema, durable, ackWaitSeconds, maxDeliver, logger } = options;
  const jsm = await nc.jetstreamManager();
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(ackWaitSeconds * 1000),
    max_deliver: maxDeliver,
    filter_subject: jobSubject(schema),
  };
  try {
    await jsm.consumers.info(JOBS_STREAM, durable);
    await jsm.consumers.update(JOBS_STREAM, durable, { ack_wait: config.ack_wait, max_deliver: maxDeliver });
  } catch {
    await jsm.consumers.add(JOBS_STREAM, config);
  }
  const consumer = await nc.jetstream().consumers.get(JOBS_STREAM, durable);
  const kind = jobKind(config.filter_subject);
  const unwatch = watchConsumerLag(JOBS_STREAM, durable, kind, async () => {
    const info = await jsm.consumers.info(JOBS_STREAM, durable);
    return { pending: info.num_pending, ackPending: info.num_ack_pending };
  });
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();

  // One job at a time, pulled only when the last one is done: a prefetched job would wait unseen
  // (no heartbeat), be redelivered after ackWait and spend its attempts while this worker is busy.
  void (async () => {
    let pullFailed = false;
    while (!abort.signal.aborted && !nc.isClosed()) {
      let msg: JsMsg | null;
      try {
        msg = await consumer.next({ expires: PULL_EXPIRES_MS });
      } catch (err) {
        // NATS restarting or unreachable: pull again once it is back.
        if (!abort.signal.aborted) logger.warn({ err, durable }, 'could not pull a job; trying again');
        pullFailed = true;
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (pullFailed) logger.info({ durable }, 'pulling jobs again');
      pullFailed = false;
      if (!msg) continue;
      if (abort.signal.aborted) {
        msg.nak();
        break;
      }
      running = runOne(msg);
      await running;
    }
  })();

  async function runOne(msg: JsMsg) {
    const attempt = msg.info.redeliveryCount;
    const heartbeat = setInterval(() => msg.working(), Math.max(500, (ackWaitSeconds * 1000) / 3));
    jobsRunning.inc({ kind });
    const timer = jobDuration.startTimer({ kind });
    let outcome = 'succeeded';
    try {
      const job = fromBinary(schema, msg.data);
      // A dependency that is down is waited for here: a job must not spend its attempts on an outage.
      await retryWhileUnavailable(
        () => options.handle(job, { attempt, lastAttempt: attempt >= maxDeliver, signal: abort.signal }),
        abort.signal,
        (m) => logger.warn({ subject: msg.subject, attempt }, m),
        (m) => logger.info({ subject: msg.subject, attempt }, m),
      );
      msg.ack();
    } catch (err) {
      if (abort.signal.aborted) {
        outcome = 'handed_back';
        msg.nak();
      } else if (attempt >= maxDeliver) {
        outcome = 'failed';
        logger.error({ err, subject: msg.subject, attempt }, 'job failed for the last time');
        msg.nak();
      } else {
        outcome = 'retried';
        logger.warn({ err, subject: msg.subject, attempt }, 'job failed; it will be retried');
        msg.nak(Math.min(30_000, 1000 * 2 ** attempt));
      }
    } finally {
      clearInterval(heartbeat);
      jobsRunning.dec({ kind });
      timer({ outcome });
      jobsFinished.inc({ kind, outcome });
    }
  }

  return {
    async stop() {
      abort.abort();
      unwatch();
      // The running job sees the abort, stops its work and naks, so another worker takes it at once.
      // Bounded: a server that does not answer must not hold the shutdown.
      await settleWithin(running, STOP_SECONDS * 1000);
    },
  };
}

/** A job that used up its deliveries, as JetStream kept it. */
export interface DeadJob {
  subject: string;
  data: Uint8Array;
  /** The dedupe id it was enqueued with (JobPublisher.enqueue), '' when it had none. */
  dedupeId: string;
  deliveries: number;
}

export interface DeadLetterConsumerOptions {
  nc: NatsConnection;
  /** Durable consumer name, shared by the replicas of the service that owns the jobs' records. */
  durable: string;
  logger: Logger;
  /** Must be idempotent (at-least-once); a throw is retried. */
  handle(job: DeadJob): Promise<void>;
}

interface MaxDeliveriesAdvisory {
  stream: string;
  consumer: string;
  stream_seq: number;
  deliveries: number;
}

/**
 * Consumes the MAX_DELIVERIES advisories of the JOBS stream (stored in JOBS_DEAD_LETTERS, so none is
 * lost while the owner is down): reads the dead job from JOBS, hands it to `handle`, then removes it
 * from JOBS, where a work queue would otherwise keep it for ever.
 */
export async function startDeadLetterConsumer(options: DeadLetterConsumerOptions): Promise<JobWorker> {
  const { nc, durable, logger } = options;
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.consumers.info(JOBS_DEAD_LETTERS_STREAM, durable);
  } catch {
    await jsm.consumers
      .add(JOBS_DEAD_LETTERS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30_000),
        max_deliver: 20,
      })
      .catch(async (err) => {
        // Another replica created it between our look and our add.
        await jsm.consumers.info(JOBS_DEAD_LETTERS_STREAM, durable).catch(() => {
          throw err;
        });
      });
  }
  const consumer = await nc.jetstream().consumers.get(JOBS_DEAD_LETTERS_STREAM, durable);
  let stopping = false;
  let messages: ConsumerMessages | undefined;

  async function handleOne(msg: JsMsg) {
    let advisory: MaxDeliveriesAdvisory;
    try {
      advisory = msg.json<MaxDeliveriesAdvisory>();
    } catch (err) {
      logger.error({ err, seq: msg.seq }, 'unreadable dead-letter advisory dropped');
      msg.term();
      return;
    }
    try {
      const stored = await jsm.streams.getMessage(JOBS_STREAM, { seq: advisory.stream_seq }).catch((err: unknown) => {
        if (isNoMessage(err)) return null;
        throw err;
      });
      if (stored) {
        const dedupeId = stored.header?.get(DEDUPE_HEADER) ?? '';
        logger.error({ subject: stored.subject, dedupeId, deliveries: advisory.deliveries, consumer: advisory.consumer }, 'job dead-lettered');
        await options.handle({ subject: stored.subject, data: stored.data, dedupeId, deliveries: advisory.deliveries });
        await jsm.streams.deleteMessage(JOBS_STREAM, advisory.stream_seq, false).catch(() => false);
      }
      msg.ack();
    } catch (err) {
      logger.warn({ err, seq: advisory.stream_seq }, 'dead job not handled; it will be retried');
      msg.nak(Math.min(30_000, 1000 * 2 ** msg.info.redeliveryCount));
    }
  }

  const loop = (async () => {
    messages = await consumer.consume({ max_messages: 10 });
    for await (const msg of messages) {
      await handleOne(msg);
      if (stopping) break;
    }
  })();

  return {
    async stop() {
      stopping = true;
      await settleWithin(
        (async () => {
          await messages?.close();
          await loop;
        })(),
        STOP_SECONDS * 1000,
      );
    },
  };
}

/**
 * The dedupe ids of every job now in the JOBS stream (waiting, running, or dead and not yet
 * cleared): what a reconciler compares its records with.
 */
export async function queuedJobDedupeIds(nc: NatsConnection): Promise<Set<string>> {
  const jsm = await nc.jetstreamManager();
  const ids = new Set<string>();
  const { state } = await jsm.streams.info(JOBS_STREAM);
  if (state.messages === 0) return ids;
  let seq = state.first_seq;
  while (seq <= state.last_seq) {
    // The server skips the gaps acks leave (next_by_subj); the client's type only lists it for direct gets.
    const query = { seq, next_by_subj: 'job.>' } as unknown as MsgRequest;
    const msg = await jsm.streams.getMessage(JOBS_STREAM, query).catch((err: unknown) => {
      if (isNoMessage(err)) return null;
      throw err;
    });
    if (!msg) break;
    const id = msg.header?.get(DEDUPE_HEADER);
    if (id) ids.add(id);
    seq = msg.seq + 1;
  }
  return ids;
}

/** JetStream's "no message found" (404), as opposed to a server that did not answer. */
function isNoMessage(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { code?: number } };
  return e.api_error?.code === 404 || e.code === '404';
}
