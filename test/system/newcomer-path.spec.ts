import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shortPlantedClip } from '../support/planted';
import { api } from './api';
import { toastMedia } from '../support/speech-media';
import { signUp, uploadFile, waitForTranscript, waitForVideo } from './videos';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { startReelsmith } = require('../../scripts/lib/reelsmith.cjs') as {
  startReelsmith(options: { env: NodeJS.ProcessEnv; dataDir: string; log: (name: string, line: string) => void }): Promise<{ stop(): Promise<void> }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { portAnswers } = require('../../scripts/lib/setup.cjs') as { portAnswers(port: number): Promise<boolean> };

/**
 * The path a new user takes: README's `npm start` on a fresh clone, with its defaults (ports, the
 * machine's PostgreSQL and NATS, the development S3, secrets and scratch space in a data dir that
 * does not exist yet), then an upload turned into a reel through the gateway. Nothing here is a
 * test setting: the environment is the user's shell without any of the app's variables (the test
 * run's private infrastructure is not used).
 */
const APP_SETTING =
  /^(NATS_|DATABASE_URL|JWT_|MEDIA_URL_|S3|LOG_LEVEL|NODE_ENV|WORK_DIR|WEB_DIST|JOB_|SOURCE_CACHE|HEALTH_PORT|PORT$|STRIPE_|ENTITLEMENTS_|BILLING_)/;
const userEnv = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => !APP_SETTING.test(key)));
const baseUrl = 'http://localhost:8080';

describe('a new user on a fresh clone: npm start, upload, reel', () => {
  const home = mkdtempSync(join(tmpdir(), 'reelsmith-newcomer-'));
  const dataDir = join(home, '.data');
  const logs: string[] = [];
  let app: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    if (await portAnswers(8080)) throw new Error("port 8080 is taken (is `npm start` running?): the newcomer test needs README's defaults");
    app = await startReelsmith({ env: userEnv(), dataDir, log: (name, line) => logs.push(`${name} | ${line}`) }).catch((err: Error) => {
      throw new Error(`${err.message}\n--- service logs ---\n${logs.slice(-40).join('\n')}`);
    });
  }, 600_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(home, { recursive: true, force: true });
  }, 120_000);

  it('serves the web app on http://localhost:8080', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('turns an upload into a ready reel with no manual step', async () => {
    const token = await signUp(baseUrl);
    const clip = shortPlantedClip();
    const body = readFileSync(clip.file);
    const grant = await api(baseUrl, 'POST', '/api/objects/upload', { token });
    expect((await fetch(grant.json.uploadURL, { method: 'PUT', body })).status).toBe(200);
    const created = await api(baseUrl, 'PUT', '/api/videos/complete-upload', {
      token,
      body: { videoURL: grant.json.uploadURL, title: 'First match', originalFilename: 'match.mp4', fileSize: body.length, duration: 0 },
    });
    expect(created.status).toBe(200);

    const video = await waitForVideo(baseUrl, token, created.json.id, (v) => v.status === 'processed' || v.status === 'error', 300_000);
    expect({ status: video.status, reason: video.errorReason ?? '' }).toEqual({ status: 'processed', reason: '' });

    const queued = await api(baseUrl, 'POST', `/api/videos/${video.id}/generate-highlights`, { token, body: { targetLength: 15, quality: '480p' } });
    expect(queued.status).toBe(202);
    const highlight = await waitForHighlight(token, queued.json.id);
    expect(highlight.status).toBe('ready');

    // The reel is a real, playable video, at most the asked length (the length is an upper bound:
    // moments under the quality floor are left out, so a short generated clip gives a short reel).
    const seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `${baseUrl}${highlight.reel.downloadUrl}`], {
        encoding: 'utf8',
      }),
    );
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThanOrEqual(16);
    // Everything the run keeps lives in the data dir it was given (the worker's scratch space too).
    expect(existsSync(join(dataDir, 'work'))).toBe(true);

    // Shared: the link's page and its reel open signed out (no token, no cookie), on README's defaults.
    const link = await api(baseUrl, 'POST', `/api/highlights/${highlight.id}/share-links`, { token, body: {} });
    expect(link.status).toBe(201);
    expect(link.json.url).toBe(`${baseUrl}/r/${link.json.token}`);
    const page = await fetch(link.json.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/api/public/r/${link.json.token}/video`);
    const sharedSeconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `${baseUrl}/api/public/r/${link.json.token}/video`], {
        encoding: 'utf8',
      }),
    );
    expect(sharedSeconds).toBeCloseTo(seconds, 1);
  }, 600_000);

  it('gives a spoken upload a transcript and a captioned 9:16 reel with nothing set by hand', async () => {
    const token = await signUp(baseUrl);
    const toast = toastMedia();
    const created = await uploadFile(baseUrl, token, toast.video, { title: 'The toast', duration: toast.duration });
    expect(created.status).toBe(200);
    await waitForVideo(baseUrl, token, created.json.id, (v) => v.status === 'processed', 300_000);

    const transcript = await waitForTranscript(baseUrl, token, created.json.id, 300_000);
    expect({ status: transcript.status, engine: transcript.engine, quality: transcript.quality }).toEqual({
      status: 'ready',
      engine: 'pocketsphinx',
      quality: 'draft',
    });
    expect(transcript.words.length).toBeGreaterThan(10);

    // Captions are left out: a video with sound gets clean ones.
    const queued = await api(baseUrl, 'POST', `/api/videos/${created.json.id}/generate-highlights`, {
      token,
      body: { targetLength: 15, quality: '480p', aspect: '9:16' },
    });
    expect(queued.status).toBe(202);
    const highlight = await waitForHighlight(token, queued.json.id);
    expect({ status: highlight.status, captions: highlight.captions, aspect: highlight.aspect }).toEqual({
      status: 'ready',
      captions: 'clean',
      aspect: '9:16',
    });
    const subtitles = await api(baseUrl, 'GET', `/api/highlights/${highlight.id}/subtitles.vtt`, { token });
    expect(subtitles.status).toBe(200);
    expect(subtitles.text).toMatch(/^WEBVTT[\s\S]*-->/);
  }, 600_000);

  async function waitForHighlight(token: string, id: string) {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { json } = await api(baseUrl, 'GET', `/api/highlights/${id}`, { token });
      if (json.status === 'ready' || json.status === 'error') return json;
      if (Date.now() > deadline) throw new Error(`highlight ${id} is still ${json.status}\n${logs.slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
});
