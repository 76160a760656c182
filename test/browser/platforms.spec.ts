import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { collectPageErrors, eventually, launchChromium, screenshot, signUpInPage } from '../support/browser';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';

/**
 * Done-when of platform presets: "One click gives 15, 30 and 60 s reels for Shorts", on a 1440 px
 * desktop and on a 390 px phone with touch. Each click makes three new versions, listed with their
 * platform and length, each a ready 9:16 reel.
 */
jest.setTimeout(600_000);

describe('Shorts at 15, 30 and 60 s from one click', () => {
  // Its own stack and browser (as openApp makes them) with a generous start-up deadline: on a busy
  // shared machine the services can take over a minute to answer /readyz.
  const session = {} as { app: RunningApp; browser: Browser };
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  let phone: BrowserContext | undefined;

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${session.app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  const expectAccessible = async (where: string, on: Page) => expect({ where, violations: await seriousViolations(on) }).toEqual({ where, violations: [] });

  /** Made for Shorts, 15 + 30 + 60 s (30 s is on by default), no captions: the button then makes three reels. */
  async function pickShortsAtThreeLengths(form: Locator) {
    await form.getByLabel('Made for').selectOption('shorts');
    // The platform sets the aspect: no aspect choice; 1:30 is longer than Shorts take.
    await eventually(async () => expect(await form.getByTestId('option-aspect').count()).toBe(0));
    expect(await form.getByRole('checkbox', { name: '1:30' }).isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: '0:15' }).check();
    await form.getByRole('checkbox', { name: '1:00' }).check();
    expect(await form.getByRole('checkbox', { name: '0:30' }).isChecked()).toBe(true);
    await form.getByTestId('option-captions').locator('input[value="none"]').check();
    await form.getByRole('button', { name: 'Generate 3 reels' }).waitFor();
  }

  /** The three newest versions, ready, each Shorts at its own length, in the order made. */
  async function expectThreeReadyShorts(on: Page, versions: number[]) {
    for (const version of versions) {
      await on.locator(`[data-testid="highlight-version"][data-version="${version}"][data-status="ready"]`).waitFor({ timeout: 480_000 });
    }
    const targets = await Promise.all(
      versions.map((v) => on.locator(`[data-testid="highlight-version"][data-version="${v}"] [data-testid="highlight-version-target"]`).textContent()),
    );
    expect(targets).toEqual(['Shorts · 0:15', 'Shorts · 0:30', 'Shorts · 1:00']);
    const listed = (await api('GET', `/api/videos/${videoId}/highlights`)).json as Array<{
      version: number;
      platform: string;
      targetLength: number;
      reel: { width: number; height: number; duration: number };
    }>;
    const made = listed.filter((h) => versions.includes(h.version)).sort((a, b) => a.version - b.version);
    expect(made.map((h) => [h.platform, h.targetLength])).toEqual([
      ['shorts', 15],
      ['shorts', 30],
      ['shorts', 60],
    ]);
    for (const h of made) {
      expect(h.reel.height).toBeGreaterThan(h.reel.width);
      expect(h.reel.duration).toBeLessThanOrEqual(h.targetLength + 0.5);
    }
  }

  beforeAll(async () => {
    shortPlantedClip();
    session.app = await startApp({}, { readyTimeoutMs: 300_000 });
    session.browser = await launchChromium();
    const desktop = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    page = await desktop.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await phone?.close();
    await session.browser?.close();
    await session.app?.stack.stop();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('signs up and uploads the planted clip', async () => {
    await signUpInPage(page, session.app.baseUrl, uniqueUsername('Shorts'), 'shorts-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const clip = shortPlantedClip();
    const bytes = readFileSync(clip.file);
    const { json: upload } = await api('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const created = await api('PUT', '/api/videos/complete-upload', {
      videoURL: upload.uploadURL,
      title: 'Derby day',
      originalFilename: 'derby.mp4',
      fileSize: bytes.length,
      duration: clip.duration,
    });
    videoId = created.json.id;
    await eventually(async () => expect((await api('GET', `/api/videos/${videoId}`)).json.status).toBe('processed'), { timeoutMs: 120_000 });
  });

  it('at 1440 px: pick Shorts, 15 + 30 + 60 s, one click, three ready 9:16 versions', async () => {
    await page.goto(`${session.app.baseUrl}/video/${videoId}`);
    await page.getByRole('heading', { name: 'Derby day', level: 1 }).waitFor({ timeout: 120_000 });
    const form = page.getByTestId('highlights-section').getByTestId('generate-highlights-form');
    // The form waits for the processed video and, with captions on, for the transcript to be reviewable.
    await form.getByTestId('option-captions').locator('input[value="none"]').check({ timeout: 120_000 });
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
      undefined,
      { timeout: 180_000 },
    );
    await pickShortsAtThreeLengths(form);
    await screenshot(page, 'platforms-01-desktop-form');
    await expectAccessible('desktop generate form with Shorts', page);

    await form.getByRole('button', { name: 'Generate 3 reels' }).click();
    await page.getByTestId('toast').last().getByText('3 reels started').waitFor();
    await expectThreeReadyShorts(page, [1, 2, 3]);
    await screenshot(page, 'platforms-02-desktop-versions');
    await expectAccessible('desktop versions', page);
  });

  it('at 390 px with touch: the same from the phone sheet', async () => {
    phone = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    await phone.addInitScript((t) => localStorage.setItem('reelsmith.authToken', t), token);
    const small = await phone.newPage();
    const phoneErrors = collectPageErrors(small);
    await small.goto(`${session.app.baseUrl}/mobile/video/${videoId}`);
    await small.getByTestId('open-generate-sheet').tap({ timeout: 120_000 });
    const sheet = small.getByTestId('generate-sheet');
    await pickShortsAtThreeLengths(sheet.getByTestId('generate-highlights-form'));
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(small, 'platforms-03-phone-sheet');
    await expectAccessible('phone generate sheet with Shorts', small);

    await sheet.getByRole('button', { name: 'Generate 3 reels' }).tap();
    await sheet.waitFor({ state: 'hidden' });
    await expectThreeReadyShorts(small, [4, 5, 6]);
    await screenshot(small, 'platforms-04-phone-versions');
    await expectAccessible('phone versions', small);
    expect(phoneErrors).toEqual([]);
  });
});
