import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, type RpcClient } from '@reelsmith/kit';
import { commonV1, contractRegistry, type mediaV1 } from '@reelsmith/proto';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { eventually } from '../../../test/support/wait';
import { startServiceApp } from '../../../test/support/service-app';
import { configSchema, workerConfigSchema } from '../src/config';
import { JobReconciler, type Reconciled, UNTOUCHED_FOR_MS } from '../src/job-reconciler';
import { MediaModule } from '../src/media.module';
import { VideosRepository } from '../src/videos.repository';
import { WorkerModule } from '../src/worker/worker.module';
import { Rpc, uploadFile, waitForStatus } from './harness';

const WORK_DIR_REASON =
  'The video could not be processed: the server could not use its working folder. This is not a problem with your video; press Retry later.';

describe('failures reach the video: last attempts, hung jobs, dead letters, lost jobs and retries', () => {
  let api: INestApplication;
  let client: RpcClient;
  let db: DataSource;
  let nc: NatsConnection;
  const alice = randomUUID();
  const bob = randomUUID();
  const scratch = mkdtempSync(join(tmpdir(), 'reelsmith-failures-'));

  beforeAll(async () => {
    api = await startServiceApp('media', configSchema, (c) => MediaModule.register(c));
    db = api.get(DataSource);
    client = createRpcClient(process.env.NATS_URL!, 20_000);
    await client.connect();
    nc = await connect({ servers: process.env.NATS_URL });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await client?.close();
    await api?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A worker that gives a job two deliveries, two seconds each without a heartbeat. */
  const startWorker = (env: Record<string, string> = {}) =>
    startServiceApp('media-worker', workerConfigSchema, (c) => WorkerModule.register(c), {
      rpc: false,
      env: { JOB_ACK_WAIT_SECONDS: '2', JOB_MAX_DELIVER: '2', WORK_DIR: '', ...env },
    });

  async function upload(userId: string) {
    const { uploadUrl, size } = await uploadFile(client, userId, 'h264-aac.mp4');
    return client.call(Rpc.uploadComplete, { userId, videoUrl: uploadUrl, title: 'Final', originalFilename: 'final.mp4', fileSize: BigInt(size), duration: 0 });
  }

  /** The evt.media.video.failed events of one user published from now on. */
  function failedEvents(userId: string) {
    const seen: mediaV1.VideoFailed[] = [];
    const sub = nc.subscribe('evt.media.video.failed', {
      callback: (_, msg) => {
        const event = anyUnpack(fromBinary(commonV1.EventEnvelopeSchema, msg.data).payload!, contractRegistry) as mediaV1.VideoFailed;
        if (event.userId === userId) seen.push(event);
      },
    });
    return { seen, stop: () => sub.unsubscribe() };
  }

  /** How many messages JOBS holds now under each dedupe id. */
  async function jobsByDedupeId(): Promise<Map<string, number>> {
    const jsm = await nc.jetstreamManager();
    const { state } = await jsm.streams.info('JOBS');
    const counts = new Map<string, number>();
    for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
      const msg = await jsm.streams.getMessage('JOBS', { seq }).catch(() => null);
      const id = msg?.header?.get('Nats-Msg-Id');
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  async function insertVideo(status: string, objectKey: string): Promise<string> {
    const rows = await db.query(
      `INSERT INTO media.videos (user_id, title, original_filename, object_key, file_size, duration, status, stage)
       VALUES ($1, 'Lost job', 'lost.mp4', $2, 1000, 4, $3, $4) RETURNING id`,
      [alice, objectKey, status, status === 'uploaded' ? 'queued' : 'validating'],
    );
    return rows[0].id as string;
  }

  it('ends in error with a readable reason when the work dir is gone, and a retry processes it', async () => {
    const workDir = join(scratch, 'work');
    mkdirSync(workDir);
    const worker = await startWorker({ WORK_DIR: workDir });
    rmSync(workDir, { recursive: true });
    const events = failedEvents(alice);
    try {
      const created = await upload(alice);
      const failed = await waitForStatus(client, alice, created.id, ['processed', 'error']);
      expect(failed).toMatchObject({ status: 'error', stage: 'failed', errorReason: WORK_DIR_REASON });
      // The status is written before the event is published: the event may arrive a moment after.
      await eventually(() => expect(events.seen).toEqual([expect.objectContaining({ videoId: created.id, userId: alice, reason: WORK_DIR_REASON })]));

      const foreign = await rejection(client.call(Rpc.videosRetry, { userId: bob, videoId: created.id }));
      expect(foreign.code).toBe(ErrorCode.NOT_FOUND);
      expect((await client.call(Rpc.videosGet, { userId: alice, videoId: created.id })).status).toBe('error');

      mkdirSync(workDir);
      const retried = await client.call(Rpc.videosRetry, { userId: alice, videoId: created.id });
      expect(retried).toMatchObject({ status: 'uploaded', stage: 'queued', errorReason: '' });
      const done = await waitForStatus(client, alice, created.id, ['processed', 'error']);
      expect(done).toMatchObject({ status: 'processed', errorReason: '' });

      const again = await rejection(client.call(Rpc.videosRetry, { userId: alice, videoId: created.id }));
      expect(again.code).toBe(ErrorCode.CONFLICT);
      expect(again.message).toBe('Only a video that failed can be retried; this one is processed.');
    } finally {
      events.stop();
      await worker.close();
    }
  }, 120_000);

  it('kills a hung ffmpeg at the deadline while the worker heartbeats, and says so', async () => {
    const hangingFfmpeg = join(scratch, 'ffmpeg-that-hangs');
    writeFileSync(hangingFfmpeg, '#!/bin/sh\nexec sleep 600\n');
    chmodSync(hangingFfmpeg, 0o755);
    // Processing a 4 s video may take (120 + 4 x 4) s; a factor of 0.02 makes that under 3 s.
    const worker = await startWorker({ FFMPEG_PATH: hangingFfmpeg, JOB_DEADLINE_FACTOR: '0.02' });
    try {
      const created = await upload(alice);
      const failed = await waitForStatus(client, alice, created.id, ['processed', 'error']);
      expect(failed.status).toBe('error');
      expect(failed.errorReason).toBe(
        'The video could not be processed: it was stopped after 1 minute, far longer than this video needs. Press Retry to try again.',
      );
      // The video's status is written before the job is acknowledged, so the job leaves the queue just after.
      await eventually(async () => expect((await jobsByDedupeId()).has(created.id)).toBe(false));
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('fails the video of a job whose worker died on every delivery (MAX_DELIVERIES advisory)', async () => {
    await (await startWorker()).close(); // leaves the durable set to two deliveries of two seconds
    const events = failedEvents(alice);
    const created = await upload(alice);
    const consumer = await nc.jetstream().consumers.get('JOBS', 'media-process');
    // Take the job twice and never acknowledge it: what a worker SIGKILLed mid-job does.
    for (let delivery = 1; delivery <= 2; delivery++) {
      const msg = await consumer.next({ expires: 10_000 });
      expect(msg?.info.redeliveryCount).toBe(delivery);
    }
    // The next pull finds the job dead: JetStream reports it instead of delivering it a third time.
    expect(await consumer.next({ expires: 5000 })).toBeNull();
    const failed = await waitForStatus(client, alice, created.id, ['processed', 'error']);
    const reason = 'The video could not be processed: the work stopped without finishing 2 times. Press Retry to try again.';
    expect(failed).toMatchObject({ status: 'error', errorReason: reason });
    // What the batches service counts as a failed item.
    await eventually(() => expect(events.seen).toEqual([expect.objectContaining({ videoId: created.id, reason })]));
    events.stop();
    await eventually(async () => expect((await jobsByDedupeId()).has(created.id)).toBe(false));
  }, 120_000);

  it('fails the video of a job message nobody can read', async () => {
    const { uploadUrl } = await uploadFile(client, alice, 'h264-aac.mp4');
    const videoId = await insertVideo('uploaded', new URL(uploadUrl).pathname.replace(/^\/[^/]+\//, ''));
    await nc.jetstream().publish('job.media.process', new TextEncoder().encode('\u00ff not protobuf'), { msgID: videoId });
    const worker = await startWorker();
    try {
      const failed = await waitForStatus(client, alice, videoId, ['processed', 'error']);
      expect(failed).toMatchObject({
        status: 'error',
        errorReason: 'The video could not be processed: the work stopped without finishing 2 times. Press Retry to try again.',
      });
      await eventually(async () => expect((await jobsByDedupeId()).has(videoId)).toBe(false));
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('re-queues records left without a job at start, once with two replicas, and fails those that cannot run', async () => {
    const { uploadUrl } = await uploadFile(client, alice, 'h264-aac.mp4');
    const lost = await insertVideo('uploaded', new URL(uploadUrl).pathname.replace(/^\/[^/]+\//, ''));
    const missingFile = await insertVideo('processing', `uploads/${alice}/${randomUUID()}`);
    const waiting = await upload(alice); // its job waits in JOBS: no worker runs

    const replicas = await Promise.all([1, 2].map(() => startServiceApp('media', configSchema, (c) => MediaModule.register(c))));
    try {
      const jobs = await jobsByDedupeId();
      expect(jobs.get(lost)).toBe(1);
      expect(jobs.get(waiting.id)).toBe(1);
      expect(jobs.has(missingFile)).toBe(false);
      expect(await client.call(Rpc.videosGet, { userId: alice, videoId: missingFile })).toMatchObject({
        status: 'error',
        errorReason: 'The uploaded file is missing. Please upload the video again.',
      });

      const worker = await startWorker();
      try {
        expect((await waitForStatus(client, alice, lost, ['processed', 'error'])).status).toBe('processed');
        expect((await waitForStatus(client, alice, waiting.id, ['processed', 'error'])).status).toBe('processed');
      } finally {
        await worker.close();
      }
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  }, 180_000);

  it('while running, re-queues a record whose job was lost ten minutes ago and leaves alone one touched since', async () => {
    const { uploadUrl } = await uploadFile(client, alice, 'h264-aac.mp4');
    const key = new URL(uploadUrl).pathname.replace(/^\/[^/]+\//, '');
    const lostLongAgo = await insertVideo('uploaded', key);
    const lostJustNow = await insertVideo('uploaded', key);
    await db.query(`UPDATE media.videos SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [lostLongAgo]);

    const { requeued, failed } = await api.get(JobReconciler).reconcile(new Date(Date.now() - UNTOUCHED_FOR_MS));
    expect(requeued).toEqual([lostLongAgo]);
    expect(failed).toEqual([]);
    const jobs = await jobsByDedupeId();
    expect(jobs.get(lostLongAgo)).toBe(1);
    expect(jobs.has(lostJustNow)).toBe(false);

    // A second pass finds its job in JOBS and queues nothing twice.
    expect((await api.get(JobReconciler).reconcile(new Date(Date.now() - UNTOUCHED_FOR_MS))).requeued).toEqual([]);
    expect((await jobsByDedupeId()).get(lostLongAgo)).toBe(1);
  }, 60_000);

  /** A video of alice's, its upload in storage, whose job was lost eleven minutes ago. */
  async function insertLostVideo(): Promise<string> {
    const { uploadUrl } = await uploadFile(client, alice, 'h264-aac.mp4');
    const id = await insertVideo('uploaded', new URL(uploadUrl).pathname.replace(/^\/[^/]+\//, ''));
    await db.query(`UPDATE media.videos SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    return id;
  }

  it('passes again by itself every RECONCILE_JOBS_EVERY_MS, and no more once the service stops', async () => {
    const replica = await startServiceApp('media', configSchema, (c) => MediaModule.register(c), { env: { RECONCILE_JOBS_EVERY_MS: '300' } });
    const reconciler = replica.get(JobReconciler);
    const periodic = jest.spyOn(reconciler, 'reconcileUnlessRunning');
    try {
      const lost = await insertLostVideo(); // after the pass at start: only a later pass can find it
      const deadline = Date.now() + 15_000;
      while (!(await jobsByDedupeId()).has(lost)) {
        if (Date.now() > deadline) throw new Error('no pass queued the lost job again');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(periodic).toHaveBeenCalledWith(expect.any(Date));
    } finally {
      await replica.close();
    }
    const passes = periodic.mock.calls.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(periodic).toHaveBeenCalledTimes(passes);
  }, 60_000);

  it('two replicas passing at once: one makes the pass, the other skips it', async () => {
    const replica = await startServiceApp('media', configSchema, (c) => MediaModule.register(c));
    const videos = api.get(VideosRepository);
    const list = videos.listUnsettled.bind(videos);
    // api's pass, once it holds the lock, waits in its first read until the test lets it go on.
    let inPass!: () => void;
    const entered = new Promise<void>((resolve) => (inPass = resolve));
    let goOn!: () => void;
    const released = new Promise<void>((resolve) => (goOn = resolve));
    const read = jest.spyOn(videos, 'listUnsettled').mockImplementation(async () => {
      inPass();
      await released;
      return list();
    });
    try {
      const since = () => new Date(Date.now() - UNTOUCHED_FOR_MS);
      let first: Promise<Reconciled | null>;
      // Another suite's service may be in its pass at start for a moment: try until api gets the lock.
      do first = api.get(JobReconciler).reconcileUnlessRunning(since());
      while (await Promise.race([entered.then(() => false), first.then((r) => r === null)]));
      // Made while api holds the lock, so no other replica's pass can queue it first.
      const lost = await insertLostVideo();

      expect(await replica.get(JobReconciler).reconcileUnlessRunning(since())).toBeNull();
      goOn();
      expect((await first)?.requeued).toContain(lost);
      expect((await jobsByDedupeId()).get(lost)).toBe(1);
    } finally {
      read.mockRestore();
      goOn();
      await replica.close();
    }
  }, 60_000);
});
