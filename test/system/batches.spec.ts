import { TEST_BUCKET, testBucket } from '../support/bucket';
import { fakeVideo, tinyClip, truncatedVideo } from '../support/batch-media';
import { postBulk } from '../support/multipart';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { openEvents, signUp } from './videos';

/** Object keys under a user's uploads in the run's S3 (the user id is the token's subject). */
async function storedObjects(token: string, prefix: 'uploads' | 'originals'): Promise<string[]> {
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
  const keys: string[] = [];
  for await (const item of testBucket().listObjectsV2(TEST_BUCKET, `${prefix}/${userId}/`, true)) keys.push((item as { name: string }).name);
  return keys;
}

describe('bulk batches through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('takes 12 files with two bad ones, processes the rest to highlights and explains the bad ones in the report', async () => {
    const created = await api(app.baseUrl, 'POST', '/api/batches', { token: alice, body: { name: 'Summer League: Week 3', description: 'U12 matches' } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const events = openEvents(app.baseUrl, alice);
    await events.waitFor((e) => e.type === 'ready');

    const files = [
      ...Array.from({ length: 5 }, (_, i) => ({ path: tinyClip(i), filename: `match-${i + 1}.mp4` })),
      { path: fakeVideo(), filename: 'notes.mp4' },
      ...Array.from({ length: 5 }, (_, i) => ({ path: tinyClip(i + 5), filename: `match-${i + 6}.mp4` })),
      { path: truncatedVideo(), filename: 'cut-short.mp4' },
    ];
    const upload = await postBulk(`${app.baseUrl}/api/batches/${id}/videos/bulk`, alice, files);
    expect(upload.status).toBe(201);
    expect(upload.json.uploaded).toBe(12);
    expect(upload.json.videos.filter((v: { status: string }) => v.status === 'failed').map((v: { originalFilename: string }) => v.originalFilename)).toEqual([
      'notes.mp4',
      'cut-short.mp4',
    ]);

    await events.waitFor((e) => e.type === 'batch.progress' && e.data.id === id && e.data.status === 'completed', 240_000);
    await events.close();
    const seen = events.events.filter((e) => e.type === 'batch.progress' && e.data.id === id).map((e) => e.data.processedVideos as number);
    expect(seen.some((n) => n > 0 && n < 10)).toBe(true);

    const [batch] = (await api(app.baseUrl, 'GET', '/api/batches', { token: alice })).json;
    expect(batch).toMatchObject({
      id,
      name: 'Summer League: Week 3',
      description: 'U12 matches',
      status: 'completed',
      totalVideos: 12,
      processedVideos: 10,
      failedVideos: 2,
    });
    expect(Object.keys(batch).sort()).toEqual([
      'createdAt',
      'description',
      'failedVideos',
      'id',
      'name',
      'processedVideos',
      'status',
      'totalVideos',
      'updatedAt',
    ]);

    // The refused files were deleted; the 10 videos keep their originals where no upload can write.
    expect(await storedObjects(alice, 'originals')).toHaveLength(10);
    expect(await storedObjects(alice, 'uploads')).toEqual([]);
    const videos = (await api(app.baseUrl, 'GET', '/api/videos', { token: alice })).json as Array<{ status: string }>;
    expect(videos).toHaveLength(10);
    expect(videos.every((v) => v.status === 'processed')).toBe(true);

    const report = await api(app.baseUrl, 'GET', `/api/batches/${id}/report`, { token: alice });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('application/json');
    expect(report.headers.get('content-disposition')).toContain('filename="summer-league-week-3-report.json"');
    expect(report.json.batch).toMatchObject({ id, status: 'completed', totalVideos: 12, processedVideos: 10, failedVideos: 2 });
    expect(report.json.videos).toHaveLength(12);
    const processed = report.json.videos.filter((v: { status: string }) => v.status === 'processed');
    expect(processed).toHaveLength(10);
    for (const v of processed) {
      expect(v.duration).toBeGreaterThan(0.5);
      expect(v.highlights.moments.length).toBeGreaterThan(0);
      expect(v.timings.secondsToSettled).toBeGreaterThan(0);
    }
    expect(report.json.failures).toEqual([
      { originalFilename: 'notes.mp4', error: expect.stringContaining('not a video we can read') },
      { originalFilename: 'cut-short.mp4', error: expect.stringContaining('Refused on upload') },
    ]);

    // The same report for a spreadsheet and to read: one CSV row per file, an HTML table.
    const csv = await api(app.baseUrl, 'GET', `/api/batches/${id}/report?format=csv`, { token: alice });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('filename="summer-league-week-3-report.csv"');
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toMatch(/^position,file,title,status,duration,/);
    expect(rows.filter((r) => r.includes(',processed,'))).toHaveLength(10);
    const html = await api(app.baseUrl, 'GET', `/api/batches/${id}/report?format=html`, { token: alice });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.text.match(/<tr class="processed">/g)).toHaveLength(10);
    expect(html.text).toContain('not a video we can read');
    expect((await api(app.baseUrl, 'GET', `/api/batches/${id}/report?format=xlsx`, { token: alice })).status).toBe(400);
    expect((await api(app.baseUrl, 'GET', `/api/batches/${id}/report?format=csv`, { token: bob })).status).toBe(404);
  }, 300_000);

  it('refuses 51 files with a clear 400 and creates nothing', async () => {
    const { json } = await api(app.baseUrl, 'POST', '/api/batches', { token: bob, body: { name: 'Too many' } });
    const before = (await api(app.baseUrl, 'GET', '/api/videos', { token: bob })).json;
    const files = Array.from({ length: 51 }, (_, i) => ({ path: tinyClip(i % 4), filename: `clip-${i}.mp4` }));
    const upload = await postBulk(`${app.baseUrl}/api/batches/${json.id}/videos/bulk`, bob, files);
    expect(upload.status).toBe(400);
    expect(upload.json.error).toBe('Maximum 50 videos per batch');
    expect((await api(app.baseUrl, 'GET', `/api/batches/${json.id}`, { token: bob })).json).toMatchObject({ totalVideos: 0, status: 'pending' });
    expect((await api(app.baseUrl, 'GET', '/api/videos', { token: bob })).json).toEqual(before);
    expect(await storedObjects(bob, 'uploads')).toEqual([]);
    expect(await storedObjects(bob, 'originals')).toEqual([]);
  }, 60_000);

  it("answers bad input and other users' batches with the right status", async () => {
    expect((await api(app.baseUrl, 'POST', '/api/batches', { token: bob, body: { name: '   ' } })).json).toEqual({
      error: 'Please enter a name for this batch',
      violations: [{ field: 'name', message: 'Please enter a name for this batch' }],
    });
    const { json } = await api(app.baseUrl, 'POST', '/api/batches', { token: bob, body: { name: 'Mine' } });
    expect(
      (await postBulk(`${app.baseUrl}/api/batches/${json.id}/videos/bulk`, bob, [{ path: fakeVideo(), filename: 'notes.txt', contentType: 'text/plain' }]))
        .status,
    ).toBe(422);
    expect((await postBulk(`${app.baseUrl}/api/batches/${json.id}/videos/bulk`, bob, [])).status).toBe(400);
    expect((await api(app.baseUrl, 'POST', `/api/batches/${json.id}/videos/bulk`, { token: bob, body: {} })).status).toBe(400);
    for (const [method, path] of [
      ['GET', `/api/batches/${json.id}`],
      ['GET', `/api/batches/${json.id}/report`],
    ] as const) {
      expect((await api(app.baseUrl, method, path, { token: alice })).status).toBe(404);
    }
    expect((await postBulk(`${app.baseUrl}/api/batches/${json.id}/videos/bulk`, alice, [{ path: tinyClip(0) }])).status).toBe(404);
    expect((await api(app.baseUrl, 'GET', '/api/batches', { token: alice })).json.some((b: { id: string }) => b.id === json.id)).toBe(false);
    expect((await api(app.baseUrl, 'GET', '/api/batches')).status).toBe(401);
  }, 60_000);
});
