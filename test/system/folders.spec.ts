import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadVideo, waitForVideo } from './videos';

const PALETTE = ['#ff6600', '#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6', '#ec4899', '#06b6d4', '#84cc16', '#f97316'];

describe('video folders through the gateway: CRUD, ownership, moving videos, deleting folders', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let weddings: Record<string, any>;
  let video: Record<string, any>;
  const call = (token: string, method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('creates folders with trimmed fields, the default colour and no description when blank', async () => {
    const created = await call(alice, 'POST', '/api/video-folders', { name: '  Weddings  ', description: '  Summer 2026 ', color: '#EC4899' });
    expect(created.status).toBe(201);
    weddings = created.json;
    expect(weddings).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Weddings', description: 'Summer 2026', color: '#ec4899' });

    const plain = await call(alice, 'POST', '/api/video-folders', { name: 'Sport', description: '   ' });
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ name: 'Sport', color: '#ff6600' });
    expect('description' in plain.json).toBe(false);

    const list = await call(alice, 'GET', '/api/video-folders');
    expect(list.status).toBe(200);
    expect(list.json.map((f: { name: string }) => f.name)).toEqual(['Weddings', 'Sport']);
    expect((await call(bob, 'GET', '/api/video-folders')).json).toEqual([]);
  });

  it('refuses a blank name and a colour outside the ten-colour palette with 400 and a clear message', async () => {
    const blank = await call(alice, 'POST', '/api/video-folders', { name: '   ', color: '#ff6600' });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe('Please enter a folder name.');
    const missing = await call(alice, 'POST', '/api/video-folders', {});
    expect(missing.status).toBe(400);

    for (const color of ['#000000', 'orange', '#ff660']) {
      const res = await call(alice, 'POST', '/api/video-folders', { name: 'Travel', color });
      expect({ color, status: res.status }).toEqual({ color, status: 400 });
      expect(res.json.error).toContain(PALETTE.join(', '));
    }
    for (const color of PALETTE) {
      const res = await call(bob, 'POST', '/api/video-folders', { name: `Colour ${color}`, color });
      expect({ color, status: res.status, saved: res.json.color }).toEqual({ color, status: 201, saved: color });
    }
    const wrongType = await call(alice, 'POST', '/api/video-folders', { name: 42 });
    expect(wrongType.status).toBe(400);
    expect((await call(alice, 'GET', '/api/video-folders')).json).toHaveLength(2);
    expect((await api(app.baseUrl, 'GET', '/api/video-folders')).status).toBe(401);
  });

  it('updates a folder; an update with a blank name changes nothing', async () => {
    const updated = await call(alice, 'PUT', `/api/video-folders/${weddings.id}`, { name: 'Weddings 2026', description: '', color: '#8b5cf6' });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: weddings.id, name: 'Weddings 2026', color: '#8b5cf6' });
    expect('description' in updated.json).toBe(false);

    const noOp = await call(alice, 'PUT', `/api/video-folders/${weddings.id}`, { name: '  ', description: 'changed?', color: '#3b82f6' });
    expect(noOp.status).toBe(200);
    const [stored] = (await call(alice, 'GET', '/api/video-folders')).json;
    expect(stored).toMatchObject({ name: 'Weddings 2026', color: '#8b5cf6' });
    expect('description' in stored).toBe(false);

    const badColour = await call(alice, 'PUT', `/api/video-folders/${weddings.id}`, { name: 'x', color: '#123456' });
    expect(badColour.status).toBe(400);
    weddings = stored;
  });

  it("answers 404 for another user's folder and leaves it untouched", async () => {
    const bobs = (await call(bob, 'GET', '/api/video-folders')).json[0];
    const attempts = [
      call(alice, 'PUT', `/api/video-folders/${bobs.id}`, { name: 'Mine now' }),
      call(alice, 'DELETE', `/api/video-folders/${bobs.id}`),
      call(alice, 'GET', `/api/video-folders/${bobs.id}/videos`),
      call(alice, 'GET', '/api/video-folders/00000000-0000-4000-8000-000000000000/videos'),
      call(alice, 'PUT', '/api/video-folders/not-a-uuid', { name: 'x' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Folder not found');
    }
    expect((await call(bob, 'GET', '/api/video-folders')).json[0]).toEqual(bobs);
  });

  it('moves a video into a folder, lists the folder videos like GET /api/videos, and refuses foreign folders', async () => {
    const created = await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4', { title: 'First dance' });
    expect(created.status).toBe(200);
    expect(created.json.folderId).toBeNull();
    video = await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'processed');

    const moved = await call(alice, 'PATCH', `/api/videos/${video.id}`, { folderId: weddings.id });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: video.id, folderId: weddings.id, title: 'First dance', status: 'processed' });
    expect((await call(alice, 'GET', `/api/videos/${video.id}`)).json.folderId).toBe(weddings.id);

    const inFolder = await call(alice, 'GET', `/api/video-folders/${weddings.id}/videos`);
    expect(inFolder.status).toBe(200);
    const all = await call(alice, 'GET', '/api/videos');
    expect(inFolder.json).toHaveLength(1);
    expect(Object.keys(inFolder.json[0]).sort()).toEqual(Object.keys(all.json[0]).sort());
    expect(inFolder.json[0]).toMatchObject({ id: video.id, title: 'First dance', folderId: weddings.id });
    const sport = (await call(alice, 'GET', '/api/video-folders')).json[1];
    expect((await call(alice, 'GET', `/api/video-folders/${sport.id}/videos`)).json).toEqual([]);

    const bobsFolder = (await call(bob, 'GET', '/api/video-folders')).json[0];
    const foreignFolder = await call(alice, 'PATCH', `/api/videos/${video.id}`, { folderId: bobsFolder.id });
    expect(foreignFolder.status).toBe(404);
    expect(foreignFolder.json.error).toBe('Folder not found');
    const foreignVideo = await call(bob, 'PATCH', `/api/videos/${video.id}`, { folderId: bobsFolder.id });
    expect(foreignVideo.status).toBe(404);
    expect(foreignVideo.json.error).toBe('Video not found');
    expect((await call(alice, 'PATCH', `/api/videos/${video.id}`, { folderId: 42 })).status).toBe(400);
    expect((await call(alice, 'PATCH', `/api/videos/${video.id}`, {})).status).toBe(400);
    expect((await call(alice, 'GET', `/api/videos/${video.id}`)).json.folderId).toBe(weddings.id);

    // Back to the library and in again: null means the library.
    expect((await call(alice, 'PATCH', `/api/videos/${video.id}`, { folderId: null })).json.folderId).toBeNull();
    expect((await call(alice, 'GET', `/api/video-folders/${weddings.id}/videos`)).json).toEqual([]);
    expect((await call(alice, 'PATCH', `/api/videos/${video.id}`, { folderId: weddings.id })).json.folderId).toBe(weddings.id);
  });

  it('deletes a folder: its video returns to the library with its data intact, and the folder is gone', async () => {
    const before = (await call(alice, 'GET', `/api/videos/${video.id}`)).json;
    const deleted = await call(alice, 'DELETE', `/api/video-folders/${weddings.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: weddings.id, deleted: true });

    const deadline = Date.now() + 10_000;
    let after = (await call(alice, 'GET', `/api/videos/${video.id}`)).json;
    while (after.folderId !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await call(alice, 'GET', `/api/videos/${video.id}`)).json;
    }
    expect(after.folderId).toBeNull();
    const stable = (v: Record<string, any>) => ({ ...v, folderId: null, thumbnail: null, streamUrl: null, downloadUrl: null, previewUrl: null });
    expect(stable(after)).toEqual(stable(before));
    const stream = await fetch(`${app.baseUrl}${after.streamUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(stream.status).toBe(206);

    expect((await call(alice, 'GET', '/api/videos')).json.map((v: { id: string }) => v.id)).toContain(video.id);
    expect((await call(alice, 'GET', '/api/video-folders')).json.map((f: { name: string }) => f.name)).toEqual(['Sport']);
    expect((await call(alice, 'GET', `/api/video-folders/${weddings.id}/videos`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/api/video-folders/${weddings.id}`)).status).toBe(404);
  });
});
