import type { Page } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { type BrowserSession, collectPageErrors, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { toastMedia } from '../support/speech-media';
import { type RunningApp, uniqueUsername } from '../support/stack';
import { api as callApi } from '../system/api';
import { uploadFile, waitForVideo } from '../system/videos';

/**
 * Speech end to end in Chromium, nothing routed: a spoken upload (espeak-ng) gets a real
 * transcript from the server's engine; the panel names the engine, seeks the player to a clicked
 * word, finds a word that was said; that word as an include word and karaoke captions go into a
 * generate, whose reel is captioned; /mobile plays the reel with its WebVTT captions track.
 */
jest.setTimeout(240_000);

describe('speech end to end: a real transcript, word search, include words and captions', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  let reelId = '';
  let heard = '';

  beforeAll(async () => {
    toastMedia();
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('transcribes a spoken upload on the server and shows it with the engine named', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Spoken'), 'spoken-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const toast = toastMedia();
    videoId = (await uploadFile(app.baseUrl, token, toast.video, { originalFilename: 'toast.mp4', duration: toast.duration })).json.id;
    await waitForVideo(app.baseUrl, token, videoId, (video) => video.status === 'processed', 60_000);
    await page.goto(`${app.baseUrl}/video/${videoId}`);
    const panel = page.getByTestId('transcript-panel');
    await eventually(async () => expect(await panel.getAttribute('data-status')).toBe('ready'), { timeoutMs: 120_000, intervalMs: 1000 });
    expect(await page.getByTestId('transcript-source').textContent()).toMatch(/^(Draft transcript · made on this server by PocketSphinx|Transcript · Whisper)/);
    const words = page.getByTestId('transcript-word');
    expect(await words.count()).toBeGreaterThan(3);
    // Click-to-seek on a word the engine heard.
    const word = words.nth(2);
    const start = Number(await word.getAttribute('data-start'));
    await word.click();
    await eventually(async () => expect(await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(start, 1));
    heard = (await word.textContent())!.replace(/[^\p{L}\p{N}']/gu, '');
    await page.getByLabel('Search the transcript').fill(heard);
    expect(await page.getByTestId('transcript-hit').count()).toBeGreaterThan(0);
    await screenshot(page, 'transcript-e2e-1440-panel');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('makes a karaoke-captioned 9:16 reel that must include a word that was said', async () => {
    const panel = page.getByTestId('transcript-panel');
    await panel.getByRole('button', { name: 'Make a reel of these' }).click();
    const form = page.getByTestId('generate-highlights-form');
    const chip = form.getByTestId('include-word-chip');
    expect(Number(await chip.getAttribute('data-count'))).toBeGreaterThan(0);
    await form.getByTestId('option-aspect').getByRole('radio', { name: /9:16/ }).check();
    await form.getByTestId('option-captions').getByRole('radio', { name: 'Karaoke' }).check();
    const review = form.getByRole('checkbox', { name: /I checked the caption words/ });
    if (await review.count()) await review.check();
    const sent = page.waitForResponse((r) => r.url().endsWith('/generate-highlights') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Generate highlights' }).click();
    const answered = await sent;
    expect(answered.status()).toBe(202);
    expect(answered.request().postDataJSON()).toMatchObject({ captions: 'karaoke', includeWords: [heard] });
    reelId = ((await answered.json()) as { id: string }).id;
    const reel = await eventually(
      async () => {
        const res = await callApi(app.baseUrl, 'GET', `/api/highlights/${reelId}`, { token });
        expect(res.json.status).toBe('ready');
        return res.json as { captions: string; aspect: string };
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );
    expect({ captions: reel.captions, aspect: reel.aspect }).toEqual({ captions: 'karaoke', aspect: '9:16' });
    const vtt = await callApi(app.baseUrl, 'GET', `/api/highlights/${reelId}/subtitles.vtt`, { token });
    expect(vtt.status).toBe(200);
  });

  it('plays the reel on /mobile with its captions track', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript((t) => localStorage.setItem('reelsmith.authToken', t), token);
      const phone = await context.newPage();
      const phoneErrors = collectPageErrors(phone);
      await phone.goto(`${app.baseUrl}/mobile/video/${videoId}?highlight=${reelId}`);
      const track = phone.getByTestId('player-captions');
      await eventually(async () => expect(await track.getAttribute('src')).toMatch(/^blob:/), { timeoutMs: 20_000 });
      // Karaoke is burned into the picture, so the track is not shown by default; hidden, it still loads its cues.
      expect(await track.getAttribute('default')).toBeNull();
      await track.evaluate((t: HTMLTrackElement) => (t.track.mode = 'hidden'));
      await eventually(async () => expect(await track.evaluate((t: HTMLTrackElement) => t.track.cues?.length ?? 0)).toBeGreaterThan(0), { timeoutMs: 20_000 });
      // A frame with a caption on it: the first cue, burned into the picture.
      const at = await track.evaluate((t: HTMLTrackElement) => t.track.cues![0].startTime + 0.6);
      await phone.getByTestId('player-captions').evaluate(async (t: HTMLTrackElement, time: number) => {
        const video = t.parentElement as HTMLVideoElement;
        video.currentTime = time;
        await new Promise((r) => video.addEventListener('seeked', r, { once: true }));
      }, at);
      await screenshot(phone, 'transcript-e2e-390-mobile-reel');
      expect(phoneErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
