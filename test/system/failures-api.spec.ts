import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { openEvents, signUp, uploadVideo, waitForVideo } from './videos';

const WORK_DIR_REASON =
  'The video could not be processed: the server could not use its working folder. This is not a problem with your video; press Retry later.';

/**
 * A job that fails for the last time through the gateway: the video or reel says 'error' with a
 * reason the user can act on, the browser hears it over SSE, and Retry puts it back in the queue.
 * The worker's WORK_DIR is removed after start, as when a newcomer's data dir was never made.
 */
describe('failures and retries through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  const root = mkdtempSync(join(tmpdir(), 'reelsmith-system-failures-'));
  const workDir = join(root, 'work');

  beforeAll(async () => {
    mkdirSync(workDir);
    app = await startApp({ WORK_DIR: workDir, JOB_MAX_DELIVER: '2', JOB_ACK_WAIT_SECONDS: '3' });
    alice = await signUp(app.baseUrl);
    bob = await signUp(app.baseUrl);
  }, 300_000);

  afterAll(async () => {
    await app?.stack.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows a video whose processing failed as error with its reason, over SSE too, and retries it', async () => {
    rmSync(workDir, { recursive: true, force: true });
    const events = openEvents(app.baseUrl, alice);
    try {
      const created = await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4');
      expect(created.status).toBe(200);
      const id = created.json.id as string;

      const failed = await waitForVideo(app.baseUrl, alice, id, (v) => v.status !== 'uploaded' && v.status !== 'processing', 90_000);
      expect(failed).toMatchObject({ status: 'error', stage: 'failed', errorReason: WORK_DIR_REASON });
      await events.waitFor((e) => e.type === 'video.progress' && e.data.videoId === id && e.data.status === 'error' && e.data.errorReason === WORK_DIR_REASON);

      const foreign = await api(app.baseUrl, 'POST', `/api/videos/${id}/retry`, { token: bob });
      expect(foreign.status).toBe(404);
      expect((await api(app.baseUrl, 'GET', `/api/videos/${id}`, { token: alice })).json.status).toBe('error');

      mkdirSync(workDir);
      const retried = await api(app.baseUrl, 'POST', `/api/videos/${id}/retry`, { token: alice });
      expect(retried.status).toBe(200);
      expect(retried.json).toMatchObject({ id, status: 'uploaded', stage: 'queued', errorReason: null });
      await events.waitFor((e) => e.type === 'video.progress' && e.data.videoId === id && e.data.stage === 'done');
      expect(await waitForVideo(app.baseUrl, alice, id, (v) => v.status === 'processed' || v.status === 'error')).toMatchObject({
        status: 'processed',
        errorReason: null,
      });

      const again = await api(app.baseUrl, 'POST', `/api/videos/${id}/retry`, { token: alice });
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ error: 'Only a video that failed can be retried; this one is processed.' });
    } finally {
      await events.close();
    }
  }, 180_000);

  it('shows a failed highlight version with its reason and retries it into a ready reel', async () => {
    const created = await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4');
    const videoId = created.json.id as string;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');

    rmSync(workDir, { recursive: true, force: true });
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token: alice, body: { targetLength: 15, quality: '480p' } });
    expect(queued.status).toBe(202);
    const id = queued.json.id as string;
    const reel = async () => (await api(app.baseUrl, 'GET', `/api/highlights/${id}`, { token: alice })).json;
    const settled = async () => {
      for (;;) {
        const h = await reel();
        if (h.status === 'ready' || h.status === 'error') return h;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    expect(await settled()).toMatchObject({
      status: 'error',
      errorReason: 'The reel could not be made: the server could not use its working folder. This is not a problem with your video; press Retry later.',
    });

    expect((await api(app.baseUrl, 'POST', `/api/highlights/${id}/retry`, { token: bob })).status).toBe(404);
    mkdirSync(workDir);
    const retried = await api(app.baseUrl, 'POST', `/api/highlights/${id}/retry`, { token: alice });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id, status: 'queued', errorReason: null });
    expect(await settled()).toMatchObject({ id, status: 'ready', errorReason: null });
    const again = await api(app.baseUrl, 'POST', `/api/highlights/${id}/retry`, { token: alice });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'Only a reel that failed can be retried; this one is ready.' });
  }, 240_000);
});
