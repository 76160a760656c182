import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { type BrowserSession, eventually, expectFitsWidth, openApp, screenshot, signUpInPage } from '../support/browser';
import { colourSegmentsClip } from '../support/colour-segments';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * Share links in Chromium: the owner makes, copies, lists and revokes links to a reel (the reel's
 * Share dialog, Settings, the phone's Share link and Copy link), and a visitor who is signed out
 * plays the reel from its link on a 390 px phone and on a 1440 px desktop; the views show in Analytics.
 */
jest.setTimeout(120_000);

describe('share links from the reel to a signed-out visitor', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  let highlightId = '';
  let sharedUrl = '';

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  const links = async () => (await api('GET', `/api/highlights/${highlightId}/share-links`)).json as Array<Record<string, any>>;

  /** A visitor with nothing stored: no token, no cookies. */
  async function visitor(viewport: { width: number; height: number }, phone: boolean) {
    const context = await browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true, userAgent: IPHONE_UA } : {}) });
    const visit = await context.newPage();
    const visitErrors: string[] = [];
    visit.on('pageerror', (err) => visitErrors.push(err.message));
    return { context, visit, visitErrors };
  }

  /** Opens the link, plays the reel until its clock moves, and checks the page is usable at that width. */
  async function playsSignedOut(viewport: { width: number; height: number }, phone: boolean, name: string) {
    const { context, visit, visitErrors } = await visitor(viewport, phone);
    try {
      const answer = await visit.goto(sharedUrl);
      expect(answer?.status()).toBe(200);
      expect(await visit.evaluate(() => localStorage.getItem('reelsmith.authToken'))).toBeNull();
      await visit.getByRole('heading', { name: 'Colour segments', level: 1 }).waitFor();
      expect(await visit.getByText('Share Owner').count()).toBeGreaterThan(0);
      expect(await visit.getByRole('link', { name: 'Download the reel' }).count()).toBe(1);
      const video = visit.locator('video');
      await video.evaluate((el: HTMLVideoElement) => {
        el.muted = true;
        return el.play();
      });
      await visit.waitForFunction(() => {
        const el = document.querySelector('video');
        return !!el && el.readyState >= 2 && el.currentTime > 0.3;
      });
      await expectFitsWidth(visit);
      const box = await video.boundingBox();
      expect(box!.width).toBeGreaterThan(viewport.width * 0.5);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 1);
      expect(await seriousViolations(visit)).toEqual([]);
      await screenshot(visit, name);
      expect(visitErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors, browser } = session);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  }, 300_000);
  afterAll(async () => {
    await session?.close();
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('makes a ready reel of a signed-up user', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Sharer'), 'share-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    expect((await api('PATCH', '/api/user/settings', { name: 'Share Owner' })).status).toBe(200);
    const clip = colourSegmentsClip();
    const bytes = readFileSync(clip.file);
    const { json: upload } = await api('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const created = await api('PUT', '/api/videos/complete-upload', {
      videoURL: upload.uploadURL,
      title: 'Colour segments',
      originalFilename: 'colours.mp4',
      fileSize: bytes.length,
      duration: clip.duration,
    });
    videoId = created.json.id;
    await eventually(async () => expect((await api('GET', `/api/videos/${videoId}`)).json.status).toBe('processed'), { timeoutMs: 60_000, intervalMs: 500 });
    const queued = await api('POST', `/api/videos/${videoId}/generate-highlights`, { targetLength: 15, quality: '480p' });
    expect(queued.status).toBe(202);
    highlightId = queued.json.id;
    await eventually(async () => expect((await api('GET', `/api/highlights/${highlightId}`)).json.status).toBe('ready'), {
      timeoutMs: 90_000,
      intervalMs: 500,
    });
  });

  it('makes a link that expires in 7 days and allows download from the reel’s Share dialog, and copies it', async () => {
    await page.goto(`${app.baseUrl}/video/${videoId}`);
    const viewer = page.getByTestId('highlight-viewer');
    await viewer.and(page.locator('[data-status="ready"]')).waitFor();
    await viewer.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Colour segments, version 1”' });
    await dialog.waitFor();
    await dialog.getByTestId('share-links-empty').waitFor();

    await dialog.getByLabel('Link expires').selectOption({ label: 'In 7 days' });
    await dialog.getByLabel('Allow download').check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const row = dialog.getByTestId('share-link');
    await row.waitFor();
    sharedUrl = await row.getByTestId('share-link-url').inputValue();
    expect(sharedUrl).toMatch(new RegExp(`^${app.baseUrl.replace(/[.]/g, '\\.')}/r/[A-Za-z0-9_-]{43}$`));
    expect(await row.getByTestId('share-link-facts').textContent()).toMatch(/^0 views · Expires in 7 days · Download allowed$/);
    expect(await links()).toEqual([expect.objectContaining({ url: sharedUrl, allowDownload: true, status: 'active' })]);

    await row.getByRole('button', { name: 'Copy' }).click();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sharedUrl);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'share-links-01-dialog');
  });

  it('makes one link for a double click on Create link', async () => {
    const dialog = page.getByTestId('share-links-dialog');
    await dialog.getByLabel('Link expires').selectOption({ label: 'Never' });
    await dialog.getByLabel('Allow download').uncheck();
    await dialog.getByRole('button', { name: 'Create link' }).dblclick();
    await eventually(async () => expect(await dialog.getByTestId('share-link').count()).toBe(2));
    // The list is read again after the create: still two, so the second click made nothing.
    await page.waitForTimeout(1000);
    expect(await dialog.getByTestId('share-link').count()).toBe(2);
    expect(await links()).toHaveLength(2);
    expect(await dialog.getByTestId('share-link').first().getByTestId('share-link-facts').textContent()).toBe('0 views · Never expires · Watch only');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('plays the reel from its link, signed out, on a 390 px phone', async () => {
    await playsSignedOut({ width: 390, height: 844 }, true, 'share-links-02-visitor-phone');
  });

  it('plays the reel from its link, signed out, on a 1440 px desktop', async () => {
    await playsSignedOut({ width: 1440, height: 900 }, false, 'share-links-03-visitor-desktop');
  });

  it('lists every link with its views in Settings, and a revoked link answers 404', async () => {
    await page.goto(`${app.baseUrl}/settings`);
    const card = page.getByTestId('share-links-card');
    await card.getByRole('heading', { name: 'Share links' }).waitFor();
    await eventually(async () => expect(await card.getByTestId('share-link').count()).toBe(2));
    const shared = card.locator(`[data-testid="share-link"][data-token="${sharedUrl.split('/r/')[1]}"]`);
    expect(await shared.getByText('Colour segments · version 1', { exact: true }).count()).toBe(1);
    expect(await shared.getByTestId('share-link-facts').textContent()).toMatch(/^2 views · /);
    await shared.scrollIntoViewIfNeeded();
    await screenshot(page, 'share-links-04-settings');

    await shared.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
    await confirm.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await confirm.waitFor({ state: 'detached' });
    await eventually(async () => expect(await card.getByTestId('share-link').count()).toBe(1));
    expect((await fetch(sharedUrl)).status).toBe(404);
    expect(await links()).toHaveLength(1);
  });

  it('counts the views in Analytics (Pro), at 1440 and 390 px, and sends a Rookie to the plans', async () => {
    await page.getByTestId('share-links-card').getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`${app.baseUrl}/analytics`);
    const totals = page.getByTestId('analytics-totals');
    await totals.waitFor();
    expect(await page.getByTestId('total-views').innerText()).toMatch(/^VIEWS\s+2\s+on 1 open link$/i);
    expect(await page.getByTestId('total-reels').innerText()).toMatch(/^REELS\s+1\s/i);
    expect(await page.getByTestId('total-videos').innerText()).toMatch(/^VIDEOS\s+1\s/i);
    const top = page.getByTestId('top-reel');
    expect(await top.count()).toBe(1);
    expect(await top.innerText()).toContain('Colour segments, version 1');
    expect(await top.innerText()).toContain('2 views');

    await page.getByTestId('analytics-metric').getByRole('radio', { name: 'Views' }).check();
    expect(await page.getByTestId('analytics-range-total').innerText()).toBe('2 views in 12 weeks');
    const bars = page.getByTestId('analytics-bars').locator('[data-value]');
    expect(await bars.count()).toBe(12);
    expect(await bars.last().getAttribute('data-value')).toBe('2');
    await page.getByTestId('analytics-weeks').getByRole('radio', { name: '4 weeks' }).check();
    await eventually(async () => expect(await bars.count()).toBe(4));
    expect(await page.getByTestId('analytics-range-total').innerText()).toBe('2 views in 4 weeks');
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await expectFitsWidth(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `share-links-analytics-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 860 });

    await top.click();
    await page.waitForURL(new RegExp(`/video/${videoId}\\?highlight=${highlightId}$`));

    const rookie = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const other = await rookie.newPage();
      await signUpInPage(other, app.baseUrl, uniqueUsername('Rookie'), 'rookie-secret-1', { plan: 'rookie' });
      await other.goto(`${app.baseUrl}/analytics`);
      const upgrade = other.getByTestId('analytics-upgrade');
      await upgrade.waitFor();
      expect(await upgrade.innerText()).toContain('Advanced analytics are part of Pro. Upgrade to Pro under Billing to see them.');
      expect(await seriousViolations(other)).toEqual([]);
      await screenshot(other, 'share-links-analytics-rookie');
      await upgrade.getByRole('link', { name: 'See plans' }).click();
      await other.waitForURL(`${app.baseUrl}/pricing`);
    } finally {
      await rookie.close();
    }
  });

  it('shares the reel’s link from the phone’s share sheet and copies it, making no second link', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      const shared: Array<{ url?: string; title?: string }> = [];
      (window as unknown as { __shared: typeof shared }).__shared = shared;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push({ url: data.url, title: data.title });
        },
      });
    });
    // A client-side navigation keeps the stub: the app is one page.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/mobile/video/${videoId}`);
    const viewer = page.getByTestId('highlight-viewer');
    await viewer.and(page.locator('[data-status="ready"]')).waitFor();
    const remaining = (await links())[0];

    await viewer.getByRole('button', { name: 'Share link' }).click();
    const sheet = await page.waitForFunction(() => (window as unknown as { __shared: Array<{ url?: string }> }).__shared[0]);
    expect(await sheet.jsonValue()).toEqual({ url: remaining.url, title: 'Colour segments - highlights' });

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await viewer.getByRole('button', { name: 'Copy link' }).click();
    await eventually(async () => expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(remaining.url));
    expect(await links()).toHaveLength(1);
    await screenshot(page, 'share-links-05-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
