import { readFileSync } from 'node:fs';
import { type RefusingProxy, startRefusingProxy } from '../support/faults';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, waitForReady, waitForVideo } from './videos';

/** Share links of a reel through the whole stack (issue 27, part 1; docs/share-links.md). */
describe('share links', () => {
  /** Requests one link may take (page and media together) in a window: low, so the budget can be reached here. */
  const LIMIT = 25;
  let app: RunningApp;
  /** S3 reached through a proxy that can refuse connections: what a revoked link must not need. */
  let s3: RefusingProxy;
  let alice: string;
  let bob: string;
  let reelId: string;

  const call = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
    api(app.baseUrl, method, path, { token, body, headers });
  /** A signed-out request: no token, no cookie. */
  const publicGet = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });
  const create = (body: Record<string, unknown> = {}, token = alice, id = reelId) => call('POST', `/api/highlights/${id}/share-links`, token, body);

  beforeAll(async () => {
    s3 = await startRefusingProxy(Number(new URL(process.env.S3_ENDPOINT!).port));
    app = await startApp({ SHARE_LINK_RATE_LIMIT: String(LIMIT), S3_ENDPOINT: s3.endpoint }, { readyTimeoutMs: 180_000 });
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    const clip = shortPlantedClip();
    const { json } = await call('POST', '/api/objects/upload', alice);
    const bytes = readFileSync(clip.file);
    await fetch(json.uploadURL, { method: 'PUT', body: bytes });
    const created = await call('PUT', '/api/videos/complete-upload', alice, {
      videoURL: json.uploadURL,
      title: 'Derby <day> & "friends"',
      originalFilename: 'derby.mp4',
      fileSize: bytes.length,
      duration: 0,
    });
    await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'processed');
    const queued = await call('POST', `/api/videos/${created.json.id}/generate-highlights`, alice, { targetLength: 15, quality: '480p' });
    reelId = queued.json.id;
    // A reel that is not ready yet has nothing to share.
    expect((await create()).status).toBe(409);
    await waitForReady(app.baseUrl, alice, reelId);
  }, 300_000);
  afterAll(async () => {
    await app?.stack.stop();
    await s3?.close();
  });

  it('gives the owner an unguessable link whose page plays the reel signed out, with preview tags', async () => {
    const made = await create();
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ highlightId: reelId, allowDownload: false, expiresAt: null, views: 0, status: 'active' });
    expect(made.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.json.url).toBe(`${app.baseUrl}/r/${made.json.token}`);

    const page = await publicGet(`/r/${made.json.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // The title is escaped, never markup.
    expect(html).not.toContain('<day>');
    expect(html).toContain('Derby &lt;day&gt; &amp; &quot;friends&quot;');
    for (const tag of ['og:title', 'og:description', 'og:image', 'og:video']) expect(html).toContain(`<meta property="${tag}" content=`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(/<video[^>]+playsinline/);
    expect(html).toContain(`/api/public/r/${made.json.token}/video`);
    // No download offered unless allowed, and the download route refuses.
    expect(html).not.toContain(`/api/public/r/${made.json.token}/download`);
    expect((await publicGet(`/api/public/r/${made.json.token}/download`)).status).toBe(404);

    // The media streams with Range.
    const part = await publicGet(`/api/public/r/${made.json.token}/video`, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const whole = await publicGet(`/api/public/r/${made.json.token}/video`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    await whole.arrayBuffer();
    expect((await publicGet(`/api/public/r/${made.json.token}/poster`)).headers.get('content-type')).toBe('image/jpeg');

    // One view per page load, none for the media; shown to the owner only.
    await publicGet(`/r/${made.json.token}`).then((r) => r.text());
    const mine = await call('GET', `/api/highlights/${reelId}/share-links`, alice);
    expect(mine.json.find((l: { token: string }) => l.token === made.json.token).views).toBe(2);
    expect((await call('GET', `/api/highlights/${reelId}`, alice)).json.activeShareLinks).toBeGreaterThanOrEqual(1);
  });

  it('offers the download only when the owner allows it', async () => {
    const made = await create({ allowDownload: true });
    const html = await (await publicGet(`/r/${made.json.token}`)).text();
    expect(html).toContain(`/api/public/r/${made.json.token}/download`);
    const download = await publicGet(`/api/public/r/${made.json.token}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
  });

  it('makes one link for a double click (one Idempotency-Key)', async () => {
    const before = (await call('GET', '/api/share-links', alice)).json.length;
    const headers = { 'idempotency-key': `share-${Date.now()}` };
    const [a, b] = await Promise.all([
      call('POST', `/api/highlights/${reelId}/share-links`, alice, {}, headers),
      call('POST', `/api/highlights/${reelId}/share-links`, alice, {}, headers),
    ]);
    expect([a.status, b.status].every((s) => s === 201 || s === 409)).toBe(true);
    expect((await call('GET', '/api/share-links', alice)).json.length).toBe(before + 1);
  });

  it('ends a revoked link and an expired one with a 404, and never opens a forged token', async () => {
    const made = await create();
    const revoked = await call('DELETE', `/api/share-links/${made.json.token}`, alice);
    expect(revoked.status).toBe(200);
    expect((await publicGet(`/r/${made.json.token}`)).status).toBe(404);
    expect((await publicGet(`/api/public/r/${made.json.token}/video`)).status).toBe(404);
    expect((await call('GET', '/api/share-links', alice)).json.some((l: { token: string }) => l.token === made.json.token)).toBe(false);

    const soon = await create({ expiresAt: new Date(Date.now() + 2_500).toISOString() });
    expect(soon.status).toBe(201);
    expect((await publicGet(`/r/${soon.json.token}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await publicGet(`/r/${soon.json.token}`)).status).toBe(404);
    expect((await publicGet(`/api/public/r/${soon.json.token}/poster`)).status).toBe(404);

    // A token of the right shape with one character changed, and one that is not a token at all.
    const live = (await create()).json.token as string;
    const forged = `${live.slice(0, 10)}${live[10] === 'A' ? 'B' : 'A'}${live.slice(11)}`;
    expect((await publicGet(`/r/${forged}`)).status).toBe(404);
    expect((await publicGet(`/api/public/r/${forged}/video`)).status).toBe(404);
    expect((await publicGet('/r/not-a-token')).status).toBe(404);
  }, 30_000);

  it("keeps every link to its owner: another user's reel and link answer 404", async () => {
    const made = await create();
    expect((await create({}, bob)).status).toBe(404);
    expect((await call('GET', `/api/highlights/${reelId}/share-links`, bob)).status).toBe(404);
    expect((await call('DELETE', `/api/share-links/${made.json.token}`, bob)).status).toBe(404);
    expect((await call('GET', '/api/share-links', bob)).json).toEqual([]);
    // Still alive after Bob's attempt.
    expect((await publicGet(`/r/${made.json.token}`)).status).toBe(200);
  });

  it('refuses bad bodies with a 400 and makes nothing', async () => {
    const before = (await call('GET', '/api/share-links', alice)).json.length;
    const refused = [
      await create({ expiresAt: 'tomorrow' }),
      await create({ expiresAt: '2020-01-01T00:00:00Z' }),
      await create({ expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }),
      await create({ allowDownload: 'yes' }),
      await create({ token: 'mine' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const r of refused) expect(typeof r.json.error).toBe('string');
    expect((await call('GET', '/api/share-links', alice)).json.length).toBe(before);
  });

  it('limits how often one link is opened (429 with Retry-After), not the other links', async () => {
    const hammered = (await create()).json.token as string;
    const other = (await create()).json.token as string;
    const answers: number[] = [];
    for (let i = 0; i <= LIMIT; i++) answers.push((await publicGet(`/api/public/r/${hammered}/poster`)).status);
    expect(answers.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    const over = await publicGet(`/api/public/r/${hammered}/poster`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await publicGet(`/r/${hammered}`)).status).toBe(429);
    expect((await publicGet(`/r/${other}`)).status).toBe(200);
  }, 60_000);

  it('answers a revoked link without reading storage (S3 refusing connections)', async () => {
    const made = await create();
    const live = (await create()).json.token as string;
    await call('DELETE', `/api/share-links/${made.json.token}`, alice);
    await s3.refuse();
    // Storage is gone: a live link's reel cannot be served any more...
    expect((await publicGet(`/api/public/r/${live}/video`)).status).toBe(503);
    // ...while a revoked one is answered from the database alone.
    expect((await publicGet(`/api/public/r/${made.json.token}/video`)).status).toBe(404);
    expect((await publicGet(`/r/${made.json.token}`)).status).toBe(404);
  }, 60_000);
});
