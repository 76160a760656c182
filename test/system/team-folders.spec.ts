import { type RunningApp, startApp } from '../support/stack';
import { eventually } from '../support/wait';
import { api } from './api';
import { signUp, uploadVideo, waitForReady, waitForVideo } from './videos';

/**
 * Team folders (Pro): an owner shares a folder with teammates by username; they watch its videos
 * and make their own reels from them, and nothing else; leaving (or being removed) ends it all.
 */
describe('team folders through the gateway', () => {
  let app: RunningApp;
  let owner: string;
  let mate: string;
  let other: string;
  let outsider: string;
  let rookie: string;
  const people: Record<string, { id: string; username: string }> = {};
  let folder: Record<string, any>;
  let video: Record<string, any>;
  let mateReel: Record<string, any>;
  let mateLink = '';
  const call = (token: string, method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, { token, body });
  const me = async (token: string) => (await call(token, 'GET', '/api/auth/me')).json as { id: string; username: string };

  beforeAll(async () => {
    app = await startApp();
    [owner, mate, other, outsider, rookie] = await Promise.all([
      signUp(app.baseUrl),
      signUp(app.baseUrl, { plan: 'rookie' }),
      signUp(app.baseUrl, { plan: null }),
      signUp(app.baseUrl),
      signUp(app.baseUrl, { plan: 'rookie' }),
    ]);
    for (const [name, token] of Object.entries({ owner, mate, other, outsider, rookie })) people[name] = await me(token);
    folder = (await call(owner, 'POST', '/api/video-folders', { name: 'Club final', color: '#3b82f6' })).json;
    const uploaded = await uploadVideo(app.baseUrl, owner, 'h264-aac.mp4');
    await waitForVideo(app.baseUrl, owner, uploaded.json.id, (v) => v.status === 'processed');
    video = (await call(owner, 'PATCH', `/api/videos/${uploaded.json.id}`, { folderId: folder.id })).json;
  }, 180_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('shares a folder by username (as sign-in matches it), once, and says who is in it', async () => {
    const added = await call(owner, 'POST', `/api/video-folders/${folder.id}/members`, { username: `  ${people.mate.username.toUpperCase()} ` });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      folderId: folder.id,
      ownerUsername: people.owner.username,
      owner: true,
      members: [{ userId: people.mate.id, username: people.mate.username, addedAt: expect.any(String) }],
    });
    const again = await call(owner, 'POST', `/api/video-folders/${folder.id}/members`, { username: people.mate.username });
    expect(again.json.members).toHaveLength(1);
    const other = await call(owner, 'POST', `/api/video-folders/${folder.id}/members`, { username: people.other.username });
    expect(other.json.members.map((m: { username: string }) => m.username)).toEqual([people.mate.username, people.other.username]);

    const seen = await call(mate, 'GET', `/api/video-folders/${folder.id}/members`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ ownerUsername: people.owner.username, owner: false });
  });

  it('refuses bad additions with a clear 4xx and changes nothing', async () => {
    const cases: [string, string, unknown, number, RegExp][] = [
      [owner, folder.id, { username: 'nobody-by-this-name' }, 404, /No Reelsmith user is called “nobody-by-this-name”/],
      [owner, folder.id, { username: '   ' }, 400, /username of a teammate/],
      [owner, folder.id, { username: people.owner.username }, 400, /your own folder/],
      [owner, folder.id, { username: 42 }, 400, /username must be a text/],
      [owner, folder.id, [], 400, /JSON object/],
      [outsider, folder.id, { username: people.outsider.username }, 404, /Folder not found/],
      [mate, folder.id, { username: people.outsider.username }, 404, /Folder not found/],
      [owner, 'not-a-folder', { username: people.mate.username }, 404, /Folder not found/],
    ];
    for (const [token, id, body, status, message] of cases) {
      const res = await call(token, 'POST', `/api/video-folders/${id}/members`, body);
      expect({ body, status: res.status, error: res.json?.error }).toEqual({ body, status, error: expect.stringMatching(message) });
    }
    expect((await call(owner, 'GET', `/api/video-folders/${folder.id}/members`)).json.members).toHaveLength(2);
    expect((await call(outsider, 'GET', `/api/video-folders/${folder.id}/members`)).status).toBe(404);
  });

  it('is Pro: Rookie gets 403, no plan 402', async () => {
    const own = (await call(rookie, 'POST', '/api/video-folders', { name: 'Mine' })).json;
    const refused = await call(rookie, 'POST', `/api/video-folders/${own.id}/members`, { username: people.mate.username });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/Team folders are part of Pro/);
    const none = (await call(other, 'POST', '/api/video-folders', { name: 'Mine too' })).json;
    const noPlan = await call(other, 'POST', `/api/video-folders/${none.id}/members`, { username: people.mate.username });
    expect(noPlan.status).toBe(402);
    expect((await call(rookie, 'GET', `/api/video-folders/${own.id}/members`)).json.members).toEqual([]);
  });

  it('shows a member the folder and its videos, marked as shared, and nobody else', async () => {
    const shared = await call(mate, 'GET', '/api/video-folders/shared');
    expect(shared.json).toEqual([expect.objectContaining({ id: folder.id, name: 'Club final', ownerUsername: people.owner.username })]);
    expect((await call(outsider, 'GET', '/api/video-folders/shared')).json).toEqual([]);
    expect((await call(mate, 'GET', '/api/video-folders')).json).toEqual([]);

    const listed = await call(mate, 'GET', `/api/video-folders/${folder.id}/videos`);
    expect(listed.json.map((v: { id: string; sharedWithYou: boolean }) => [v.id, v.sharedWithYou])).toEqual([[video.id, true]]);
    expect((await call(owner, 'GET', `/api/video-folders/${folder.id}/videos`)).json[0].sharedWithYou).toBe(false);
    expect((await call(mate, 'GET', '/api/videos')).json).toEqual([]);

    const one = await call(mate, 'GET', `/api/videos/${video.id}`);
    expect(one.json).toMatchObject({ id: video.id, sharedWithYou: true, status: 'processed' });
    const stream = await fetch(`${app.baseUrl}${one.json.streamUrl}`, { headers: { range: 'bytes=0-7' } });
    expect(stream.status).toBe(206);

    for (const path of [`/api/videos/${video.id}`, `/api/video-folders/${folder.id}/videos`, `/api/videos/${video.id}/highlights`]) {
      expect({ path, status: (await call(outsider, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('keeps changing the video and the folder its owner’s', async () => {
    const attempts: [string, string, unknown?][] = [
      ['PATCH', `/api/videos/${video.id}`, { folderId: null }],
      ['DELETE', `/api/videos/${video.id}`],
      ['POST', `/api/videos/${video.id}/trim`, { start: '0:00', end: '0:02' }],
      ['PUT', `/api/video-folders/${folder.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/video-folders/${folder.id}`],
    ];
    for (const [method, path, body] of attempts) {
      expect({ method, path, status: (await call(mate, method, path, body)).status }).toEqual({ method, path, status: 404 });
    }
    const still = await call(owner, 'GET', `/api/videos/${video.id}`);
    expect(still.json).toMatchObject({ folderId: folder.id, title: video.title });
    expect((await call(owner, 'GET', '/api/video-folders')).json.map((f: { name: string }) => f.name)).toEqual(['Club final']);
  });

  it('lets a member make their own reel, which the owner sees too', async () => {
    const queued = await call(mate, 'POST', `/api/videos/${video.id}/generate-highlights`, { preset: 'sport', targetLength: 15, quality: '480p' });
    expect(queued.status).toBe(202);
    mateReel = await waitForReady(app.baseUrl, mate, queued.json.id);
    const ownersList = (await call(owner, 'GET', `/api/videos/${video.id}/highlights`)).json;
    expect(ownersList.map((h: { id: string }) => h.id)).toContain(mateReel.id);
    expect((await call(owner, 'GET', `/api/videos/${video.id}`)).json.readyReels).toBe(1);
    expect((await call(owner, 'GET', `/api/highlights/${mateReel.id}`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}${mateReel.reel.streamUrl}`, { headers: { range: 'bytes=0-7' } })).status).toBe(206);
    // The reel-ready mail is the maker's, not the owner's.
    await eventually(async () => {
      const mails = (await call(mate, 'GET', '/api/user/notifications')).json as { kind: string }[];
      expect(mails.map((m) => m.kind)).toContain('highlight');
    });
    expect(((await call(owner, 'GET', '/api/user/notifications')).json as { kind: string }[]).map((m) => m.kind)).not.toContain('highlight');
    // Their own reel they share; the owner's reels and edits of others' reels are not theirs.
    const link = await call(mate, 'POST', `/api/highlights/${mateReel.id}/share-links`, {});
    expect(link.status).toBe(201);
    mateLink = link.json.token;
    expect((await fetch(`${app.baseUrl}/api/public/r/${mateLink}/video`, { headers: { range: 'bytes=0-7' } })).status).toBe(206);
    expect((await call(owner, 'PUT', `/api/highlights/${mateReel.id}/moments`, { moments: [{ start: 0, end: 2 }] })).status).toBe(404);
    // A teammate who has no plan watches, but making reels needs a plan of their own.
    const noPlan = await call(other, 'POST', `/api/videos/${video.id}/generate-highlights`, { preset: 'sport' });
    expect(noPlan.status).toBe(402);
  }, 200_000);

  it('lets only the owner remove others; a member leaves and loses the folder, its video and their reels of it', async () => {
    const notYours = await call(mate, 'DELETE', `/api/video-folders/${folder.id}/members/${people.other.id}`);
    expect(notYours.status).toBe(403);
    const removed = await call(owner, 'DELETE', `/api/video-folders/${folder.id}/members/${people.other.id}`);
    expect(removed.json.members.map((m: { username: string }) => m.username)).toEqual([people.mate.username]);
    expect((await call(other, 'GET', `/api/videos/${video.id}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/api/video-folders/${folder.id}/members/${people.other.id}`)).status).toBe(404);

    const left = await call(mate, 'DELETE', `/api/video-folders/${folder.id}/members/${people.mate.id}`);
    expect(left.status).toBe(200);
    expect(left.json.members).toEqual([]);
    expect((await call(mate, 'GET', '/api/video-folders/shared')).json).toEqual([]);
    for (const path of [`/api/videos/${video.id}`, `/api/video-folders/${folder.id}/videos`, `/api/highlights/${mateReel.id}`]) {
      expect({ path, status: (await call(mate, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
    // The links they made of it stop working with their access.
    expect((await fetch(`${app.baseUrl}/api/public/r/${mateLink}/video`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/r/${mateLink}`)).status).toBe(404);
    // The owner keeps everything, the reel the teammate made included.
    expect((await call(owner, 'GET', `/api/highlights/${mateReel.id}`)).status).toBe(200);
  });

  it('ends every membership with the folder', async () => {
    await call(owner, 'POST', `/api/video-folders/${folder.id}/members`, { username: people.mate.username });
    expect((await call(mate, 'GET', '/api/video-folders/shared')).json).toHaveLength(1);
    expect((await call(owner, 'DELETE', `/api/video-folders/${folder.id}`)).status).toBe(200);
    expect((await call(mate, 'GET', '/api/video-folders/shared')).json).toEqual([]);
    expect((await call(mate, 'GET', `/api/videos/${video.id}`)).status).toBe(404);
  });
});
