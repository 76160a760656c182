import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadFile, waitForVideo } from './videos';

describe('platform presets and several lengths through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let videoId: string;

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    const created = await uploadFile(app.baseUrl, alice, shortPlantedClip().file, { title: 'Derby', originalFilename: 'derby.mp4' });
    videoId = created.json.id;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  const generate = (body: unknown, token = alice) => api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token, body });

  async function waitUntilSettled(id: string) {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const { json } = await api(app.baseUrl, 'GET', `/api/highlights/${id}`, { token: alice });
      if (json.status === 'ready' || json.status === 'error' || Date.now() > deadline) return json;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it('answers one generate for Shorts at 15, 30 and 60 s with three versions, each a ready 9:16 reel of its own', async () => {
    const queued = await generate({ platform: 'shorts', lengths: [15, 30, 60], captions: 'none', fillToLength: true });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: 'queued', platform: 'shorts', aspect: '9:16', targetLength: 15 });
    expect(queued.json.versions.map((v: { targetLength: number; platform: string; aspect: string }) => [v.targetLength, v.platform, v.aspect])).toEqual([
      [15, 'shorts', '9:16'],
      [30, 'shorts', '9:16'],
      [60, 'shorts', '9:16'],
    ]);
    expect(queued.json.versions[0].id).toBe(queued.json.id);

    const ready = await Promise.all(queued.json.versions.map((v: { id: string }) => waitUntilSettled(v.id)));
    for (const reel of ready) {
      expect(reel).toMatchObject({ status: 'ready', platform: 'shorts', aspect: '9:16', reel: { width: 480, height: 854 } });
      expect(reel.reel.duration).toBeLessThanOrEqual(reel.targetLength + 0.5);
      const stream = await fetch(`${app.baseUrl}${reel.reel.streamUrl}`, { headers: { range: 'bytes=0-7' } });
      expect(stream.status).toBe(206);
    }
    // One analysis for the three: the background one when it was done first, else one version's.
    const analysed = ready.filter((r) => r.timings.analysisSeconds !== null);
    expect(analysed.length).toBeLessThanOrEqual(1);

    const listed = (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json;
    expect(listed.filter((h: { platform: string | null }) => h.platform === 'shorts').map((h: { targetLength: number }) => h.targetLength)).toEqual([
      60, 30, 15,
    ]);
  }, 400_000);

  it.each([
    [{ platform: 'tiktok', aspect: '16:9' }, 'TikTok reels are 9:16; leave aspect out or choose another platform.'],
    [{ platform: 'shorts', lengths: [30, 90] }, 'YouTube Shorts takes reels of at most 60 seconds; 90 s is too long for it.'],
    [{ platform: 'myspace' }, 'Platform must be one of tiktok, reels, shorts, youtube, square, portrait.'],
    [{ lengths: [15, 30, 60, 90, 15] }, 'lengths must be a list of at most 4 of 15, 30, 60, 90 seconds'],
  ])('answers %j with a 400 and makes nothing', async (body, error) => {
    const before = (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json.length;
    const answer = await generate(body);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain(error);
    expect((await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json).toHaveLength(before);
  });

  it("answers 404 to a generate for Shorts of another user's video", async () => {
    expect((await generate({ platform: 'shorts', lengths: [15, 30] }, bob)).status).toBe(404);
  });
});
