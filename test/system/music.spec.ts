import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp } from './videos';

const GENRES = ['electronic', 'acoustic', 'cinematic', 'hip-hop', 'ambient', 'rock'];
const MOODS = ['energetic', 'uplifting', 'calm', 'romantic', 'dramatic', 'happy'];

describe('music library through the gateway: the catalogue and its audio', () => {
  let app: RunningApp;
  let token: string;
  let tracks: Array<Record<string, any>>;
  const get = (path: string, init: RequestInit = {}) => fetch(`${app.baseUrl}${path}`, init);

  beforeAll(async () => {
    app = await startApp();
    token = await signUp(app.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('lists 60+ tracks with the spec fields, a playable URL and the plans that include them', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/music-tracks', { token });
    expect(res.status).toBe(200);
    tracks = res.json as unknown as Array<Record<string, any>>;
    expect(tracks.length).toBeGreaterThanOrEqual(60);
    for (const track of tracks) {
      expect(Object.keys(track).sort()).toEqual(['artist', 'bpm', 'duration', 'filename', 'genre', 'id', 'key', 'mood', 'plans', 'title', 'url'].sort());
      expect(track).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: `/music/${track.filename}` });
      expect(Number.isInteger(track.duration) && track.duration >= 30 && track.duration <= 150).toBe(true);
      expect(Number.isInteger(track.bpm)).toBe(true);
      expect(GENRES).toContain(track.genre);
      expect(MOODS).toContain(track.mood);
      expect(track.plans).toContain('pro');
    }
    expect(tracks.filter((t) => t.plans.includes('rookie')).length).toBeGreaterThanOrEqual(25);
    expect(new Set(tracks.map((t) => t.genre)).size).toBe(GENRES.length);
  });

  it('refuses the list without a valid token', async () => {
    expect((await api(app.baseUrl, 'GET', '/api/music-tracks')).status).toBe(401);
    expect((await api(app.baseUrl, 'GET', '/api/music-tracks', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('serves a track publicly as audio/mpeg with Range, HEAD and 416', async () => {
    const { url } = tracks[0];
    const head = await get(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(200_000);

    const ranged = await get(url, { headers: { range: 'bytes=0-1023' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('audio/mpeg');
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-1023/${size}`);
    const bytes = Buffer.from(await ranged.arrayBuffer());
    expect(bytes.length).toBe(1024);
    // An MP3 frame sync (no ID3 tag in front: the files carry no metadata).
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1] & 0xe0).toBe(0xe0);

    const tail = await get(url, { headers: { range: 'bytes=-100' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect((await get(url, { headers: { range: `bytes=${size}-` } })).status).toBe(416);

    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).length).toBe(size);
  });

  it('answers 404 for anything that is not a catalogue file, paths included', async () => {
    for (const path of [
      '/music/no-such-track.mp3',
      '/music/golden-hour-drive.wav',
      '/music/..%2F..%2Fetc%2Fpasswd',
      '/music/%2e%2e%2fmedia',
      '/music/GOLDEN-HOUR-DRIVE.mp3',
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect((await res.json()).error).toBe('Music track not found');
    }
    // Deeper paths are no route (and not the web app either).
    expect((await get('/music/a/b.mp3', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
