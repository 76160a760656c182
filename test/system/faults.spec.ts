import { readFileSync } from 'node:fs';
import { eventCounts, FFMPEG_STEP, killWorkerDuring, mediaEvents, settleHighlights, settleVideos, withoutKeptAnalysis } from '../support/chaos';
import { type RefusingProxy, type RestartableNats, startRefusingProxy, startRestartableNats } from '../support/faults';
import { testMedia } from '../support/media';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadVideo, waitForVideo } from './videos';

/**
 * Faults the system must survive (`npm run chaos` runs them 20 times over, and PostgreSQL restarts):
 * the stack gets a NATS of its own, which the tests restart, and reaches S3 through a proxy that can
 * refuse connections; the database is the run's.
 */
describe('faults', () => {
  let nats: RestartableNats;
  let s3: RefusingProxy;
  let app: RunningApp;
  let token: string;

  beforeAll(async () => {
    nats = await startRestartableNats();
    s3 = await startRefusingProxy(Number(new URL(process.env.S3_ENDPOINT!).port));
    app = await startApp({ NATS_URL: nats.url, S3_ENDPOINT: s3.endpoint, JOB_ACK_WAIT_SECONDS: '2' }, { readyTimeoutMs: 180_000 });
    token = await signUp(app.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await app?.stack.stop();
    await Promise.all([nats?.destroy(), s3?.close()]);
  });

  const processedClip = async () => {
    const created = await uploadVideo(app.baseUrl, token, 'chaos-40s.mp4');
    expect(created.status).toBe(200);
    await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.status === 'processed', 120_000);
    return created.json.id as string;
  };

  const requestReel = async (videoId: string) => {
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token, body: { targetLength: 15, quality: '480p' } });
    expect(queued.status).toBe(202);
    return queued.json.id as string;
  };

  const versionsOf = async (videoId: string) =>
    ((await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token })).json as unknown as Array<{ version: number }>).map((h) => h.version);

  it('a worker SIGKILLed mid-analysis, then mid-render (3 times each): every reel is made once, with one event', async () => {
    const videos = [await processedClip(), await processedClip(), await processedClip()];
    const reels: string[] = [];
    // One at a time, so each kill hits the job of its own request (a job killed three times would have no attempt left).
    for (const step of ['analysis', 'render'] as const) {
      for (const videoId of videos) {
        // The background analysis is done by now: the reel's own job analyses (and is killed doing it).
        if (step === 'analysis') await withoutKeptAnalysis(app.baseUrl, token, videoId);
        const reel = await requestReel(videoId);
        reels.push(reel);
        expect(await killWorkerDuring(app, FFMPEG_STEP[step], 120_000)).toBe(true);
        await settleHighlights(app.baseUrl, token, [reel], 120_000);
      }
    }

    const ended = await settleHighlights(app.baseUrl, token, reels, 10_000);
    expect([...ended.values()].map((h) => h.status)).toEqual(reels.map(() => 'ready'));
    for (const videoId of videos) expect(await versionsOf(videoId)).toEqual([2, 1]);
    const counts = eventCounts(await mediaEvents(nats.url), videos);
    for (const [id, h] of ended) expect(counts.get(`evt.media.highlights.ready ${h.videoId} ${id}`)).toBe(1);
    for (const videoId of videos) expect(counts.get(`evt.media.video.processed ${videoId}`)).toBe(1);
  }, 600_000);

  it('NATS restarting during processing: the API answers 503 meanwhile, recovers, and every video is processed once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadVideo(app.baseUrl, token, 'chaos-8s.webm')).json.id);
    await waitForVideo(app.baseUrl, token, ids[0], (v) => v.status === 'processing', 60_000);

    await nats.stop('SIGTERM');
    let whileDown: Awaited<ReturnType<typeof api>>;
    try {
      whileDown = await api(app.baseUrl, 'GET', '/api/videos', { token });
    } finally {
      await nats.start();
    }
    expect({ status: whileDown.status, error: whileDown.json?.error, logs: whileDown.status === 503 ? [] : app.logs.slice(-15) }).toEqual({
      status: 503,
      error: 'The service is temporarily unavailable. Please try again in a moment.',
      logs: [],
    });

    const { byId } = await settleVideos(app.baseUrl, token, ids, 300_000);
    expect(ids.map((id) => byId.get(id)?.status)).toEqual(['processed', 'processed', 'processed']);
    const counts = eventCounts(await mediaEvents(nats.url), ids);
    for (const id of ids) {
      expect(counts.get(`evt.media.video.uploaded ${id}`)).toBe(1);
      expect(counts.get(`evt.media.video.processed ${id}`)).toBe(1);
    }
  }, 600_000);

  it('S3 refusing connections: complete-upload and media answer 503, and the same upload completes once S3 is back', async () => {
    const processed = await processedClip();
    const thumbnailUrl = (await api(app.baseUrl, 'GET', `/api/videos/${processed}`, { token })).json.thumbnail as string;
    const grant = await api(app.baseUrl, 'POST', '/api/objects/upload', { token });
    const body = readFileSync(testMedia('chaos-8s.webm'));
    expect((await fetch(grant.json.uploadURL, { method: 'PUT', body })).status).toBe(200);
    const complete = () =>
      api(app.baseUrl, 'PUT', '/api/videos/complete-upload', {
        token,
        body: { videoURL: grant.json.uploadURL, title: 'During the outage', originalFilename: 'outage.webm', fileSize: body.length, duration: 0 },
      });

    await s3.refuse();
    let statuses: number[];
    try {
      statuses = [(await complete()).status, (await fetch(`${app.baseUrl}${thumbnailUrl}`)).status];
    } finally {
      await s3.accept();
    }
    expect({ statuses, logs: statuses.every((s) => s === 503) ? [] : app.logs.slice(-15) }).toEqual({ statuses: [503, 503], logs: [] });

    const done = await complete();
    expect(done.status).toBe(200);
    expect((await fetch(`${app.baseUrl}${thumbnailUrl}`)).status).toBe(200);
    const video = await waitForVideo(app.baseUrl, token, done.json.id, (v) => v.status === 'processed' || v.status === 'error', 120_000);
    expect(video.status).toBe('processed');
  }, 300_000);
});
