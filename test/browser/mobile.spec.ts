import { readFileSync, statSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { collectPageErrors, eventually, launchChromium, screenshot } from '../support/browser';
import { testMedia } from '../support/media';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';

/**
 * The phone app at /mobile, as an iPhone at 390x844 sees it: sign up without a plan (the library and
 * the upload lead to the plans), subscribe on the phone with the local Stripe server's test card,
 * sign out and in again (landing on /mobile, no toast of the old session), upload the planted clip
 * from the camera roll with real progress and the processing steps, generate a 9:16 reel (the
 * phone's default), drop a moment and re-render, share the reel (Web Share API with the file) and
 * download it; a video shared to the installed app (share_target) opens the upload with it.
 * axe-core checks every screen; touch targets are at least 44 px.
 */
jest.setTimeout(120_000);

describe('Reelsmith on a phone (/mobile)', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const username = uniqueUsername('Phone');
  const password = 'phone-secret-1';
  let videoId = '';

  const shot = (name: string) => screenshot(page, `mobile-${name}`);
  const expectAccessible = async (where: string) => expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });

  beforeAll(async () => {
    shortPlantedClip();
    app = await startApp();
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      reducedMotion: 'reduce',
    });
    // Chromium on Linux has no share sheet: a Web Share API that records what it was given.
    await context.addInitScript(() => {
      const shared: Array<{ files: Array<{ name: string; type: string; size: number }>; url?: string; title?: string }> = [];
      (window as unknown as { __shared: typeof shared }).__shared = shared;
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data: ShareData) => !!data && Array.isArray(data.files) && data.files.every((f) => f.type.startsWith('video/')),
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push({ files: (data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })), url: data.url, title: data.title });
        },
      });
    });
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stack.stop();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('sends a phone to /mobile, signs up without a plan and subscribes on the phone with the test card', async () => {
    await page.goto(`${app.baseUrl}/videos`);
    await page.waitForURL(/\/mobile$/);
    await page
      .getByRole('button', { name: /create (an )?account/i })
      .first()
      .click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByTestId('mobile-shell').waitFor();
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();

    // No plan (there is no free tier): the library says so and leads to the plans, and so does the upload screen.
    const notice = page.getByTestId('plan-notice');
    await notice.getByText('Uploading and making reels needs a plan.').waitFor();
    await shot('00-no-plan');
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Upload' }).click();
    await page.getByTestId('plan-notice').getByText('Uploading needs a plan.').waitFor();
    await eventually(async () => expect(await page.getByTestId('upload-dialog').count()).toBe(0));
    // The desktop's plans and checkout stay on the phone app (a refused upload leads to /pricing).
    await page.goto(`${app.baseUrl}/pricing`);
    await page.waitForURL(/\/mobile\/subscribe$/);
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Library' }).click();
    await notice.getByRole('link', { name: 'Choose a plan' }).click();

    const plans = page.getByTestId('mobile-plans');
    await plans.getByRole('heading', { name: 'Choose a plan', level: 1 }).waitFor();
    await plans.getByRole('radio', { name: /Yearly/ }).check();
    await plans.getByTestId('price-pro').getByText('$96/year').waitFor();
    await plans.getByRole('radio', { name: 'Monthly' }).check();
    await plans.getByTestId('price-pro').getByText('$9.99/month').waitFor();
    // Thumb-sized: the monthly/yearly choice and both plan buttons.
    const targets = [
      ...(await plans
        .getByTestId('interval-toggle')
        .locator('label')
        .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height))),
      ...(await plans.getByRole('link', { name: /Start with Rookie|Go Pro/ }).evaluateAll((links) => links.map((l) => l.getBoundingClientRect().height))),
    ];
    expect(targets).toHaveLength(4);
    for (const height of targets) expect(height).toBeGreaterThanOrEqual(44);
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390));
    await shot('00-plans');
    await expectAccessible('/mobile/subscribe');

    await plans.getByRole('link', { name: 'Go Pro' }).click();
    await page.waitForURL(/\/mobile\/subscribe\?plan=pro$/);
    const checkout = page.getByTestId('mobile-subscribe');
    await checkout.getByTestId('test-payment-form').getByText('Test mode').waitFor();
    await eventually(async () => expect(await checkout.getByTestId('subscribe-price').innerText()).toBe('$9.99/month'));
    const pay = checkout.getByRole('button', { name: /Pay with test card/ });
    await eventually(async () => expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44));
    await shot('00-checkout');
    await expectAccessible('/mobile/subscribe?plan=pro');
    await pay.click();
    await checkout.getByText('Your Pro plan is active.').waitFor({ timeout: 30_000 });
    await shot('00-subscribed');
    await checkout.getByRole('link', { name: 'Back to My Videos' }).click();
    await page.waitForURL(/\/mobile$/);
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await eventually(async () => expect(await page.getByTestId('plan-notice').count()).toBe(0));
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Account' }).click();
    await page.getByTestId('mobile-plan').getByText('Pro plan').waitFor();
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Library' }).click();

    // iOS has no install event: the banner tells how to install from Safari, and remembers a dismissal.
    const install = page.getByTestId('install-banner');
    await install.getByText('In Safari: Share › Add to Home Screen').waitFor();
    await shot('01-library-empty');
    await install.getByRole('button', { name: 'Dismiss install prompt' }).click();
    await install.waitFor({ state: 'detached' });
  });

  it('signs out and in again on the phone without the old toasts', async () => {
    // The bottom navigation's targets are thumb-sized.
    const sizes = await page
      .getByTestId('mobile-nav')
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    expect(sizes).toHaveLength(4);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(44);

    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await eventually(async () => expect(await page.getByTestId('toast').count()).toBe(0));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('mobile-shell').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/mobile');
    await eventually(async () => expect(await page.getByTestId('install-banner').count()).toBe(0));
    await expectAccessible('/mobile library');
  });

  it('uploads a clip from the camera roll with real progress and the processing steps', async () => {
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Upload' }).click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Camera roll' }).waitFor();
    await dialog.getByRole('button', { name: 'Record video' }).waitFor();
    // The camera input asks the phone for its camera; the other one opens the camera roll.
    expect(await page.getByTestId('upload-camera-input').getAttribute('capture')).toBe('environment');
    expect(await page.getByTestId('upload-file-input').getAttribute('accept')).toBe('video/*');
    await shot('02-upload-dialog');
    await expectAccessible('/mobile/upload');

    const clip = shortPlantedClip();
    await page.getByTestId('upload-file-input').setInputFiles({ name: 'Sunday match.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip.file) });
    // The title comes from the file's name; the creator may change it.
    await eventually(async () => expect(await dialog.getByLabel('Title').inputValue()).toBe('Sunday match'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.locator('[data-testid="upload-dialog"][data-phase="processing"]').waitFor({ timeout: 30_000 });
    await dialog.getByTestId('processing-steps').waitFor();
    await shot('03-processing');
    await dialog.getByTestId('upload-complete').waitFor({ timeout: 60_000 });
    await shot('04-upload-complete');
    await dialog.getByRole('button', { name: 'View video' }).click();
    await page.waitForURL(/\/mobile\/video\/[0-9a-f-]{36}$/);
    videoId = new URL(page.url()).pathname.split('/').pop()!;
    expect(statSync(clip.file).size).toBeGreaterThan(0);
    // A desktop link to the video (the "reel ready" e-mail's) opens the same video on the phone.
    await page.goto(`${app.baseUrl}/video/${videoId}?highlight=none`);
    await page.waitForURL(`${app.baseUrl}/mobile/video/${videoId}?highlight=none`);
    await page.getByRole('heading', { name: 'Sunday match', level: 1 }).waitFor();
  });

  it('generates a 9:16 reel by default from a sheet, plays it, drops a moment and re-renders', async () => {
    await page.getByRole('heading', { name: 'Sunday match', level: 1 }).waitFor();
    // On a phone the reel comes first; generating is a sheet from the bottom.
    const open = page.getByTestId('open-generate-sheet');
    await eventually(async () => expect(await open.isDisabled()).toBe(false));
    await open.click();
    const sheet = page.getByTestId('generate-sheet');
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    const form = sheet.getByTestId('generate-highlights-form');
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
      undefined,
      { timeout: 30_000 },
    );
    await eventually(async () => expect(await form.getByRole('radio', { name: /9:16/ }).isChecked()).toBe(true));
    // Lengths are chips now (several at once): 0:15 alone.
    await form.getByRole('checkbox', { name: '0:15' }).check();
    await form.getByRole('checkbox', { name: '0:30' }).uncheck();
    await form.getByRole('radio', { name: /480p/ }).check();
    // Several moments to drop one of: the short planted clip has few strong ones, so fill the length.
    await form.getByTestId('option-fill').getByRole('checkbox').check();
    await shot('05-video-page');
    await expectAccessible('/mobile/video/:id');
    await form.getByRole('button', { name: 'Generate highlights' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('highlight-progress').waitFor();
    await shot('06-reel-progress');
    await page.locator('[data-testid="highlight-viewer"][data-status="ready"]').waitFor({ timeout: 90_000 });

    const reel = page.getByTestId('reel-player');
    await reel.getByRole('button', { name: 'Play', exact: true }).click();
    const size = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="reel-player"] video');
      return video && video.readyState >= 2 && video.currentTime > 0.2 ? { w: video.videoWidth, h: video.videoHeight } : null;
    });
    const { w, h } = (await size.jsonValue())!;
    expect(h).toBeGreaterThan(w); // a vertical reel
    await reel.getByRole('button', { name: 'Pause', exact: true }).click();
    const frame = await reel.locator('video').boundingBox();
    expect(frame!.height).toBeGreaterThan(frame!.width);
    expect(frame!.width).toBeLessThanOrEqual(390);
    await page.getByRole('group', { name: /Reel player: version 1/ }).waitFor();
    await shot('07-reel-ready');
    await expectAccessible('/mobile/video/:id with a reel');

    const moments = page.getByTestId('moment-row');
    const before = await moments.count();
    expect(before).toBeGreaterThan(1);
    await page.getByRole('button', { name: `Remove moment ${before}` }).click();
    await eventually(async () => expect(await moments.count()).toBe(before - 1));
    await page.getByTestId('rerender-bar').getByRole('button', { name: 'Re-render' }).click();
    await page.locator('[data-testid="highlight-viewer"][data-version="2"][data-status="ready"]').waitFor({ timeout: 90_000 });
    await eventually(async () => expect(await page.getByTestId('moment-row').count()).toBe(before - 1));
  });

  it('shares the reel as a file and downloads it', async () => {
    const viewer = page.getByTestId('highlight-viewer');
    await viewer.getByTestId('share-reel').click();
    const shared = await page.waitForFunction(() => {
      const list = (window as unknown as { __shared: Array<{ files: Array<{ name: string; type: string; size: number }> }> }).__shared;
      return list.length ? list : null;
    });
    const [entry] = (await shared.jsonValue())!;
    expect(entry.files).toHaveLength(1);
    expect(entry.files[0]).toEqual({ name: 'Sunday-match-highlights-v2.mp4', type: 'video/mp4', size: expect.any(Number) });
    const { json } = await fetchJson(`/api/videos/${videoId}/highlights`);
    const v2 = (json as Array<{ version: number; reel: { size: number; downloadUrl: string } }>).find((h) => h.version === 2)!;
    expect(entry.files[0].size).toBe(v2.reel.size);

    const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByTestId('download-reel').click()]);
    const path = await download.path();
    expect(statSync(path!).size).toBe(v2.reel.size);
    await shot('08-shared');
  });

  it('opens the upload dialog with a video shared to the installed app from the gallery', async () => {
    await page.goto(`${app.baseUrl}/mobile`);
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The phone's share sheet sends the file to the manifest's share_target: a multipart POST navigation.
    const manifest = (await (await fetch(`${app.baseUrl}/manifest.webmanifest`)).json()) as {
      share_target: { action: string; method: string; enctype: string; params: { title: string; files: Array<{ name: string }> } };
    };
    const target = manifest.share_target;
    expect(target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
    await page.evaluate(
      ({ action, enctype, title, field }) => {
        const form = document.createElement('form');
        Object.assign(form, { id: 'share-sheet', action, method: 'post', enctype });
        form.style.cssText = 'position:fixed;inset:0 0 auto 0;z-index:1000;background:#fff';
        form.innerHTML = `<input type="hidden" name="${title}" value="From the gallery"><input type="file" name="${field}" id="share-file" aria-label="Video"><button type="submit">Share</button>`;
        document.body.append(form);
      },
      { action: target.action, enctype: target.enctype, title: target.params.title, field: target.params.files[0].name },
    );
    const bytes = readFileSync(testMedia('h264-aac.mp4'));
    await page.setInputFiles('#share-file', { name: 'Harbour at dusk.mp4', mimeType: 'video/mp4', buffer: bytes });
    await page.locator('#share-sheet button').click();

    // The worker keeps the file and opens the upload (the phone's), whose dialog has it, titled by its name.
    await page.waitForURL(/\/mobile\/upload\?shared=1$/);
    const dialog = page.getByTestId('upload-dialog');
    await dialog.getByTestId('upload-file').getByText('Harbour at dusk.mp4').waitFor();
    await eventually(async () => expect(await dialog.getByLabel('Title').inputValue()).toBe('Harbour at dusk'));
    await shot('09-shared-to-app');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByTestId('upload-complete').waitFor({ timeout: 60_000 });
    // What arrived is the very file that was shared.
    const { json } = await fetchJson('/api/videos');
    const shared = (json as Array<{ title: string; fileSize: number; originalFilename: string }>).find((v) => v.title === 'Harbour at dusk');
    expect(shared).toMatchObject({ fileSize: bytes.length, originalFilename: 'Harbour at dusk.mp4' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('browses folders read-only and passes axe-core on every phone screen', async () => {
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Library' }).click();
    await page.locator(`[data-testid="mobile-video"][data-video-id="${videoId}"][data-status="processed"]`).waitFor();
    await page.getByLabel('Search videos by title').fill('nothing like it');
    await page.getByTestId('mobile-empty').waitFor();
    await page.getByLabel('Search videos by title').fill('sunday');
    await page.getByTestId('mobile-video').first().waitFor();
    await shot('10-library');
    await expectAccessible('/mobile with a video');
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Folders' }).click();
    await page.getByText('No folders yet').waitFor();
    await expectAccessible('/mobile/folders');
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Account' }).click();
    await expectAccessible('/mobile/account');
  });

  async function fetchJson(path: string) {
    return page.evaluate(async (p) => {
      const res = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem('reelsmith.authToken')}` } });
      return { status: res.status, json: await res.json() };
    }, path);
  }
});
