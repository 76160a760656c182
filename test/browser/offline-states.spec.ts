import type { Browser, BrowserContext, Page } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { collectPageErrors, eventually, launchChromium, screenshot } from '../support/browser';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';
import { api } from '../system/api';
import { subscribe, uploadVideo, waitForVideo } from '../system/videos';

/**
 * Honest states (phones.md): a signed-in Pro user who goes offline sees "You're offline — showing
 * what was last loaded" with their last-loaded videos and plan, at 1440 and 390 px, never 'No plan',
 * 'No videos yet', zero counts or 'Failed to fetch'; what was never loaded says plainly that it is
 * offline; the kept copy is per user (sign-out removes it). The install banner is one line, never on
 * the first screen of a first visit, and after a dismissal away for a week.
 */
jest.setTimeout(180_000);

const OFFLINE_BANNER = "You're offline — showing what was last loaded";
const LIES = ['No plan', 'No videos yet', 'Failed to fetch'];
const SNAPSHOT_KEY = 'reelsmith.offlineCache';
const INSTALL_KEY = 'reelsmith.installPrompt';
const WEEK_MS = 7 * 24 * 3600 * 1000;

describe('honest offline states and a compact install banner', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token = '';
  const username = uniqueUsername('Offline');
  const password = 'offline-secret-1';

  const register = async (name: string) => {
    const res = await api(app.baseUrl, 'POST', '/api/auth/register', { body: { username: name, password } });
    expect(res.status).toBe(201);
    return res.json.token as string;
  };

  const open = async (options: { width: number; height: number; phone?: boolean }) => {
    await context?.close();
    context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      reducedMotion: 'reduce',
      ...(options.phone ? { userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    page = await context.newPage();
    errors = collectPageErrors(page);
  };

  /** Signed in with a token, on `path`, once the worker controls the page and the snapshot holds the video. */
  const loadOnline = async (path: string, heading: string) => {
    // A same-origin page that is not the app, to store the token before the app's first screen.
    await page.goto(`${app.baseUrl}/manifest.webmanifest`);
    await page.evaluate((t) => localStorage.setItem('reelsmith.authToken', t), token);
    await page.goto(`${app.baseUrl}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByText('Harbour walk').first().waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    await page.waitForFunction((key) => /Harbour walk/.test(localStorage.getItem(key) ?? '') && /"pro"/.test(localStorage.getItem(key) ?? ''), SNAPSHOT_KEY);
  };

  const expectNoLies = async () => {
    const text = await page.locator('body').innerText();
    for (const lie of LIES) expect({ lie, shown: text.includes(lie) }).toEqual({ lie, shown: false });
  };

  const expectAccessible = async (where: string) => expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    token = await register(username);
    await subscribe(app.baseUrl, token, 'pro');
    const upload = await uploadVideo(app.baseUrl, token, 'h264-aac.mp4', { title: 'Harbour walk', originalFilename: 'harbour.mp4' });
    await waitForVideo(app.baseUrl, token, upload.json.id as string, (v) => v.status === 'processed');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stack.stop();
  });

  afterEach(() => {
    // Offline, the browser logs the requests it could not make; those are the point of the test.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR/.test(e))).toEqual([]);
  });

  it('at 1440 px shows the last-loaded library and plan offline, says so, and keeps no secrets', async () => {
    await open({ width: 1440, height: 900 });
    await loadOnline('/videos', 'My Videos');
    const kept = (await page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY))!;
    expect(kept).not.toContain(token);
    expect(kept).not.toMatch(/[?&]sig=/);

    await context.setOffline(true);
    await page.reload();
    const notice = page.getByTestId('offline-notice');
    await notice.getByText(OFFLINE_BANNER).waitFor();
    await page.getByTestId('video-card').getByText('Harbour walk').waitFor();
    expect(await page.getByTestId('count-total-value').innerText()).toBe('1');
    expect(await page.getByTestId('sidebar-plan').innerText()).toBe('Pro plan');
    await expectNoLies();
    await expectAccessible('/videos offline');
    await screenshot(page, 'offline-1440-videos');

    // Other screens, from the shell the worker serves, with the same kept copy.
    await page.goto(`${app.baseUrl}/`);
    await page.getByTestId('recent-videos').getByText('Harbour walk').waitFor();
    await notice.getByText(OFFLINE_BANNER).waitFor();
    await expectNoLies();
    await expectAccessible('/ offline');
    await screenshot(page, 'offline-1440-dashboard');
    await page.goto(`${app.baseUrl}/settings`);
    await page
      .getByTestId('billing-plan')
      .getByText(/^Pro plan/)
      .waitFor();
    await expectNoLies();

    // Nothing kept (a first visit offline): the screens say plainly that they are offline.
    await page.evaluate((key) => localStorage.removeItem(key), SNAPSHOT_KEY);
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByText("You're offline, and this was not loaded before.").first().waitFor();
    expect(await notice.innerText()).toMatch(/^You're offline\. /);
    expect(await page.getByTestId('count-total-value').innerText()).toBe('–');
    expect(await page.getByTestId('sidebar-plan').innerText()).toBe('Plan not loaded');
    await expectNoLies();
    await expectAccessible('/videos offline, nothing kept');
    await screenshot(page, 'offline-1440-nothing-kept');

    // Back online: everything loads again, by itself.
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('video-card').getByText('Harbour walk').waitFor({ timeout: 15_000 });
    await eventually(async () => expect(await page.getByTestId('sidebar-plan').innerText()).toBe('Pro plan'));
  });

  it('keeps the copy per user: sign-out removes it, and the next user never sees the last one’s library', async () => {
    await page.waitForFunction((key) => !!localStorage.getItem(key), SNAPSHOT_KEY);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY)).toBeNull();

    const other = uniqueUsername('Other');
    await subscribe(app.baseUrl, await register(other), 'rookie');
    await page.getByLabel('Username').fill(other);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('sidebar-username').getByText(other).waitFor({ timeout: 15_000 });
    await page.waitForFunction((key) => /"rookie"/.test(localStorage.getItem(key) ?? ''), SNAPSHOT_KEY);
    await context.setOffline(true);
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByTestId('offline-notice').getByText(OFFLINE_BANNER).waitFor();
    await page.getByTestId('sidebar-username').getByText(other).waitFor();
    expect(await page.getByTestId('sidebar-plan').innerText()).toBe('Rookie plan');
    expect(await page.getByText('Harbour walk').count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key) ?? '', SNAPSHOT_KEY)).not.toContain('Harbour walk');
    await context.setOffline(false);
  });

  it('at 1440 px offers Add to Home Screen on one line, not on the first screen of a first visit', async () => {
    await open({ width: 1440, height: 900 });
    await loadOnline('/videos', 'My Videos');
    // The browser's install event, as Chromium fires it on an installable site.
    await page.evaluate(() =>
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt'), { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) }),
      ),
    );
    // The first screen of a first visit: the event is kept, the banner waits.
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    expect(await page.getByTestId('install-banner').count()).toBe(0);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
    const banner = page.getByTestId('install-banner');
    await banner.getByText('Install Reelsmith for quick access, even offline.').waitFor();
    await banner.getByRole('button', { name: 'Add to Home Screen' }).waitFor();
    await expectOneLine(page);
    await expectAccessible('/ with the install banner');
    await screenshot(page, 'install-1440');
    // One line at every width from 1440 to 360 px (a short text below 640).
    for (const width of [1024, 768, 640, 639, 390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await banner.getByText(width >= 640 ? 'Install Reelsmith for quick access, even offline.' : 'Get the app').waitFor();
      await banner.getByRole('button', { name: 'Add to Home Screen' }).waitFor();
      await expectOneLine(page);
    }
    await screenshot(page, 'install-360-desktop-app');
  });

  it('at 390 px on a phone: the install hint waits for the second screen, is one line and stays away a week; offline shows the kept library and plan', async () => {
    await open({ width: 390, height: 844, phone: true });
    await loadOnline('/mobile', 'My Videos');
    // The first screen of a first visit: no banner.
    expect(await page.getByTestId('install-banner').count()).toBe(0);
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').pageViews, INSTALL_KEY)).toBe(1);

    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Account' }).click();
    const banner = page.getByTestId('install-banner');
    await banner.getByText('In Safari: Share › Add to Home Screen').waitFor();
    await expectOneLine(page);
    await expectAccessible('/mobile/account with the install hint');
    await screenshot(page, 'install-390-phone');
    await page.setViewportSize({ width: 360, height: 780 });
    await expectOneLine(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await banner.getByRole('button', { name: 'Dismiss install prompt' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Library' }).click();
    await page.reload();
    await page.getByTestId('mobile-video-list').getByText('Harbour walk').waitFor();
    expect(await page.getByTestId('install-banner').count()).toBe(0);
    // Six days later still away; eight days later it is back.
    const dismissedAgo = async (days: number) => {
      await page.evaluate(([key, ms]) => localStorage.setItem(key, JSON.stringify({ pageViews: 2, dismissedAt: Date.now() - ms })), [
        INSTALL_KEY,
        days * 24 * 3600 * 1000,
      ] as const);
      await page.reload();
      await page.getByTestId('mobile-video-list').getByText('Harbour walk').waitFor();
    };
    await dismissedAgo(6);
    expect(await page.getByTestId('install-banner').count()).toBe(0);
    await dismissedAgo(WEEK_MS / (24 * 3600 * 1000) + 1);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Dismiss install prompt' }).click();

    // Offline on the phone.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').getByText(OFFLINE_BANNER).waitFor();
    await page.getByTestId('mobile-video-list').getByText('Harbour walk').waitFor();
    await expectNoLies();
    await expectAccessible('/mobile offline');
    await screenshot(page, 'offline-390-library');
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Account' }).click();
    await page.getByTestId('mobile-plan').getByText('Pro plan').waitFor();
    await expectNoLies();
    await screenshot(page, 'offline-390-account');

    // Nothing kept: the library says plainly that it is offline; counts and plan are not made up.
    await page.evaluate((key) => localStorage.removeItem(key), SNAPSHOT_KEY);
    await page.reload();
    await page.getByTestId('mobile-plan').getByText('Plan not loaded').waitFor();
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Library' }).click();
    await page.getByText("You're offline, and this was not loaded before.").waitFor();
    expect(await page.getByTestId('offline-notice').innerText()).toBe("You're offline.");
    expect(await page.getByRole('group', { name: 'Filter by status' }).innerText()).not.toMatch(/\d/);
    await expectNoLies();
    await expectAccessible('/mobile offline, nothing kept');
    await screenshot(page, 'offline-390-nothing-kept');
    await context.setOffline(false);
  });
});

/** The install banner is one line: as tall as its buttons, inside the screen, and its text is not cut. */
async function expectOneLine(page: Page) {
  const fit = await page.getByTestId('install-banner').evaluate((banner) => {
    const text = banner.querySelector('[data-testid="install-text"]') as HTMLElement;
    const box = banner.getBoundingClientRect();
    return { height: box.height, inside: box.left >= 0 && box.right <= document.documentElement.clientWidth, cut: text.scrollWidth > text.clientWidth };
  });
  expect(fit).toEqual({ height: fit.height, inside: true, cut: false });
  expect(fit.height).toBeLessThanOrEqual(52);
}
