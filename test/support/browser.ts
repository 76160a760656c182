import { subscribe } from '../system/videos';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type RunningApp, startApp } from './stack';
import { eventually } from './wait';

/** Retried assertions for state the page reaches after an action (see wait.ts). */
export { eventually } from './wait';

export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-results', 'screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Keeps a screenshot as an artefact of the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Forgets the console errors the browser logged for a failure a test provoked on purpose (e.g. a 404). */
export function forgetExpected(errors: string[], pattern: RegExp): void {
  for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i])) errors.splice(i, 1);
}

/**
 * The page fits its viewport's width: nothing scrolls sideways. Right after a resize or an animation
 * the layout may need a moment, so it is checked until it holds; if it never does, the failure names
 * the elements that reach past the right edge.
 */
export async function expectFitsWidth(page: Page): Promise<void> {
  await eventually(async () => expect(await sidewaysOverflow(page)).toEqual([]));
}

/** The innermost elements past the viewport's right edge (none when the page does not scroll sideways). */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const past = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((el) => el.getBoundingClientRect().right > width + 0.5);
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`;
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...innermost.slice(0, 5).map(name)];
  });
}

/** Fails the test on any error the page logs or throws, so a broken screen cannot pass quietly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    // A 401 from /api/auth/me with a stale token is expected browser noise, not an app error.
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}

export interface BrowserSession {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Errors the page logged or threw; tests expect it empty after each step. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The real app and a Chromium page on it at 1366x860. `still` turns off motion, so screenshots
 * show finished states rather than transitions halfway through. `env` goes to every service.
 */
export async function openApp(options: { still?: boolean; env?: Record<string, string> } = {}): Promise<BrowserSession> {
  const app = await startApp(options.env);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, reducedMotion: options.still ? 'reduce' : 'no-preference' });
  if (options.still) {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '*, ::before, ::after { transition: none !important; }';
        document.head.append(style);
      });
    });
  }
  const page = await context.newPage();
  return {
    app,
    browser,
    context,
    page,
    errors: collectPageErrors(page),
    async close() {
      await browser.close();
      await app.stack.stop();
    },
  };
}

/**
 * Creates an account through the sign-up form, subscribed to a plan (default Pro, through the same
 * API calls as /subscribe with Stripe's succeeding test card; `plan: null` leaves it without one);
 * the app then shows the dashboard.
 */
export async function signUpInPage(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  options: { plan?: 'rookie' | 'pro' | null } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page
    .getByRole('button', { name: /create (an )?account/i })
    .first()
    .click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  if (options.plan === null) return;
  const token = await page.evaluate(() => localStorage.getItem('reelsmith.authToken'));
  if (!token) throw new Error('no token after sign-up');
  await subscribe(baseUrl, token, options.plan ?? 'pro');
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}
