import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { collectPageErrors, eventually, launchChromium, screenshot, signUpInPage } from '../support/browser';
import { shortPlantedClip } from '../support/planted';
import type { Browser } from 'playwright-core';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';

/**
 * Must-include and leave-out ranges marked on the generate form's strip, at 1440 px with a mouse and
 * at 390 px with touch: the marked range is in the reel, as "your pick". The 40 s planted clip has
 * its big moment at 10-14 s and calm footage at 28-40 s that the engine would not choose.
 */
jest.setTimeout(300_000);

describe('marking ranges before generating, in Chromium', () => {
  let browser: Browser;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  const clip = shortPlantedClip();

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  /** The generate form of the video page, once the video is processed. */
  async function openForm(on: Page, phone = false): Promise<Locator> {
    // A phone is sent to the phone app's page of the video.
    await on.goto(`${app.baseUrl}${phone ? '/mobile' : ''}/video/${videoId}`);
    const form = on.getByTestId('generate-highlights-form');
    if (phone) {
      // Narrow screens open generating as a sheet.
      const open = on.getByTestId('open-generate-sheet');
      await eventually(async () => expect(await open.isEnabled()).toBe(true), { timeoutMs: 60_000 });
      await open.tap();
    }
    await on.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
      undefined,
      { timeout: 60_000 },
    );
    await form.getByTestId('mark-strip').scrollIntoViewIfNeeded();
    return form;
  }

  /** Where on the screen a second of the video lies on the strip. */
  async function pointAt(strip: Locator, seconds: number) {
    await strip.scrollIntoViewIfNeeded();
    const box = (await strip.boundingBox())!;
    return { x: box.x + (seconds / clip.duration) * box.width, y: box.y + box.height / 2 };
  }

  beforeAll(async () => {
    // A shared, busy machine: the stack gets longer than the default minute to come up.
    app = await startApp({}, { readyTimeoutMs: 180_000 });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' })).newPage();
    errors = collectPageErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stack.stop();
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('signs up and uploads the planted clip', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Marks'), 'marks-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const bytes = readFileSync(clip.file);
    const { json: upload } = await api('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const created = await api('PUT', '/api/videos/complete-upload', {
      videoURL: upload.uploadURL,
      title: 'Marked derby',
      originalFilename: 'derby.mp4',
      fileSize: bytes.length,
      duration: clip.duration,
    });
    videoId = created.json.id;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('at 1440 px: drags a must-include range, types a leave-out, and the reel holds the range as your pick', async () => {
    const form = await openForm(page);
    // Lengths are chips now (several at once): 0:15 alone.
    await form.getByRole('checkbox', { name: '0:15' }).check();
    await form.getByRole('checkbox', { name: '0:30' }).uncheck();
    await form.getByRole('radio', { name: '480p' }).check();
    const strip = form.getByTestId('mark-strip');
    const from = await pointAt(strip, 28.2);
    const to = await pointAt(strip, 33);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    const list = form.getByTestId('mark-list');
    await list.getByText(/^Must include 0:28–0:33$/).waitFor();
    expect(await form.getByTestId('mark-block-include').count()).toBe(1);

    // Leave out, from the keyboard: the mode, then a typed start and end.
    await form.getByRole('radio', { name: 'Leave out' }).check();
    await form.getByLabel('Range start').fill('0:10');
    await form.getByLabel('Range end').fill('0:14');
    await form.getByRole('button', { name: 'Add leave out' }).click();
    await list.getByText('Leave out 0:10–0:14').waitFor();
    // A leave-out over the include is refused, saying why.
    await form.getByLabel('Range start').fill('0:30');
    await form.getByLabel('Range end').fill('0:31');
    await form.getByRole('button', { name: 'Add leave out' }).click();
    await form.getByTestId('mark-error').getByText('That stretch is marked Must include: remove that mark first.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'marked-ranges-01-desktop-form');

    await form.getByRole('button', { name: 'Generate highlights' }).click();
    await page.locator('[data-testid="highlight-viewer"][data-status="ready"]').waitFor({ timeout: 150_000 });
    const { json: reels } = await api('GET', `/api/videos/${videoId}/highlights`);
    const reel = reels[0];
    expect(reel.include).toHaveLength(1);
    expect(reel.include[0].start).toBeCloseTo(28.2, 0);
    expect(reel.exclude).toEqual([{ start: 10, end: 14 }]);
    const pick = reel.moments.find((m: { start: number; end: number }) => m.start <= reel.include[0].start + 0.01 && m.end >= reel.include[0].end - 0.01);
    expect(pick?.reasons[0]).toBe('your pick');
    expect(reel.moments.some((m: { start: number; end: number }) => m.start < 14 && m.end > 10)).toBe(false);
    // The viewer's moments say so too.
    await page.getByTestId('highlight-viewer').getByText('your pick').first().waitFor();
    await screenshot(page, 'marked-ranges-02-desktop-reel');
  });

  it('at 390 px with touch: drags a range with a finger, removes a mark with ×, and sends the marks', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      reducedMotion: 'reduce',
    });
    await phone.addInitScript((t) => localStorage.setItem('reelsmith.authToken', t), token);
    const tab = await phone.newPage();
    const tabErrors = collectPageErrors(tab);
    try {
      const form = await openForm(tab, true);
      // Lengths are chips now (several at once): 0:15 alone.
      await form.getByRole('checkbox', { name: '0:15' }).check();
      await form.getByRole('checkbox', { name: '0:30' }).uncheck();
      const strip = form.getByTestId('mark-strip');
      const from = await pointAt(strip, 30);
      const to = await pointAt(strip, 36);
      const touch = await phone.newCDPSession(tab);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
      for (let k = 1; k <= 5; k++) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * k) / 5, y: from.y }] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const list = form.getByTestId('mark-list');
      const mark = list.getByText(/^Must include 0:30–0:36$/);
      await mark.waitFor();

      await form.getByRole('radio', { name: 'Leave out' }).check();
      await form.getByLabel('Range start').fill('0:02');
      await form.getByLabel('Range end').fill('0:05');
      await form.getByRole('button', { name: 'Add leave out' }).click();
      await form.getByRole('button', { name: 'Remove Leave out 0:02–0:05' }).tap();
      await eventually(async () => expect(await form.getByTestId('mark-block-exclude').count()).toBe(0));
      await eventually(async () => expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390));
      expect(await seriousViolations(tab)).toEqual([]);
      await screenshot(tab, 'marked-ranges-03-phone-form');

      await form.getByRole('button', { name: 'Generate highlights' }).tap();
      await eventually(async () => {
        const { json: reels } = await api('GET', `/api/videos/${videoId}/highlights`);
        expect(reels).toHaveLength(2);
        expect(reels[0].include).toEqual([{ start: 30, end: 36 }]);
        expect(reels[0].exclude).toEqual([]);
      });
      expect(tabErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
