import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ErrorCode, RpcFailure } from '@reelsmith/kit';
import type { mediaV1 } from '@reelsmith/proto';
import { shortPlantedClip } from '../../../test/support/planted';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { workerConfigSchema } from '../src/config';
import { WorkerModule } from '../src/worker/worker.module';
import { Rpc, startMedia, uploadAndProcess, waitForHighlight } from './harness';

/**
 * waitForHighlight, tolerating an RPC that timed out: two workers and the API share this process,
 * and on a busy machine an analysis can hold its event loop past the client's deadline.
 */
async function waitReady(client: Awaited<ReturnType<typeof startMedia>>['client'], userId: string, highlightId: string) {
  const deadline = Date.now() + 800_000;
  for (;;) {
    try {
      return await waitForHighlight(client, userId, highlightId, 800_000);
    } catch (err) {
      if (!(err instanceof RpcFailure && err.code === ErrorCode.UNAVAILABLE) || Date.now() > deadline) throw err;
    }
  }
}

describe('platform presets and several lengths from one generate', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  // A second worker, so two versions of one generate are taken at the same time.
  let secondWorker: INestApplication;
  let secondWorkDir: string;
  const alice = randomUUID();
  const bob = randomUUID();
  let video: mediaV1.Video;
  const noCaptions = { captions: 'none' };

  beforeAll(async () => {
    // Generous deadlines: two workers and the API share this process on a shared machine.
    media = await startMedia({ JOB_DEADLINE_FACTOR: '5' });
    secondWorkDir = mkdtempSync(join(tmpdir(), 'reelsmith-second-worker-'));
    secondWorker = await startServiceApp('media-worker', workerConfigSchema, (c) => WorkerModule.register(c), {
      rpc: false,
      env: { JOB_ACK_WAIT_SECONDS: '5', JOB_DEADLINE_FACTOR: '5', WORK_DIR: secondWorkDir },
    });
    video = await uploadAndProcess(media.client, alice, shortPlantedClip().file);
    expect(video.status).toBe('processed');
  }, 120_000);

  afterAll(async () => {
    await media?.stop();
    await secondWorker?.close();
    if (secondWorkDir) rmSync(secondWorkDir, { recursive: true, force: true });
  });

  const versionsOf = async () => (await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id })).highlights;

  it('makes three 9:16 Shorts of at most 15, 30 and 60 s, each its own version, from one analysis', async () => {
    const queued = await media.client.call(Rpc.highlightsGenerate, {
      userId: alice,
      videoId: video.id,
      platform: 'shorts',
      lengths: [15, 30, 60],
      // Filled to each length, so the three differ (the clip has one strong moment).
      fillToLength: true,
      render: noCaptions,
    });
    expect(queued.versions.map((v) => [v.targetLength, v.platform, v.render?.aspect, v.status])).toEqual([
      [15, 'shorts', '9:16', 'queued'],
      [30, 'shorts', '9:16', 'queued'],
      [60, 'shorts', '9:16', 'queued'],
    ]);
    expect(queued.id).toBe(queued.versions[0].id);
    const numbers = queued.versions.map((v) => v.version);
    expect(new Set(numbers).size).toBe(3);

    const ready = await Promise.all(queued.versions.map((v) => waitReady(media.client, alice, v.id)));
    for (const [i, reel] of ready.entries()) {
      expect(reel).toMatchObject({ status: 'ready', errorReason: '', platform: 'shorts', targetLength: [15, 30, 60][i] });
      expect(reel.reelDuration).toBeGreaterThan(0);
      expect(reel.reelDuration).toBeLessThanOrEqual(reel.targetLength + 0.5);
      // A 640x360 source: the 9:16 reel at the lowest quality, never upscaled.
      expect([reel.reelWidth, reel.reelHeight]).toEqual([480, 854]);
    }
    // The 40 s clip gives a 15 s reel shorter than its 30 s one, and that one shorter than the 60 s one.
    expect(ready[0].reelDuration).toBeLessThan(ready[1].reelDuration);
    expect(ready[1].reelDuration).toBeLessThan(ready[2].reelDuration);
    // Analysed once: by the background job after processing or by one version's job, which alone took
    // time for it; the others, run by the two workers side by side, waited for it and read what it kept.
    const analysed = ready.filter((r) => (r.timings?.analysisSeconds ?? 0) > 0);
    expect(analysed.length).toBeLessThanOrEqual(1);
    expect(ready.filter((r) => r.timings?.analysisSeconds === undefined)).toHaveLength(3 - analysed.length);
    expect((await versionsOf()).filter((v) => v.platform === 'shorts')).toHaveLength(3);
  }, 900_000);

  it.each([
    ['square', 480, 480],
    ['portrait', 480, 600],
  ])(
    'crops a %s feed reel to its shape (%i x %i from a 640x360 source)',
    async (platform, width, height) => {
      const queued = await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, platform, targetLength: 15, render: noCaptions });
      expect(queued.versions).toHaveLength(1);
      const ready = await waitReady(media.client, alice, queued.id);
      expect(ready).toMatchObject({ status: 'ready', platform, reelWidth: width, reelHeight: height });
      // The kept analysis served it.
      expect(ready.timings?.analysisSeconds).toBeUndefined();
    },
    900_000,
  );

  it('refuses a contradicting aspect, a length above the platform limit and an unknown platform, making nothing', async () => {
    const before = (await versionsOf()).length;
    const cases: Array<[{ platform?: string; lengths?: number[]; targetLength?: number; render?: { aspect: string } }, RegExp]> = [
      [{ platform: 'tiktok', render: { aspect: '16:9' } }, /TikTok reels are 9:16/],
      [{ platform: 'shorts', lengths: [30, 90] }, /at most 60 seconds; 90 s is too long/],
      [{ platform: 'reels', targetLength: 90 }, /at most 60 seconds/],
      [{ platform: 'vine' }, /Platform must be one of/],
      [{ lengths: [15, 45] }, /lengths must be a list/],
      [{ lengths: [15, 30, 60, 90, 15, 30].slice(0, 4).concat([20]) }, /lengths must be a list/],
      [{ render: { aspect: '3:2' } }, /Aspect must be one of 16:9, 9:16, 1:1, 4:5/],
    ];
    for (const [fields, message] of cases) {
      const err = await rejection(media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, ...fields }));
      expect(err.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(err.message).toMatch(message);
    }
    const notHers = await rejection(media.client.call(Rpc.highlightsGenerate, { userId: bob, videoId: video.id, platform: 'shorts', lengths: [15, 30] }));
    expect(notHers.code).toBe(ErrorCode.NOT_FOUND);
    expect(await versionsOf()).toHaveLength(before);
  });
});
