import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadVideo, waitForVideo } from './videos';

const KIT = {
  logo: { position: 'bottom-left', opacity: 1, size: 0.2 },
  intro: { enabled: true, text: 'Derby day', background: '#ff0000', color: '#ffffff', duration: 2 },
  outro: { enabled: true, text: 'Thanks for watching', background: '#0000ff', color: '#ffff00', duration: 1.5 },
  captionColor: '#FFCC00',
  font: 'DejaVu Serif',
};

/** The brand kit through the gateway: GET/PUT, the logo (PNG, SVG, refusals), and a reel rendered with it. */
describe('brand kit through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-brand-api-'));
  const png = join(work, 'logo.png');

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x00ff00:s=300x150', '-frames:v', '1', png]);
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const get = (token: string) => api(app.baseUrl, 'GET', '/api/user/brand-kit', { token });
  const uploadLogo = (token: string, body: Buffer, type: string) =>
    fetch(`${app.baseUrl}/api/user/brand-kit/logo`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body }).then(
      async (res) => ({ status: res.status, json: (await res.json()) as any }),
    );

  it('starts from the defaults, saves a kit, and never shows it to another user', async () => {
    const before = await get(alice);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      saved: false,
      logo: { url: null, position: 'top-right' },
      captionColor: '#ffffff',
      font: 'DejaVu Sans',
      updatedAt: null,
    });

    const saved = await api(app.baseUrl, 'PUT', '/api/user/brand-kit', { token: alice, body: KIT });
    expect(saved.status).toBe(200);
    // Colours are kept lower-case.
    expect(saved.json).toMatchObject({ saved: true, ...KIT, captionColor: '#ffcc00', logo: { ...KIT.logo, url: null } });
    expect((await get(alice)).json).toEqual(saved.json);

    expect((await get(bob)).json).toMatchObject({ saved: false, captionColor: '#ffffff', intro: { enabled: false, text: '' } });
  });

  it('takes a PNG and an SVG logo (rasterised once), serves it only on its signed URL, and removes it', async () => {
    const first = await uploadLogo(alice, readFileSync(png), 'image/png');
    expect(first.status).toBe(200);
    expect(first.json.logo).toMatchObject({ width: 300, height: 150, position: 'bottom-left' });
    const served = await fetch(`${app.baseUrl}${first.json.logo.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await served.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // Without the signature (Bob's token, or none) the logo is nobody's business.
    const path = new URL(first.json.logo.url, 'http://x').pathname;
    expect((await api(app.baseUrl, 'GET', path, { token: bob })).status).toBe(404);
    expect((await fetch(`${app.baseUrl}${path}`)).status).toBe(401);

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#00ff00"/></svg>',
    );
    const second = await uploadLogo(alice, svg, 'image/svg+xml');
    expect(second.status).toBe(200);
    expect(second.json.logo).toMatchObject({ width: 1024, height: 512 });
    expect(second.json.logo.url).not.toBe(first.json.logo.url);
    // The replaced logo is gone.
    expect((await fetch(`${app.baseUrl}${first.json.logo.url}`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}${second.json.logo.url}`)).headers.get('content-type')).toBe('image/png');

    const removed = await api(app.baseUrl, 'DELETE', '/api/user/brand-kit/logo', { token: alice });
    expect(removed.status).toBe(200);
    expect(removed.json.logo.url).toBeNull();
    expect((await fetch(`${app.baseUrl}${second.json.logo.url}`)).status).toBe(404);
  });

  it.each([
    ['a text file as logo', () => uploadLogo(alice, Buffer.from('hello, I am not an image\n'), 'image/png'), 400, 'The logo must be a PNG or SVG image'],
    ['a 50 MB logo', () => uploadLogo(alice, Buffer.alloc(50 * 1024 * 1024, 0x89), 'image/png'), 413, 'The logo must be at most 2 MB'],
    [
      'a PNG header over garbage',
      () => uploadLogo(alice, Buffer.concat([readFileSync(png).subarray(0, 8), Buffer.alloc(500, 7)]), 'image/png'),
      400,
      'The logo is not a readable PNG image',
    ],
    [
      'an SVG with entities',
      () => uploadLogo(alice, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY a "aaaa"></svg>'), 'image/svg+xml'),
      400,
      'The SVG logo cannot declare entities',
    ],
    [
      'a colour that is no colour',
      () => api(app.baseUrl, 'PUT', '/api/user/brand-kit', { token: alice, body: { ...KIT, captionColor: 'yellow' } }),
      400,
      'captionColor must be a colour written #rrggbb',
    ],
    [
      'a card background of #12345',
      () => api(app.baseUrl, 'PUT', '/api/user/brand-kit', { token: alice, body: { ...KIT, intro: { ...KIT.intro, background: '#12345' } } }),
      400,
      'intro.background must be a colour written #rrggbb',
    ],
    [
      'an intro card on without text',
      () => api(app.baseUrl, 'PUT', '/api/user/brand-kit', { token: alice, body: { ...KIT, intro: { ...KIT.intro, text: '  ' } } }),
      400,
      'intro.text is needed when the intro card is on',
    ],
  ])('refuses %s with a plain message and changes nothing', async (_, send, status, message) => {
    const before = (await get(alice)).json;
    const answer = await send();
    expect({ status: answer.status, message: answer.json?.error }).toEqual({ status, message });
    expect((await get(alice)).json).toEqual(before);
  });

  it('renders a reel with the kit (longer by its cards, the intro first), and without it when asked', async () => {
    await api(app.baseUrl, 'PUT', '/api/user/brand-kit', { token: alice, body: KIT });
    expect((await uploadLogo(alice, readFileSync(png), 'image/png')).status).toBe(200);
    const videoId = (await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4')).json.id;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');

    const branded = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token: alice,
      body: { targetLength: 15, quality: '480p', captions: 'none' },
    });
    expect({ status: branded.status, brandKit: branded.json.brandKit }).toEqual({ status: 202, brandKit: true });
    const plain = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token: alice,
      body: { targetLength: 15, quality: '480p', captions: 'none', brandKit: false },
    });
    expect(plain.json.brandKit).toBe(false);

    const ready = async (id: string) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { json } = await api(app.baseUrl, 'GET', `/api/highlights/${id}`, { token: alice });
        if (json.status === 'ready' || json.status === 'error' || Date.now() > deadline) return json;
        await new Promise((r) => setTimeout(r, 300));
      }
    };
    const [withKit, withoutKit] = [await ready(branded.json.id), await ready(plain.json.id)];
    expect([withKit.status, withoutKit.status]).toEqual(['ready', 'ready']);
    const moments = (h: { moments: Array<{ start: number; end: number }> }) => h.moments.map((m) => [m.start, m.end]);
    expect(moments(withKit)).toEqual(moments(withoutKit));
    expect(withKit.reel.duration).toBeCloseTo(withoutKit.reel.duration + 3.5, 1);

    // The file: its first frame is the intro's red, its last the outro's blue.
    const file = join(work, 'branded.mp4');
    writeFileSync(file, Buffer.from(await (await fetch(`${app.baseUrl}${withKit.reel.downloadUrl}`)).arrayBuffer()));
    const pixel = (at: number) => [
      ...execFileSync('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(at),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'crop=8:8:4:4,scale=1:1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ]),
    ];
    const near = (rgb: number[], expected: number[]) => rgb.every((v, i) => Math.abs(v - expected[i]) < 30);
    expect(near(pixel(0.5), [255, 0, 0])).toBe(true);
    expect(near(pixel(withKit.reel.duration - 0.5), [0, 0, 255])).toBe(true);

    // Bob has no kit: his reels are plain whatever he leaves out.
    const bobVideo = (await uploadVideo(app.baseUrl, bob, 'h264-aac.mp4')).json.id;
    await waitForVideo(app.baseUrl, bob, bobVideo, (v) => v.status === 'processed');
    const bobs = await api(app.baseUrl, 'POST', `/api/videos/${bobVideo}/generate-highlights`, { token: bob, body: { targetLength: 15, quality: '480p' } });
    expect(bobs.json.brandKit).toBe(false);
  }, 300_000);
});
