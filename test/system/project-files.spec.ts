import { statSync } from 'node:fs';
import { colourSegmentsClip } from '../support/colour-segments';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadFile, waitForVideo } from './videos';

/** GET /api/highlights/{id}/project.{edl,fcpxml,mlt,json} through the real gateway (issue 27, part 5). */
describe('project files of a reel through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let reelId: string;
  let trackId: string;
  const clip = colourSegmentsClip();

  const get = (path: string, token?: string) => api(app.baseUrl, 'GET', path, { token });
  const waitForReel = async (id: string) => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { json } = await get(`/api/highlights/${id}`, alice);
      if (json.status === 'ready' || json.status === 'error') return json;
      if (Date.now() > deadline) throw new Error(`reel ${id} is still ${json.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  beforeAll(async () => {
    // Ten services on a busy two-core machine can take longer than the default minute to start.
    app = await startApp({}, { readyTimeoutMs: 180_000 });
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    const video = (await uploadFile(app.baseUrl, alice, clip.file, { title: 'Sommerfest – Café Ölmühle', originalFilename: 'GOPR0042.MP4' })).json;
    await waitForVideo(app.baseUrl, alice, video.id, (v) => v.status === 'processed');
    trackId = (await get('/api/music-tracks', alice)).json[0].id;
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${video.id}/generate-highlights`, {
      token: alice,
      headers: { 'idempotency-key': `project-files-${Date.now()}` },
      body: { targetLength: 15, quality: '480p', musicTrackId: trackId },
    });
    expect(queued.status).toBe(202);
    reelId = queued.json.id;
    // Not ready yet: a plain 409.
    const early = await get(`/api/highlights/${reelId}/project.edl`, alice);
    expect(early.status).toBe(409);
    expect(early.json.error).toMatch(/^This reel is not ready yet \((queued|processing)\); its project file can be made once it is\.$/);
    expect((await waitForReel(reelId)).status).toBe('ready');
  }, 300_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it.each([
    ['edl', 'text/plain; charset=utf-8', /^TITLE: Sommerfest Cafe Olmuhle\r\nFCM: DROP FRAME\r\n/],
    ['fcpxml', 'application/xml; charset=utf-8', /<fcpxml version="1\.10">/],
    ['mlt', 'application/xml; charset=utf-8', /<profile [^>]*frame_rate_num="30000" frame_rate_den="1001"/],
    ['json', 'application/json; charset=utf-8', /"format": "reelsmith-project"/],
  ])('serves project.%s to the owner as an attachment named after the video', async (format, contentType, body) => {
    const answer = await get(`/api/highlights/${reelId}/project.${format}`, alice);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(contentType);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Sommerfest-Cafe-Olmuhle-reel-1.${format}"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.text).toMatch(body);
    expect(answer.text).toContain('GOPR0042.MP4');
  });

  it('names the music and the original by links that work, and times the moments on the frame rate', async () => {
    const project = (await get(`/api/highlights/${reelId}/project.json`, alice)).json;
    const reel = (await get(`/api/highlights/${reelId}`, alice)).json;
    expect(project.moments.map((m: { start: number; end: number }) => [m.start, m.end])).toEqual(
      reel.moments.map((m: { start: number; end: number }) => [m.start, m.end]),
    );
    expect(project.music).toMatchObject({ trackId, gainDb: expect.any(Number), duckUnderSpeechDb: 12 });
    expect(project.music.filename).toMatch(/\.mp3$/);
    const music = await fetch(`${app.baseUrl}${project.music.url}`);
    expect(music.status).toBe(200);
    await music.arrayBuffer();
    // The signed link to the original downloads the uploaded bytes, signed out.
    const original = await fetch(`${app.baseUrl}${project.source.url}`);
    expect(original.status).toBe(200);
    expect((await original.arrayBuffer()).byteLength).toBe(statSync(clip.file).size);
    const edl = (await get(`/api/highlights/${reelId}/project.edl`, alice)).text;
    expect(edl).toContain(`* FROM CLIP NAME: ${project.music.filename}`);
  });

  it("answers another user's reel, an unknown reel, another format and no token without a file", async () => {
    for (const [path, token, status] of [
      [`/api/highlights/${reelId}/project.mlt`, bob, 404],
      [`/api/highlights/00000000-0000-4000-8000-000000000000/project.json`, alice, 404],
      [`/api/highlights/${reelId}/project.docx`, alice, 404],
      [`/api/highlights/${reelId}/project.fcpxml`, undefined, 401],
    ] as const) {
      const answer = await get(path, token);
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.headers.get('content-disposition')).toBeNull();
    }
  });
});
