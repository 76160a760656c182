import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { jobSubject } from '@reelsmith/proto';
import { AckPolicy, type JetStreamClient, type JsMsg, type NatsConnection, nanos } from 'nats';
import type { Logger } from './logger';
import { settleWithin } from './settle';
import { retryWhileUnavailable } from './unavailable';

const JOBS_STREAM = 'JOBS';

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

export interface JobWorker { stop(): Promise<void> }

const STOP_SECONDS = 10;
const PULL_EXPIRES_MS = 5000;

/**
 * Pulls jobs one at a time from a durable consumer. While a job runs it heartbeats (so a long job is
 * not taken away), acks on success, retries with a delay on failure, and gives up after maxDeliver.
 * A worker that dies stops heartbeating; after ackWait the job goes to another worker.
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
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();

  // One job at a time, pulled only when the last one is done: a prefetched job would wait unseen
  // (no heartbeat), be redelivered after ackWait and spend its attempts while this worker is busy.
  void (async () => {
    while (!abort.signal.aborted && !nc.isClosed()) {
      let msg: JsMsg | null;
      try {
        msg = await consumer.next({ expires: PULL_EXPIRES_MS });
      } catch (err) {
        // NATS restarting or unreachable: pull again once it is back.
        if (!abort.signal.aborted) logger.warn({ err, durable }, 'could not pull a job; trying again');
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
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
    try {
      const job = fromBinary(schema, msg.data);
      // A dependency that is down is waited for here: a job must not spend its attempts on an outage.
      await retryWhileUnavailable(() => options.handle(job, { attempt, lastAttempt: attempt >= maxDeliver, signal: abort.signal }), abort.signal, (m) => logger.warn({ subject: msg.subject, attempt }, m));
      msg.ack();
    } catch (err) {
      if (abort.signal.aborted) {
        msg.nak();
      } else if (attempt >= maxDeliver) {
        logger.error({ err, subject: msg.subject, attempt }, 'job failed for the last time');
        msg.term();
      } else {
        logger.warn({ err, subject: msg.subject, attempt }, 'job failed; it will be retried');
        msg.nak(Math.min(30_000, 1000 * 2 ** attempt));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    async stop() {
      abort.abort();
      // The running job sees the abort, stops its work and naks, so another worker takes it at once.
      // Bounded: a server that does not answer must not hold the shutdown.
      await settleWithin(running, STOP_SECONDS * 1000);
    },
  };
}
