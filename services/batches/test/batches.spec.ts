import { createReadStream, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, EventPublisher, ObjectStorage, RpcClient, storageConfigSchema } from '@reelsmith/kit';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { batchesV1, commonV1, mediaV1 } from '@reelsmith/proto';
import { AckPolicy, connect, nanos, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { emptyVideo, fakeVideo, tinyClip, truncatedVideo } from '../../../test/support/batch-media';
import { rejection } from '../../../test/support/rpc';
import { startMedia } from '../../media/test/harness';
import { BatchesModule } from '../src/batches.module';
import { startServiceApp } from '../../../test/support/service-app';
import { waitUntilConsumed } from '../../../test/support/wait';
import { configSchema } from '../src/config';

const Rpc = batchesV1.BatchesService.method;
const MediaRpc = mediaV1.MediaService.method;

const startBatches = () => startServiceApp('batches', configSchema, (c) => BatchesModule.register(c));

async function waitForBatch(client: RpcClient, userId: string, batchId: string, done: (b: batchesV1.Batch) => boolean, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await client.call(Rpc.batchesGet, { userId, batchId });
    if (done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`batch stayed ${batch.status} ${batch.processedVideos}+${batch.failedVideos}/${batch.totalVideos}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('batches service over real NATS, PostgreSQL, S3, media and ffmpeg', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let app: INestApplication;
  let client: RpcClient;
  let storage: ObjectStorage;
  let nc: NatsConnection;
  const alice = randomUUID();
  const bob = randomUUID();

  /** What the gateway does with each part: stream it into the store under the user's uploads. */
  async function store(userId: string, path: string, originalFilename: string) {
    const objectKey = `uploads/${userId}/${randomUUID()}`;
    const size = await storage.writeStream(objectKey, createReadStream(path), 'video/mp4');
    return { objectKey, originalFilename, size: BigInt(size), contentType: 'video/mp4' };
  }

  beforeAll(async () => {
    media = await startMedia();
    app = await startBatches();
    client = createRpcClient(process.env.NATS_URL!, 120_000);
    await client.connect();
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
    nc = await connect({ servers: process.env.NATS_URL });
  }, 120_000);

  afterAll(async () => {
    await nc?.drain();
    await client?.close();
    await app?.close();
    await media?.stop();
  });

  /** Every evt.batches.batch.finished of a batch on the EVENTS stream. */
  async function finishedEvents(batchId: string) {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.consumers.add('EVENTS', {
      filter_subject: 'evt.batches.batch.finished',
      ack_policy: AckPolicy.None,
      inactive_threshold: nanos(60_000),
    });
    const consumer = await nc.jetstream().consumers.get('EVENTS', info.name);
    const found: batchesV1.BatchFinished[] = [];
    for (;;) {
      const msg = await consumer.next({ expires: 1000 });
      if (!msg) break;
      const event = anyUnpack(fromBinary(commonV1.EventEnvelopeSchema, msg.data).payload!, batchesV1.BatchFinishedSchema)!;
      if (event.batchId === batchId) found.push(event);
    }
    return found;
  }

  it('streams an object of unknown length into the store byte for byte', async () => {
    const file = await store(alice, tinyClip(0), 'a.mp4');
    expect(Number(file.size)).toBe(readFileSync(tinyClip(0)).length);
    expect((await storage.stat(file.objectKey))?.size).toBe(Number(file.size));
    await storage.remove([file.objectKey]);
  });

  it("creates batches with a trimmed name, lists the owner's newest first and hides them from others", async () => {
    expect((await rejection(client.call(Rpc.batchesCreate, { userId: alice, name: '   ', description: '' }))).message).toBe(
      'Please enter a name for this batch',
    );
    const first = await client.call(Rpc.batchesCreate, { userId: alice, name: '  Cup day 1 ', description: ' morning ' });
    const second = await client.call(Rpc.batchesCreate, { userId: alice, name: 'Cup day 2', description: '' });
    expect(first).toMatchObject({ name: 'Cup day 1', description: 'morning', status: 'pending', totalVideos: 0, processedVideos: 0, failedVideos: 0 });
    const { batches } = await client.call(Rpc.batchesList, { userId: alice });
    expect(batches.map((b) => b.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await client.call(Rpc.batchesList, { userId: bob })).batches).toEqual([]);
    for (const call of [
      () => client.call(Rpc.batchesGet, { userId: bob, batchId: first.id }),
      () => client.call(Rpc.reportGet, { userId: bob, batchId: first.id }),
      () => client.call(Rpc.videosAdd, { userId: bob, batchId: first.id, files: [] }),
      () => client.call(Rpc.batchesGet, { userId: alice, batchId: 'not-a-uuid' }),
    ])
      expect((await rejection(call())).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses more than 50 videos and creates nothing', async () => {
    const batch = await client.call(Rpc.batchesCreate, { userId: alice, name: 'Too many', description: '' });
    const files = Array.from({ length: 51 }, (_, i) => ({
      objectKey: `uploads/${alice}/${randomUUID()}`,
      originalFilename: `${i}.mp4`,
      size: 1n,
      contentType: 'video/mp4',
    }));
    const failure = await rejection(client.call(Rpc.videosAdd, { userId: alice, batchId: batch.id, files }));
    expect(failure).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, message: 'Maximum 50 videos per batch' });
    expect(await client.call(Rpc.batchesGet, { userId: alice, batchId: batch.id })).toMatchObject({ totalVideos: 0, status: 'pending' });
    // Another user's objects cannot be slipped in.
    const foreign = await rejection(
      client.call(Rpc.videosAdd, { userId: alice, batchId: batch.id, files: [{ ...files[0], objectKey: `uploads/${bob}/${randomUUID()}` }] }),
    );
    expect(foreign.code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('processes good files to highlights, accounts for bad ones, counts once per redelivered event, and reports it all', async () => {
    const batch = await client.call(Rpc.batchesCreate, { userId: alice, name: 'Summer League', description: 'two good, three bad' });
    const files = [
      await store(alice, tinyClip(1), 'goal-1.mp4'),
      await store(alice, fakeVideo(), 'meeting-notes.mp4'),
      await store(alice, tinyClip(2), 'goal-2.mp4'),
      await store(alice, truncatedVideo(), 'cut-short.mp4'),
      await store(alice, emptyVideo(), 'empty.mp4'),
    ];
    const added = await client.call(Rpc.videosAdd, { userId: alice, batchId: batch.id, files }, { timeoutMs: 120_000 });
    expect(added.videos.map((v) => [v.originalFilename, v.status])).toEqual([
      ['goal-1.mp4', 'processing'],
      ['meeting-notes.mp4', 'failed'],
      ['goal-2.mp4', 'processing'],
      ['cut-short.mp4', 'failed'],
      ['empty.mp4', 'failed'],
    ]);
    expect(added.videos[4].errorReason).toBe('The file is empty.');
    expect(added.videos[1].errorReason).toMatch(/not a video we can read/);
    expect(added.batch).toMatchObject({ status: 'processing', totalVideos: 5, failedVideos: 3 });
    // Refused files leave nothing behind in the store.
    for (const i of [1, 3, 4]) expect(await storage.stat(files[i].objectKey)).toBeNull();
    // The good ones are videos of the batch in media.
    const video = await media.client.call(MediaRpc.videosGet, { userId: alice, videoId: added.videos[0].videoId });
    expect(video.batchId).toBe(batch.id);

    const done = await waitForBatch(client, alice, batch.id, (b) => b.status !== 'processing');
    expect(done).toMatchObject({ status: 'completed', totalVideos: 5, processedVideos: 2, failedVideos: 3 });

    // Redeliveries and stale events (new envelope ids, same facts) change nothing, and no second reel is requested.
    const events = app.get(EventPublisher);
    for (const v of added.videos.filter((x) => x.videoId)) {
      await events.publish(mediaV1.VideoProcessedSchema, { videoId: v.videoId, userId: alice, title: 'x', duration: 1 });
      await events.publish(mediaV1.VideoFailedSchema, { videoId: v.videoId, userId: alice, title: 'x', reason: 'late' });
    }
    const ready = await client.call(Rpc.reportGet, { userId: alice, batchId: batch.id });
    const highlightId = JSON.parse(ready.json).videos[0].highlights.id as string;
    await events.publish(mediaV1.HighlightsReadySchema, { highlightId, videoId: added.videos[0].videoId, userId: alice, title: 'x', kind: 'highlights' });
    // Each of them has been handled (acknowledged by the batches consumer of its subject) before the checks.
    for (const durable of ['batches-video-processed', 'batches-video-failed', 'batches-highlights-ready']) await waitUntilConsumed(nc, durable);
    expect(await client.call(Rpc.batchesGet, { userId: alice, batchId: batch.id })).toMatchObject({ status: 'completed', processedVideos: 2, failedVideos: 3 });
    expect((await media.client.call(MediaRpc.highlightsList, { userId: alice, videoId: added.videos[0].videoId })).highlights).toHaveLength(1);
    // The batch's end went out once as evt.batches.batch.finished (for the notifications service's mail).
    const finished = await finishedEvents(batch.id);
    expect(finished).toEqual([
      expect.objectContaining({
        batchId: batch.id,
        userId: alice,
        name: 'Summer League',
        status: 'completed',
        totalVideos: 5,
        processedVideos: 2,
        failedVideos: 3,
      }),
    ]);

    const report = await client.call(Rpc.reportGet, { userId: alice, batchId: batch.id });
    expect(report.filename).toBe('summer-league-report.json');
    const doc = JSON.parse(report.json);
    expect(doc.batch).toMatchObject({
      id: batch.id,
      name: 'Summer League',
      status: 'completed',
      totalVideos: 5,
      processedVideos: 2,
      failedVideos: 3,
      progressPercent: 40,
    });
    expect(doc.videos).toHaveLength(5);
    const good = doc.videos[0];
    expect(good).toMatchObject({ originalFilename: 'goal-1.mp4', status: 'processed', videoStatus: 'processed', error: null });
    expect(good.duration).toBeGreaterThan(0.5);
    expect(good.highlights.status).toBe('ready');
    expect(good.highlights.moments.length).toBeGreaterThan(0);
    expect(good.timings.secondsToSettled).toBeGreaterThan(0);
    expect(doc.failures).toEqual([
      { originalFilename: 'meeting-notes.mp4', error: expect.stringMatching(/^Refused on upload: This file is not a video we can read/) },
      { originalFilename: 'cut-short.mp4', error: expect.stringMatching(/^Refused on upload: /) },
      { originalFilename: 'empty.mp4', error: 'Refused on upload: The file is empty.' },
    ]);
  }, 200_000);

  it('counts a failed video again once the user retried it and it worked', async () => {
    const batch = await client.call(Rpc.batchesCreate, { userId: bob, name: 'Retried', description: '' });
    const added = await client.call(
      Rpc.videosAdd,
      { userId: bob, batchId: batch.id, files: [await store(bob, tinyClip(3), 'goal.mp4')] },
      { timeoutMs: 120_000 },
    );
    const videoId = added.videos[0].videoId;
    await waitForBatch(client, bob, batch.id, (b) => b.status === 'completed');
    const db = app.get(DataSource);
    const [item] = await db.query(`SELECT "id", "highlight_id" FROM "batches"."batch_videos" WHERE "video_id" = $1`, [videoId]);
    const events = app.get(EventPublisher);

    // As if its processing had failed (media's retry then processes it): the processed event revives the item.
    await db.query(`UPDATE "batches"."batch_videos" SET "status" = 'failed', "processed_at" = NULL, "error_reason" = 'Processing failed' WHERE "id" = $1`, [
      item.id,
    ]);
    await db.query(`UPDATE "batches"."batches" SET "status" = 'error', "processed_videos" = 0, "failed_videos" = 1 WHERE "id" = $1`, [batch.id]);
    await events.publish(mediaV1.VideoProcessedSchema, { videoId, userId: bob, title: 'goal', duration: 1 });
    const revived = await waitForBatch(client, bob, batch.id, (b) => b.status === 'completed');
    expect(revived).toMatchObject({ processedVideos: 1, failedVideos: 0 });
    const [after] = await db.query(`SELECT "status", "error_reason", "settled_at" FROM "batches"."batch_videos" WHERE "id" = $1`, [item.id]);
    expect(after).toMatchObject({ status: 'processed', error_reason: '' });

    // As if its reel had failed and the user's retry of that reel worked.
    const [reel] = await db.query(`SELECT "highlight_id" FROM "batches"."batch_videos" WHERE "id" = $1`, [item.id]);
    await db.query(`UPDATE "batches"."batch_videos" SET "status" = 'failed', "error_reason" = 'Highlights failed: x' WHERE "id" = $1`, [item.id]);
    await events.publish(mediaV1.HighlightsReadySchema, { highlightId: randomUUID(), videoId, userId: bob, title: 'goal', kind: 'highlights' });
    await waitUntilConsumed(nc, 'batches-highlights-ready');
    // Another reel of the same video is not this item's: it stays failed.
    expect((await db.query(`SELECT "status" FROM "batches"."batch_videos" WHERE "id" = $1`, [item.id]))[0].status).toBe('failed');
    await events.publish(mediaV1.HighlightsReadySchema, { highlightId: reel.highlight_id, videoId, userId: bob, title: 'goal', kind: 'highlights' });
    await waitUntilConsumed(nc, 'batches-highlights-ready');
    expect((await db.query(`SELECT "status", "error_reason" FROM "batches"."batch_videos" WHERE "id" = $1`, [item.id]))[0]).toEqual({
      status: 'processed',
      error_reason: '',
    });
    expect(await client.call(Rpc.batchesGet, { userId: bob, batchId: batch.id })).toMatchObject({ status: 'completed', processedVideos: 1, failedVideos: 0 });
  }, 200_000);

  it('has migrations that match the entities (no drift)', async () => {
    const dataSource = app.get(DataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
