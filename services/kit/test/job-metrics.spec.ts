import { randomUUID } from 'node:crypto';
import { mediaV1 } from '@reelsmith/proto';
import { connect, type NatsConnection } from 'nats';
import { ensureStreams } from '../src/jetstream';
import { JobPublisher, type JobWorker, startJobWorker } from '../src/jobs';
import { createLogger } from '../src/logger';
import { metricsRegistry } from '../src/metrics';
import { type NatsServer, startNatsServer, stopNatsServer } from '../../../test/support/infra';
import { eventually } from '../../../test/support/wait';

/** The value of one series on /metrics, 0 when absent. */
async function sample(series: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('job metrics on a real JetStream work queue', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  let worker: JobWorker | undefined;

  beforeAll(async () => {
    server = await startNatsServer();
    nc = await connect({ servers: server.url });
    await ensureStreams(nc, 1);
  });
  afterAll(async () => {
    await worker?.stop();
    await nc?.close();
    if (server) await stopNatsServer(server);
  });

  it('reports jobs waiting and running by kind, the consumer lag, and each attempt by outcome with its duration', async () => {
    const releases: Array<() => void> = [];
    worker = await startJobWorker({
      nc,
      schema: mediaV1.ProcessJobSchema,
      durable: 'metrics-process',
      ackWaitSeconds: 30,
      maxDeliver: 1,
      logger: createLogger('test', 'silent'),
      handle: (job) => new Promise<void>((resolve, reject) => releases.push(() => (job.videoId === 'bad' ? reject(new Error('broken')) : resolve()))),
    });
    const publisher = new JobPublisher(nc.jetstream());
    for (const videoId of ['good', 'bad', 'good2']) await publisher.enqueue(mediaV1.ProcessJobSchema, { videoId, userId: 'u' }, randomUUID());

    const until = (check: () => Promise<boolean>) => eventually(async () => expect(await check()).toBe(true));
    await until(async () => releases.length === 1);
    // One running (delivered, not acked), two waiting; the lag is read from the server at scrape time
    // (a sample is reused for a second), so the scrape is repeated until it shows the server's state.
    await eventually(async () => {
      expect(await sample('reelsmith_jobs_running{kind="media.process"}')).toBe(1);
      expect(await sample('reelsmith_jobs_queued{kind="media.process"}')).toBe(2);
      expect(await sample('reelsmith_jetstream_consumer_pending{stream="JOBS",consumer="metrics-process"}')).toBe(2);
      expect(await sample('reelsmith_jetstream_consumer_ack_pending{stream="JOBS",consumer="metrics-process"}')).toBe(1);
    });

    for (let n = 1; n <= 3; n++) {
      await until(async () => releases.length >= n);
      releases[n - 1]();
    }
    await until(async () => (await sample('reelsmith_jobs_total{kind="media.process",outcome="succeeded"}')) === 2);
    expect(await sample('reelsmith_jobs_total{kind="media.process",outcome="succeeded"}')).toBe(2);
    expect(await sample('reelsmith_jobs_total{kind="media.process",outcome="failed"}')).toBe(1);
    expect(await sample('reelsmith_job_duration_seconds_count{kind="media.process",outcome="succeeded"}')).toBe(2);
    expect(await sample('reelsmith_jobs_running{kind="media.process"}')).toBe(0);
    await eventually(async () => {
      expect(await sample('reelsmith_jobs_queued{kind="media.process"}')).toBe(0);
      expect(await sample('reelsmith_jetstream_consumer_ack_pending{stream="JOBS",consumer="metrics-process"}')).toBe(0);
    });

    // A stopped worker no longer reports the consumer, from the next scrape on.
    await worker.stop();
    worker = undefined;
    expect(await metricsRegistry.metrics()).not.toContain('consumer="metrics-process"');
  });

  it('counts a job handed back when its worker stops, and the job is waiting again for another worker', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const handBack = await startJobWorker({
      nc,
      schema: mediaV1.RenderJobSchema,
      durable: 'metrics-render',
      ackWaitSeconds: 30,
      maxDeliver: 3,
      logger: createLogger('test', 'silent'),
      handle: (_job, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('stopping')), { once: true });
        }),
    });
    await new JobPublisher(nc.jetstream()).enqueue(mediaV1.RenderJobSchema, { highlightId: 'h1', userId: 'u' }, randomUUID());
    await running;
    await handBack.stop();
    expect(await sample('reelsmith_jobs_total{kind="media.render",outcome="handed_back"}')).toBe(1);
    expect(await sample('reelsmith_jobs_running{kind="media.render"}')).toBe(0);
    const info = await (await nc.jetstreamManager()).consumers.info('JOBS', 'metrics-render');
    expect(info.num_pending + info.num_redelivered + info.num_ack_pending).toBeGreaterThanOrEqual(1);
  });
});
