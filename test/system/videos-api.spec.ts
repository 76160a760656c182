import { request } from 'node:http';
import { type RunningApp, signJwt, startApp } from '../support/stack';
import { api } from './api';
import { openEvents, signUp, uploadVideo, waitForVideo } from './videos';

describe('videos through the gateway: upload, live progress, streaming, downloads, trims', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let video: Record<string, any>;
  const get = (path: string, init: RequestInit = {}) => fetch(`${app.baseUrl}${path}`, init);
  /** A GET with If-None-Match and nothing else, as a browser's HTTP cache sends it. */
  const revalidate = (path: string, token: string, etag: string) =>
    new Promise<{ status: number; body: string; etag?: string }>((resolve, reject) => {
      const req = request(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, etag: res.headers.etag }));
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
  }, 60_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('uploads a VP9 WebM and streams its real pipeline stages over SSE until processed', async () => {
    const events = openEvents(app.baseUrl, alice);
    await events.waitFor((e) => e.type === 'ready');
    const created = await uploadVideo(app.baseUrl, alice, 'vp9-opus.webm', { originalFilename: 'Finale – Übersicht.webm' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ status: 'uploaded', title: 'Cup final', originalFilename: 'Finale – Übersicht.webm' });

    await events.waitFor((e) => e.type === 'video.progress' && e.data.videoId === created.json.id && e.data.status === 'processed');
    await events.close();
    const stages = events.events.filter((e) => e.data?.videoId === created.json.id).map((e) => e.data.stage);
    expect(stages).toEqual(expect.arrayContaining(['validating', 'thumbnail', 'transcoding', 'done']));
    const percents = events.events.filter((e) => e.data?.videoId === created.json.id).map((e) => e.data.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    video = (await api(app.baseUrl, 'GET', `/api/videos/${created.json.id}`, { token: alice })).json;
    expect(video).toMatchObject({ status: 'processed', width: 480, height: 270, videoCodec: 'vp9' });
    expect(video.duration).toBeCloseTo(3, 0);
    const list = await api(app.baseUrl, 'GET', '/api/videos', { token: alice });
    expect(list.json.map((v: { id: string }) => v.id)).toEqual([video.id]);
  });

  it('streams with HTTP Range as H.264 MP4 through a signed URL, and HEAD without a body', async () => {
    const ranged = await get(video.streamUrl, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    const total = Number(ranged.headers.get('content-range')!.split('/')[1]);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${total}`);
    const bytes = Buffer.from(await ranged.arrayBuffer());
    expect(bytes.length).toBe(100);
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');

    const tail = await get(video.streamUrl, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${total - 10}-${total - 1}/${total}`);
    expect((await get(video.streamUrl, { headers: { range: `bytes=${total}-` } })).status).toBe(416);

    const head = await get(video.streamUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(total);
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    const withBearer = await get(`/api/videos/${video.id}/stream`, { headers: { authorization: `Bearer ${alice}`, range: 'bytes=0-9' } });
    expect(withBearer.status).toBe(206);
  });

  it('downloads the original under its own name, and serves the thumbnail and the preview source', async () => {
    const download = await get(video.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Finale _ _bersicht.webm"; filename*=UTF-8''${encodeURIComponent('Finale – Übersicht.webm')}`,
    );
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));

    const thumbnail = await get(video.thumbnail);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const preview = await get(video.previewUrl, { headers: { range: 'bytes=0-3' } });
    expect(preview.status).toBe(206);
  });

  it('refuses altered, expired or foreign media links and answers foreign ids with 404', async () => {
    const altered = video.streamUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await get(altered)).status).toBe(401);
    const url = new URL(video.streamUrl, app.baseUrl);
    url.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10));
    expect((await get(url.pathname + url.search)).status).toBe(401);
    expect((await get(`/api/videos/${video.id}/stream`)).status).toBe(401);

    const bobAuth = { authorization: `Bearer ${bob}` };
    for (const path of [`/api/videos/${video.id}`, `/api/videos/${video.id}/stream`, `/api/videos/${video.id}/download`, `/api/videos/nope`]) {
      const res = await get(path, { headers: bobAuth });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const bobPreview = video.previewUrl.split('?')[0];
    expect((await get(bobPreview, { headers: bobAuth })).status).toBe(404);
    expect((await api(app.baseUrl, 'DELETE', `/api/videos/${video.id}`, { token: bob })).status).toBe(404);
    expect((await api(app.baseUrl, 'POST', `/api/videos/${video.id}/trim`, { token: bob, body: { start: '0:00', end: '0:02' } })).status).toBe(404);
  });

  it('answers bad complete-upload payloads with 400 and a clear message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ videoURL: 'x', title: 'a', originalFilename: 'a.mp4', fileSize: '12' }, 'fileSize must be a number of at least 0'],
      [{ videoURL: 'x', title: 'a', originalFilename: 'a.mp4', fileSize: 1.5 }, 'fileSize must be a whole number of bytes'],
      [{ videoURL: 42, title: 'a', originalFilename: 'a.mp4', fileSize: 1 }, 'videoURL must be a text of at most 2048 characters'],
      [{ videoURL: 'http://x/reelsmith/uploads/a/b', title: '  ', originalFilename: 'a.mp4', fileSize: 1 }, 'Please enter a title for the video.'],
    ];
    for (const [body, error] of cases) {
      const res = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', { token: alice, body });
      expect({ status: res.status, error: res.json.error }).toEqual({ status: 400, error });
    }
  });

  it('trims a clip as a new video and refuses bad trims with 400', async () => {
    const bad = await api(app.baseUrl, 'POST', `/api/videos/${video.id}/trim`, { token: alice, body: { start: '0:02', end: '0:01' } });
    expect({ status: bad.status, error: bad.json.error }).toEqual({ status: 400, error: 'Start time must be before end time.' });
    const malformed = await api(app.baseUrl, 'POST', `/api/videos/${video.id}/trim`, { token: alice, body: { start: '0:00', end: 'later' } });
    expect(malformed.status).toBe(400);

    const clip = await api(app.baseUrl, 'POST', `/api/videos/${video.id}/trim`, { token: alice, body: { start: '0:00', end: '0:02' } });
    expect(clip.status).toBe(201);
    const done = await waitForVideo(app.baseUrl, alice, clip.json.id, (v) => v.status !== 'uploaded' && v.status !== 'processing');
    expect(done).toMatchObject({ status: 'processed', sourceVideoId: video.id, videoCodec: 'h264' });
    expect(done.duration).toBeGreaterThan(1.8);
  });

  it('answers a list fetched again unchanged with 304 Not Modified, and a changed one in full', async () => {
    const headers = { authorization: `Bearer ${alice}` };
    // The clip the trim test made may still be processing (its list entry changing): let it finish.
    const listed = (await api(app.baseUrl, 'GET', '/api/videos', { token: alice })).json as Array<{ id: string }>;
    for (const { id } of listed) await waitForVideo(app.baseUrl, alice, id, (v) => v.status === 'processed');
    const first = await get('/api/videos', { headers });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    // The browser keeps it but asks again each time; shared caches keep nothing of a user's API.
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    // As a browser's cache revalidates (fetch() would add Cache-Control: no-cache to a hand-set If-None-Match).
    const unchanged = await revalidate('/api/videos', alice, etag!);
    expect(unchanged).toEqual({ status: 304, body: '', etag });
    // Another user's list is not this one.
    expect((await revalidate('/api/videos', bob, etag!)).status).toBe(200);

    const folder = await api(app.baseUrl, 'POST', '/api/video-folders', { token: alice, body: { name: 'Season' } });
    expect((await api(app.baseUrl, 'PATCH', `/api/videos/${video.id}`, { token: alice, body: { folderId: folder.json.id } })).status).toBe(200);
    const changed = await revalidate('/api/videos', alice, etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).find((v: { id: string }) => v.id === video.id).folderId).toBe(folder.json.id);
  });

  it('deletes a video: its API, stream and list entry are gone', async () => {
    const deleted = await api(app.baseUrl, 'DELETE', `/api/videos/${video.id}`, { token: alice });
    expect(deleted.json).toEqual({ id: video.id, deleted: true });
    expect((await api(app.baseUrl, 'GET', `/api/videos/${video.id}`, { token: alice })).status).toBe(404);
    expect((await get(video.streamUrl)).status).toBe(404);
    const list = await api(app.baseUrl, 'GET', '/api/videos', { token: alice });
    expect(list.json.map((v: { id: string }) => v.id)).not.toContain(video.id);
  });

  it('refuses a JWT signed with another secret on media routes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt({ sub: 'x', username: 'x', iat: now, exp: now + 60 }, 'not-the-secret-not-the-secret-000000');
    expect((await get('/api/videos', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });
});
