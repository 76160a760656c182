import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { openEvents, signUp, waitForVideo } from './videos';

describe('AI highlights through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let videoId: string;

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    videoId = await processedClip('Derby', 'derby.mp4');
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  /** The planted 40 s clip, uploaded by Alice the web's way and processed: its id. */
  async function processedClip(title: string, originalFilename: string): Promise<string> {
    const { json } = await api(app.baseUrl, 'POST', '/api/objects/upload', { token: alice });
    const body = readFileSync(shortPlantedClip().file);
    await fetch(json.uploadURL, { method: 'PUT', body });
    const created = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', {
      token: alice,
      body: { videoURL: json.uploadURL, title, originalFilename, fileSize: body.length, duration: 0 },
    });
    await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'processed');
    return created.json.id as string;
  }

  async function waitUntilReady(id: string) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { json } = await api(app.baseUrl, 'GET', `/api/highlights/${id}`, { token: alice });
      if (json.status === 'ready' || json.status === 'error' || Date.now() > deadline) return json;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** A reel's sound as mono 8 kHz samples, decoded by ffmpeg from its download URL. */
  async function soundOf(reel: { downloadUrl: string }): Promise<Float32Array> {
    const out = execFileSync('ffmpeg', ['-v', 'error', '-i', `${app.baseUrl}${reel.downloadUrl}`, '-vn', '-ac', '1', '-ar', '8000', '-f', 'f32le', 'pipe:1'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return new Float32Array(out.buffer, out.byteOffset, out.length / 4);
  }

  it('queues with 202, reports progress over SSE, and serves a playable reel with its moments', async () => {
    const events = openEvents(app.baseUrl, alice);
    await events.waitFor((e) => e.type === 'ready');
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token: alice,
      body: { preset: 'sport', targetLength: 15, quality: '480p' },
    });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: 'queued', version: 1, preset: 'sport', targetLength: 15, quality: '480p', reel: null });

    await events.waitFor((e) => e.type === 'highlight.progress' && e.data.highlightId === queued.json.id && e.data.status === 'ready', 120_000);
    await events.close();
    const progress = events.events.filter((e) => e.data?.highlightId === queued.json.id);
    expect(progress.map((e) => e.data.stage)).toEqual(expect.arrayContaining(['analysing', 'selecting', 'rendering', 'done']));
    expect(new Set(progress.map((e) => e.data.kind))).toEqual(new Set(['highlights']));

    const [latest] = (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json;
    expect(latest.id).toBe(queued.json.id);
    expect(
      latest.moments.some((m: { start: number; end: number; reasons: string[] }) => m.start <= 11 && m.end >= 13 && m.reasons.includes('crowd roar')),
    ).toBe(true);
    expect(latest.timeline).toHaveLength(40);

    const stream = await fetch(`${app.baseUrl}${latest.reel.streamUrl}`, { headers: { range: 'bytes=0-7' } });
    expect(stream.status).toBe(206);
    expect(stream.headers.get('content-type')).toBe('video/mp4');
    const download = await fetch(`${app.baseUrl}${latest.reel.downloadUrl}`);
    expect(download.headers.get('content-disposition')).toContain('filename="Derby - highlights v1.mp4"');
    expect(Number(download.headers.get('content-length'))).toBe(latest.reel.size);

    // What the file is, and the engine's summary of what it picked.
    expect(latest).toMatchObject({ quality: '480p', renderedQuality: '480p', reel: { width: 854, height: 480 } });
    expect(latest.summary).toMatch(new RegExp(`^${latest.moments.length} \\S`));
    // Its poster: a frame of the reel (JPEG, the reel's shape), served like the video's thumbnail.
    expect(latest.reel.posterUrl).toMatch(new RegExp(`^/api/highlights/${latest.id}/poster\\?`));
    const poster = await fetch(`${app.baseUrl}${latest.reel.posterUrl}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(poster.headers.get('x-content-type-options')).toBe('nosniff');
    expect(poster.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(poster.headers.get('content-disposition')).toMatch(new RegExp(`^inline; filename="poster-${latest.id}.jpg"`));
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Its URL is the owner's alone: the signature is bound to Alice and to this path.
    expect((await fetch(`${app.baseUrl}${latest.reel.posterUrl.replace('/poster?', '/stream?')}`)).status).toBe(401);

    // The video now says how many reels of it are ready, in the list and on its own.
    const listed = (await api(app.baseUrl, 'GET', '/api/videos', { token: alice })).json as Array<{ id: string; readyReels: number }>;
    expect(listed.find((v) => v.id === videoId)?.readyReels).toBe(1);
    expect((await api(app.baseUrl, 'GET', `/api/videos/${videoId}`, { token: alice })).json.readyReels).toBe(1);

    // The kept analysis, for the editor's timeline: the planted clip's hard cuts, to the frame.
    const analysis = await api(app.baseUrl, 'GET', `/api/videos/${videoId}/analysis`, { token: alice });
    expect(analysis.status).toBe(200);
    expect(analysis.json).toMatchObject({ videoId, step: 0.2, hasAudio: true });
    expect(analysis.json.cuts.map((t: number) => Math.round(t * 30))).toEqual([10, 14, 22, 28].map((t) => t * 30));
  }, 150_000);

  it('analyses a processed video in the background, so its first reel only selects and renders', async () => {
    const id = await processedClip('Derby, second half', 'derby-2.mp4');

    // No reel asked for: the analysis appears on its own.
    let analysis = await api(app.baseUrl, 'GET', `/api/videos/${id}/analysis`, { token: alice });
    for (const deadline = Date.now() + 60_000; analysis.status === 404 && Date.now() < deadline;) {
      expect(analysis.json.error).toBe('This video has not been analysed yet: it is analysed in the background once it is processed.');
      await new Promise((r) => setTimeout(r, 300));
      analysis = await api(app.baseUrl, 'GET', `/api/videos/${id}/analysis`, { token: alice });
    }
    expect(analysis.status).toBe(200);
    expect(analysis.json.cuts.map((t: number) => Math.round(t * 30))).toEqual([10, 14, 22, 28].map((t) => t * 30));
    expect((await api(app.baseUrl, 'GET', `/api/videos/${id}/highlights`, { token: alice })).json).toEqual([]);

    const queued = await api(app.baseUrl, 'POST', `/api/videos/${id}/generate-highlights`, {
      token: alice,
      body: { preset: 'sport', targetLength: 15, quality: '480p' },
    });
    expect(queued.status).toBe(202);
    const reel = await waitUntilReady(queued.json.id);
    expect(reel.status).toBe('ready');
    expect(reel.timings).toMatchObject({ analysisSeconds: null, selectionSeconds: expect.any(Number), renderSeconds: expect.any(Number) });
    expect(reel.moments.some((m: { start: number; end: number }) => m.start <= 11 && m.end >= 13)).toBe(true);
  }, 150_000);

  it('answers edits, foreign ids and bad input with the right status', async () => {
    const [latest] = (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json;
    const edited = await api(app.baseUrl, 'PUT', `/api/highlights/${latest.id}/moments`, { token: alice, body: { moments: [{ start: 10, end: 14 }] } });
    expect(edited.status).toBe(202);
    expect(edited.json).toMatchObject({ version: 2, moments: [{ start: 10, end: 14 }] });
    // Sent without reasons, the moment keeps what the engine found there.
    expect(edited.json.moments[0].reasons).toContain('crowd roar');

    const cases: Array<[string, string, unknown, string | undefined, number]> = [
      ['POST', `/api/videos/${videoId}/generate-highlights`, { preset: 'cooking' }, alice, 400],
      ['POST', `/api/videos/${videoId}/generate-highlights`, { targetLength: 'long' }, alice, 400],
      ['POST', `/api/videos/${videoId}/generate-highlights`, { fillToLength: 'yes' }, alice, 400],
      ['PUT', `/api/highlights/${latest.id}/moments`, { moments: 'all' }, alice, 400],
      ['PUT', `/api/highlights/${latest.id}/moments`, { moments: [{ start: 5, end: 5.2 }] }, alice, 400],
      ['POST', `/api/videos/${videoId}/generate-highlights`, {}, bob, 404],
      ['GET', `/api/highlights/${latest.id}`, undefined, bob, 404],
      ['GET', `/api/highlights/${latest.id}/stream`, undefined, bob, 404],
      ['GET', `/api/highlights/${latest.id}/poster`, undefined, bob, 404],
      ['GET', `/api/highlights/${latest.id}/poster`, undefined, undefined, 401],
      ['GET', `/api/videos/${videoId}/highlights`, undefined, bob, 404],
      ['GET', `/api/videos/${videoId}/analysis`, undefined, bob, 404],
      ['GET', `/api/videos/${videoId}/analysis`, undefined, undefined, 401],
      ['POST', `/api/videos/${videoId}/generate-highlights`, {}, undefined, 401],
    ];
    for (const [method, path, body, token, status] of cases) {
      const res = await api(app.baseUrl, method, path, { token, body });
      expect({ method, path, status: res.status, hasError: typeof res.json?.error === 'string' }).toEqual({ method, path, status, hasError: true });
    }
  });

  it('exports a trimmed stretch and lists it among the recent edits', async () => {
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/exports`, {
      token: alice,
      body: { start: '0:02', end: '0:06', quality: '480p', format: 'mov' },
    });
    expect(queued.status).toBe(202);
    const deadline = Date.now() + 60_000;
    let ready = queued.json;
    while (ready.status !== 'ready' && ready.status !== 'error' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      ready = (await api(app.baseUrl, 'GET', `/api/highlights/${queued.json.id}`, { token: alice })).json;
    }
    expect(ready.status).toBe('ready');
    const download = await fetch(`${app.baseUrl}${ready.reel.downloadUrl}`);
    expect(download.headers.get('content-type')).toBe('video/quicktime');
    expect(download.headers.get('content-disposition')).toContain('Derby - export v1.mov');
    const exports = (await api(app.baseUrl, 'GET', '/api/exports', { token: alice })).json;
    expect(exports[0]).toMatchObject({ id: ready.id, kind: 'export', videoTitle: 'Derby' });
    expect((await api(app.baseUrl, 'GET', '/api/exports', { token: bob })).json).toEqual([]);
  }, 90_000);

  it('lays the chosen music under the reel, and an edit with musicTrackId null renders it without', async () => {
    const tracks = (await api(app.baseUrl, 'GET', '/api/music-tracks', { token: alice })).json;
    const track = tracks.find((t: { mood: string }) => t.mood === 'energetic');
    const missing = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token: alice, body: { musicTrackId: 'no-such-track' } });
    expect({ status: missing.status, error: missing.json.error }).toEqual({ status: 404, error: 'Music track not found' });

    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      // Filled to length: several moments, long enough to compare the two sounds.
      token: alice,
      body: { targetLength: 15, quality: '480p', musicTrackId: track.id, fillToLength: true },
    });
    expect(queued.status).toBe(202);
    const withMusic = await waitUntilReady(queued.json.id);
    expect(withMusic).toMatchObject({ status: 'ready', musicTrackId: track.id });

    const moments = withMusic.moments.map((m: { start: number; end: number }) => ({ start: m.start, end: m.end }));
    const edit = await api(app.baseUrl, 'PUT', `/api/highlights/${withMusic.id}/moments`, { token: alice, body: { moments, musicTrackId: null } });
    expect(edit.status).toBe(202);
    const without = await waitUntilReady(edit.json.id);
    expect(without).toMatchObject({ status: 'ready', musicTrackId: null, moments: moments.map((m: object) => expect.objectContaining(m)) });
    // The edit reused the analysis and the selection: those steps are absent, not 0.
    expect(without.timings).toEqual({ analysisSeconds: null, selectionSeconds: null, renderSeconds: expect.any(Number), totalSeconds: expect.any(Number) });
    expect(withMusic.timings.selectionSeconds).toEqual(expect.any(Number));

    // Same moments, same source: whatever differs between the two sounds is the music bed.
    const [a, b] = await Promise.all([soundOf(withMusic.reel), soundOf(without.reel)]);
    const n = Math.min(a.length, b.length);
    expect(n).toBeGreaterThan(8000 * 5);
    let diff = 0;
    let base = 0;
    for (let i = 0; i < n; i++) {
      diff += (a[i] - b[i]) ** 2;
      base += b[i] ** 2;
    }
    expect(Math.sqrt(diff / base)).toBeGreaterThan(0.2);
  }, 200_000);
});
