import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { focusIndicator, seriousViolations } from '../support/a11y';
import { CHROMIUM_ARGS, collectPageErrors, eventually, launchChromium, screenshot } from '../support/browser';
import { testMedia } from '../support/media';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';
import { subscribe } from '../system/videos';

/**
 * The installed app and accessibility: Chromium's installability check (manifest + worker) passes,
 * the worker precaches the shell and serves it offline (a signed-in user keeps the app with an
 * offline notice, and it recovers by itself), the offline page is there, and every route passes
 * axe-core at 1440 and 390 px with a visible keyboard focus.
 */
jest.setTimeout(120_000);

const ROUTES = process.env.A11Y_ROUTES
  ? process.env.A11Y_ROUTES.split(',')
  : ['/', '/upload', '/bulk-upload', '/subscribe', '/editor', '/demo', '/pricing', '/videos', '/video/:id', '/settings', '/no-such-page'];

describe('installable, offline-capable and accessible web app', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  // The built app, copied: the last test deploys a new worker into it.
  let webDist = '';
  const username = uniqueUsername('Pwa');
  const password = 'pwa-secret-1';

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'reelsmith-web-'));
    cpSync(join(__dirname, '..', '..', 'web', 'dist'), webDist, { recursive: true });
    app = await startApp({ WEB_DIST: webDist });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    errors = collectPageErrors(page);
    const reg = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(reg.status).toBeLessThan(300);
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    token = ((await login.json()) as { token: string }).token;
    await subscribe(app.baseUrl, token, 'pro');
    // One processed video, so the video page and the lists have content to check.
    const auth = { Authorization: `Bearer ${token}` };
    const { uploadURL } = (await (await fetch(`${app.baseUrl}/api/objects/upload`, { method: 'POST', headers: auth })).json()) as { uploadURL: string };
    const bytes = readFileSync(testMedia('h264-aac.mp4'));
    expect((await fetch(uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const done = await fetch(`${app.baseUrl}/api/videos/complete-upload`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ videoURL: uploadURL, title: 'Harbour walk', originalFilename: 'harbour.mp4', fileSize: bytes.length, duration: 0 }),
    });
    videoId = ((await done.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stack.stop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  afterEach(() => {
    // Offline, the browser logs the requests it could not make; those are the point of the test.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR/.test(e))).toEqual([]);
  });

  it('passes axe-core on the sign-in page at 1440 and 390 px', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('passes axe-core on every route at 1440 and 390 px, with a visible keyboard focus', async () => {
    await page.evaluate((t) => localStorage.setItem('reelsmith.authToken', t), token);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      for (const route of ROUTES) {
        const path = route.replace(':id', videoId);
        await page.goto(`${app.baseUrl}${path}`);
        await page.locator('main#main h1').first().waitFor();
        await page
          .waitForFunction(() => !document.querySelector('[data-testid="route-loading"], [aria-busy="true"]'), undefined, { timeout: 15_000 })
          .catch(() => undefined);
        if (route === '/video/:id') await page.getByTestId('video-player').waitFor({ timeout: 30_000 });
        if (route === '/upload') await page.getByTestId('upload-dialog').waitFor();
        expect({ route, width, violations: await seriousViolations(page) }).toEqual({ route, width, violations: [] });
        if (route === '/upload') await page.keyboard.press('Escape');
        // The first Tab stops show where the focus is.
        await page.locator('body').focus();
        let stops = 0;
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press('Tab');
          const focus = await focusIndicator(page);
          if (focus.tag === 'body') break; // a short page: the focus left it for the browser's own UI
          stops += 1;
          expect({ route, width, focus }).toEqual({ route, width, focus: { ...focus, visible: true } });
        }
        expect({ route, width, stops: stops > 0 }).toEqual({ route, width, stops: true });
        await screenshot(page, `a11y-${width}${path.replace(/\//g, '_') || '_root'}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('passes Chromium’s installability check with the manifest and the Workbox worker', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp: CDPSession = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    await cdp.detach();
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data!) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: Array<{ sizes: string; purpose: string; type: string }>;
      shortcuts: Array<{ name: string }>;
      share_target: { action: string };
    };
    expect(data).toMatchObject({ name: 'Reelsmith', short_name: 'Reelsmith', display: 'standalone' });
    expect(
      data.icons
        .filter((i) => i.type === 'image/png')
        .map((i) => `${i.sizes} ${i.purpose}`)
        .sort(),
    ).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    expect(data.shortcuts.map((s) => s.name)).toEqual(['Upload', 'My Videos']);
    expect(data.share_target.action).toBe('/share-target');
    // Incognito contexts never install: the check runs in a browser profile of its own.
    const profile = mkdtempSync(join(tmpdir(), 'reelsmith-install-'));
    const installed = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const installPage = installed.pages()[0] ?? (await installed.newPage());
      await installPage.goto(`${app.baseUrl}/`);
      await installPage.evaluate(() => navigator.serviceWorker.ready);
      const installCdp = await installed.newCDPSession(installPage);
      const { installabilityErrors } = (await installCdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await installed.close();
      rmSync(profile, { recursive: true, force: true });
    }

    // The icons are real PNGs of their sizes, and iOS gets one too.
    for (const [path, size] of [
      ['/icons/icon-192.png', 192],
      ['/icons/maskable-512.png', 512],
      ['/icons/apple-touch-icon.png', 180],
    ] as const) {
      const png = Buffer.from(await (await fetch(`${app.baseUrl}${path}`)).arrayBuffer());
      expect({ path, signature: png.subarray(1, 4).toString(), width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({
        path,
        signature: 'PNG',
        width: size,
        height: size,
      });
    }
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');

    // The worker is Workbox's, served at /sw.js, and never caches the API or media streams.
    const worker = await (await fetch(`${app.baseUrl}/sw.js`)).text();
    expect(worker).toMatch(/workbox/i);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/offline.html', '/manifest.webmanifest']));
    expect(cached.some((u) => /^\/assets\/index-.*\.js$/.test(u))).toBe(true);
    expect(cached.filter((u) => /^\/api\/(?!videos\/[^/]+\/thumbnail$)|\/stream$|\/download$|^\/objects\//.test(u))).toEqual([]);
  });

  it('keeps the signed-in app with an offline notice on a reload without network, and recovers by itself', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate((t) => localStorage.setItem('reelsmith.authToken', t), token);
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await eventually(async () => expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0));
    await eventually(async () => expect(await page.getByTestId('sidebar-username').or(page.getByText(username)).count()).toBeGreaterThan(0));
    await screenshot(page, 'pwa-offline-shell');

    // The offline page, from the worker's cache.
    await page.goto(`${app.baseUrl}/offline.html`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByText('What works offline').waitFor();
    await screenshot(page, 'pwa-offline-page');

    await page.goto(`${app.baseUrl}/videos`);
    await page.getByTestId('offline-notice').waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="video-card"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await screenshot(page, 'pwa-recover-failed');
        throw error;
      });
    await eventually(async () => expect(await page.getByText('Harbour walk').count()).toBeGreaterThan(0));

    // The offline page goes back to the app by itself once the server answers again.
    await context.setOffline(true);
    await page.goto(`${app.baseUrl}/offline.html`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await Promise.all([page.waitForURL(`${app.baseUrl}/`), context.setOffline(false)]);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it("offers 'A new version is available - Reload' when a new build's worker waits, and reloads into it", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const workerVersion = () => page.evaluate(async () => (await fetch('/__worker-version')).text());
    expect(await workerVersion()).not.toBe('next');
    expect(await page.getByTestId('update-banner').count()).toBe(0);

    // A deploy: a different /sw.js (here the same worker with one more route that tells it apart).
    appendFileSync(
      join(webDist, 'sw.js'),
      "\nself.addEventListener('fetch', (event) => { if (new URL(event.request.url).pathname === '/__worker-version') event.respondWith(new Response('next')); });\n",
    );
    // The app looks for a new build when it comes back into view (and every hour).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const banner = page.getByTestId('update-banner');
    await banner.getByText('A new version is available').waitFor({ timeout: 30_000 });
    await eventually(async () => expect(await page.getByRole('heading', { name: 'My Videos', level: 1 }).count()).toBe(1));
    await screenshot(page, 'pwa-update-available');
    // Until the user says so, the old worker keeps the page.
    expect(await workerVersion()).not.toBe('next');

    await Promise.all([page.waitForEvent('framenavigated'), banner.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await eventually(async () => expect(await workerVersion()).toBe('next'));
    await eventually(async () => expect(await page.getByTestId('update-banner').count()).toBe(0));
  });
});
