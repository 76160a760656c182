import { tinyClip } from '../support/batch-media';
import { eventCounts, mediaEvents } from '../support/chaos';
import { postBulk } from '../support/multipart';
import { type RunningApp, SERVICE_NAMES, startApp, startReplicas, type TestStack } from '../support/stack';
import { api } from './api';
import { openEvents, signUp, uploadVideo } from './videos';

/**
 * Every service twice (two gateways, two media APIs, two workers, ...), as a cluster runs them: the
 * work is shared, nothing is done twice, and a user sees the same thing through either gateway.
 */
describe('two replicas of every service', () => {
  let app: RunningApp;
  let second: { baseUrl: string; stack: TestStack };
  let gateways: string[];

  beforeAll(async () => {
    app = await startApp();
    second = await startReplicas(app, SERVICE_NAMES);
    gateways = [app.baseUrl, second.baseUrl];
  }, 240_000);
  afterAll(async () => {
    await second?.stack.stop();
    await app?.stack.stop();
  });

  it('keeps one music catalogue although both music replicas made sure of it at start', async () => {
    const token = await signUp(app.baseUrl);
    const [a, b] = await Promise.all(gateways.map((g) => api(g, 'GET', '/api/music-tracks', { token })));
    expect(a.json).toHaveLength(60);
    expect(b.json.map((t: { id: string }) => t.id).sort()).toEqual(a.json.map((t: { id: string }) => t.id).sort());
  });

  it('processes uploads made through either gateway once each, and tells the user through the other one', async () => {
    const token = await signUp(gateways[1]);
    const events = openEvents(gateways[0], token);
    await events.waitFor((e) => e.type === 'ready');
    const uploads = await Promise.all([0, 1, 2, 3].map((i) => uploadVideo(gateways[i % 2], token, 'h264-aac.mp4', { title: `Clip ${i}` })));
    expect(uploads.map((u) => u.status)).toEqual([200, 200, 200, 200]);
    const ids = uploads.map((u) => u.json.id as string);
    for (const id of ids) {
      await events.waitFor((e) => e.type === 'video.progress' && e.data.videoId === id && e.data.status === 'processed', 120_000);
    }

    // Highlights asked through one gateway, followed through the other.
    const reels = await Promise.all(
      ids.slice(0, 2).map((id) => api(gateways[1], 'POST', `/api/videos/${id}/generate-highlights`, { token, body: { targetLength: 15, quality: '480p' } })),
    );
    expect(reels.map((r) => r.status)).toEqual([202, 202]);
    for (const reel of reels) {
      await events.waitFor((e) => e.type === 'highlight.progress' && e.data.highlightId === reel.json.id && e.data.status === 'ready', 180_000);
    }
    await events.close();

    // One reel version per request, the same through both gateways.
    for (const id of ids.slice(0, 2)) {
      const [a, b] = await Promise.all(gateways.map((g) => api(g, 'GET', `/api/videos/${id}/highlights`, { token })));
      expect(a.json.map((h: { version: number }) => h.version)).toEqual([1]);
      expect(b.json).toEqual(a.json);
    }
    // One event of each kind per video and reel on the EVENTS stream.
    const counts = eventCounts(await mediaEvents(process.env.NATS_URL!), ids);
    for (const id of ids) {
      expect(counts.get(`evt.media.video.uploaded ${id}`)).toBe(1);
      expect(counts.get(`evt.media.video.processed ${id}`)).toBe(1);
    }
    for (const [i, reel] of reels.entries()) expect(counts.get(`evt.media.highlights.ready ${ids[i]} ${reel.json.id}`)).toBe(1);
  }, 300_000);

  it("counts a batch once and asks for each video's highlights once, with both batches replicas consuming", async () => {
    const token = await signUp(gateways[0]);
    const created = await api(gateways[0], 'POST', '/api/batches', { token, body: { name: 'Replicas', description: '' } });
    const files = [0, 1, 2].map((i) => ({ path: tinyClip(20 + i), filename: `match-${i}.mp4` }));
    const upload = await postBulk(`${gateways[1]}/api/batches/${created.json.id}/videos/bulk`, token, files);
    expect(upload.status).toBe(201);
    const deadline = Date.now() + 180_000;
    let batch: Record<string, unknown> = {};
    while (Date.now() < deadline) {
      batch = (await api(gateways[Date.now() % 2], 'GET', '/api/batches', { token })).json[0];
      if (batch.status !== 'processing' && batch.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(batch).toMatchObject({ status: 'completed', totalVideos: 3, processedVideos: 3, failedVideos: 0 });
    const videos = (await api(gateways[1], 'GET', '/api/videos', { token })).json as Array<{ id: string }>;
    expect(videos).toHaveLength(3);
    for (const video of videos) {
      expect((await api(gateways[0], 'GET', `/api/videos/${video.id}/highlights`, { token })).json).toHaveLength(1);
    }
  }, 240_000);

  it('makes one thing for two creates with one Idempotency-Key arriving together at the two gateways', async () => {
    const token = await signUp(gateways[0]);
    const twice = (path: string, body: unknown, key: string) =>
      Promise.all(gateways.map((g) => api(g, 'POST', path, { token, body, headers: { 'Idempotency-Key': key } })));

    const folders = await twice('/api/video-folders', { name: 'Finals' }, 'folder-finals-1');
    expect(folders.map((r) => r.status)).toEqual([201, 201]);
    expect(folders[1].json).toEqual(folders[0].json);
    expect(folders.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort());
    const batches = await twice('/api/batches', { name: 'Weekend', description: '' }, 'batch-weekend-1');
    expect(batches[1].json.id).toBe(batches[0].json.id);

    const events = openEvents(gateways[1], token);
    await events.waitFor((e) => e.type === 'ready');
    const upload = await uploadVideo(gateways[0], token, 'h264-aac.mp4', { title: 'Final' });
    await events.waitFor((e) => e.type === 'video.progress' && e.data.videoId === upload.json.id && e.data.status === 'processed', 120_000);
    await events.close();
    const reels = await twice(`/api/videos/${upload.json.id}/generate-highlights`, { targetLength: 15, quality: '480p' }, 'reel-final-1');
    expect(reels.map((r) => r.status)).toEqual([202, 202]);
    expect(reels[1].json.id).toBe(reels[0].json.id);

    // Checked through the API: one of each.
    expect((await api(gateways[1], 'GET', '/api/video-folders', { token })).json).toHaveLength(1);
    expect((await api(gateways[0], 'GET', '/api/batches', { token })).json).toHaveLength(1);
    expect((await api(gateways[1], 'GET', `/api/videos/${upload.json.id}/highlights`, { token })).json).toHaveLength(1);
  }, 240_000);

  it('refuses a reused key with another body (422) and a malformed key (400), and lets a failed create be retried with its key', async () => {
    const token = await signUp(gateways[1]);
    const post = (g: string, body: unknown, key: string) => api(g, 'POST', '/api/video-folders', { token, body, headers: { 'Idempotency-Key': key } });

    expect((await post(gateways[0], { name: 'Travel' }, 'k-1')).status).toBe(201);
    const reused = await post(gateways[1], { name: 'Sport' }, 'k-1');
    expect(reused.status).toBe(422);
    expect(reused.json.error).toMatch(/already used for a different request/);
    expect((await post(gateways[0], { name: 'Sport' }, 'bad key with spaces')).status).toBe(400);
    expect((await post(gateways[0], { name: 'Sport' }, 'x'.repeat(256))).status).toBe(400);

    // A create that failed (no name) gives its key back: the corrected retry with that key works.
    expect((await post(gateways[1], { name: '' }, 'k-2')).status).toBe(400);
    expect((await post(gateways[0], { name: 'Sport' }, 'k-2')).status).toBe(201);
    // Another user's key of the same spelling is theirs alone.
    const other = await signUp(gateways[0]);
    expect(
      (await api(gateways[0], 'POST', '/api/video-folders', { token: other, body: { name: 'Travel' }, headers: { 'Idempotency-Key': 'k-1' } })).status,
    ).toBe(201);

    const names = (await api(gateways[1], 'GET', '/api/video-folders', { token })).json.map((f: { name: string }) => f.name).sort();
    expect(names).toEqual(['Sport', 'Travel']);
  });

  it('shows a folder made through one gateway through the other', async () => {
    const token = await signUp(gateways[0]);
    const made = await api(gateways[0], 'POST', '/api/video-folders', { token, body: { name: 'Weddings' } });
    expect(made.status).toBe(201);
    const listed = await api(gateways[1], 'GET', '/api/video-folders', { token });
    expect(listed.json.map((f: { id: string }) => f.id)).toEqual([made.json.id]);
  });
});
