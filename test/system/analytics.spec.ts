import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadFile, waitForReady, waitForVideo } from './videos';

/** GET /api/analytics through the whole stack, real billing included (docs/analytics.md). */
describe('analytics (Pro)', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let videoId: string;
  let reelId: string;
  const call = (method: string, path: string, token?: string, body?: unknown) => api(app.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    app = await startApp({}, { readyTimeoutMs: 180_000 });
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    videoId = (await uploadFile(app.baseUrl, alice, shortPlantedClip().file, { title: 'Derby day' })).json.id;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');
    reelId = (await call('POST', `/api/videos/${videoId}/generate-highlights`, alice, { targetLength: 15, quality: '480p' })).json.id;
    await waitForReady(app.baseUrl, alice, reelId);
  }, 300_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it("counts the owner's videos, reels, links and views, this week and in total, and ranks the watched reels", async () => {
    const links = [];
    for (let i = 0; i < 2; i++) links.push((await call('POST', `/api/highlights/${reelId}/share-links`, alice, {})).json);
    for (const [link, views] of [
      [links[0], 3],
      [links[1], 1],
    ] as const) {
      for (let v = 0; v < views; v++) expect((await fetch(`${app.baseUrl}/r/${link.token}`)).status).toBe(200);
    }

    const { status, json } = await call('GET', '/api/analytics', alice);
    expect(status).toBe(200);
    const { json: video } = await call('GET', `/api/videos/${videoId}`, alice);
    const { json: reel } = await call('GET', `/api/highlights/${reelId}`, alice);
    expect(json.totals).toEqual({
      videos: 1,
      footageSeconds: video.duration,
      reels: 1,
      reelSeconds: expect.closeTo(reel.reel.duration, 1),
      exports: 0,
      shareLinks: 2,
      views: 4,
    });
    expect(json.weeks).toHaveLength(12);
    expect(json.weeks.at(-1)).toMatchObject({ uploads: 1, reels: 1, views: 4 });
    expect(json.weeks.slice(0, -1).every((w: { uploads: number; reels: number; views: number }) => w.uploads + w.reels + w.views === 0)).toBe(true);
    // Mondays, a week apart.
    const starts = json.weeks.map((w: { weekStart: string }) => Date.parse(`${w.weekStart}T00:00:00Z`));
    expect(new Date(starts[0]).getUTCDay()).toBe(1);
    expect(starts[11] - starts[0]).toBe(11 * 7 * 86_400_000);
    expect(json.topReels).toEqual([{ highlightId: reelId, videoId, title: 'Derby day', version: 1, duration: expect.any(Number), views: 4, links: 2 }]);

    // A revoked link is no longer counted as a link, but its views stay.
    expect((await call('DELETE', `/api/share-links/${links[1].token}`, alice)).status).toBe(200);
    const after = (await call('GET', '/api/analytics?weeks=4', alice)).json;
    expect(after.totals).toMatchObject({ shareLinks: 1, views: 4 });
    expect(after.weeks).toHaveLength(4);
    expect(after.topReels[0]).toMatchObject({ views: 4, links: 1 });
  });

  it('shows another Pro user none of it', async () => {
    const { status, json } = await call('GET', '/api/analytics', bob);
    expect(status).toBe(200);
    expect(json.totals).toEqual({ videos: 0, footageSeconds: 0, reels: 0, reelSeconds: 0, exports: 0, shareLinks: 0, views: 0 });
    expect(json.weeks.every((w: { uploads: number; reels: number; views: number }) => w.uploads + w.reels + w.views === 0)).toBe(true);
    expect(json.topReels).toEqual([]);
  });

  it('refuses weeks outside 1-52 in plain words', async () => {
    for (const weeks of ['0', '53', 'abc', '1.5', '-1', '']) {
      const { status, json } = await call('GET', `/api/analytics?weeks=${weeks}`, alice);
      expect({ weeks, status }).toEqual({ weeks, status: 400 });
      expect(json.error).toBe('weeks must be a whole number from 1 to 52');
    }
  });

  it('is part of Pro: Rookie is told to upgrade, no plan is sent to pricing, signed out is 401', async () => {
    const [rookie, nobody] = await Promise.all([signUp(app.baseUrl, { plan: 'rookie' }), signUp(app.baseUrl, { plan: null })]);
    const onRookie = await call('GET', '/api/analytics', rookie);
    expect(onRookie.status).toBe(403);
    expect(onRookie.json.error).toBe('Advanced analytics are part of Pro. Upgrade to Pro under Billing to see them.');
    expect((await call('GET', '/api/billing', rookie)).json.entitlements.analytics).toBe(false);
    expect((await call('GET', '/api/billing', alice)).json.entitlements.analytics).toBe(true);
    expect((await call('GET', '/api/analytics', nobody)).status).toBe(402);
    expect((await call('GET', '/api/analytics')).status).toBe(401);
  });
});
