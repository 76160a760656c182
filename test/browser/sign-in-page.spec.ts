import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { IPHONE_UA, seriousViolations } from '../support/a11y';
import { type BrowserSession, collectPageErrors, eventually, forgetExpected, openApp, screenshot, signUpInPage } from '../support/browser';
import { testMedia } from '../support/media';
import { uniqueUsername } from '../support/stack';

/**
 * What a visitor sees before signing in, at 1440 px and on a 390 px phone: the one-line pitch, a
 * sample reel (a still panel while /demo-reels/index.json has none, else the first reel playing
 * muted), the two plans at the prices /pricing shows, and a FAQ link that works; axe clean, no
 * console errors.
 */
jest.setTimeout(120_000);

const SCREENS = [
  { name: '1440', viewport: { width: 1440, height: 900 }, phone: false },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
];
const PLANS = ['rookie', 'pro'] as const;
type Prices = Record<string, string>;

describe('the sign-in page sells the product', () => {
  let session: BrowserSession;
  const shown: Record<string, Prices> = {};

  beforeAll(async () => {
    testMedia('silent.mp4');
    testMedia('poster.jpg');
    session = await openApp();
  });
  afterAll(async () => {
    await session?.close();
  });

  /** A fresh visitor at that screen size; `prepare` routes requests before the page loads. */
  async function visit(screen: (typeof SCREENS)[number], prepare?: (context: BrowserContext) => Promise<unknown>) {
    const context = await session.browser.newContext({
      viewport: screen.viewport,
      ...(screen.phone ? { userAgent: IPHONE_UA, isMobile: true, hasTouch: true } : {}),
    });
    await prepare?.(context);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const manifest = page.waitForResponse((res) => res.url().endsWith('/demo-reels/index.json'));
    await page.goto(`${session.app.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    /** Scrolls the sample reel into view (on a phone it is below the form) and waits for its manifest. */
    const showReel = async () => {
      await page.getByTestId('sample-reel').scrollIntoViewIfNeeded();
      await manifest;
    };
    return { context, page, errors, showReel };
  }

  for (const screen of SCREENS) {
    it(`at ${screen.name} px: pitch, still panel while there is no reel, both plans, the FAQ link; axe clean`, async () => {
      const { context, page, errors, showReel } = await visit(screen);
      await page.getByTestId('pitch').getByText('Turn long videos into highlight reels.').waitFor();
      await screenshot(page, `sign-in-${screen.name}`);

      // No sample reel is made in this run: the gateway lists none.
      await showReel();
      await page.getByTestId('sample-reel-still').waitFor();
      expect(await page.locator('video').count()).toBe(0);

      const prices: Prices = {};
      for (const plan of PLANS) {
        prices[`${plan}-month`] = await page.getByTestId(`plan-summary-price-${plan}`).innerText();
        prices[`${plan}-year`] = await page.getByTestId(`plan-summary-yearly-${plan}`).innerText();
      }
      shown[screen.name] = prices;

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Questions? Read the FAQ' }).click();
      await page.waitForURL(/#faq$/);
      // The FAQ ends the page: scrolled to, its heading and its five questions are in view.
      const inView = (selector: string) =>
        page.evaluate(
          (s) =>
            Array.from(document.querySelectorAll(s))
              .map((el) => el.getBoundingClientRect())
              .every((r) => r.top >= 0 && r.bottom <= innerHeight),
          selector,
        );
      await eventually(async () => expect(await inView('#faq h2, #faq details')).toBe(true));
      expect(await page.locator('#faq details').count()).toBe(5);
      await page.getByText('How long does processing take?').click();
      await page.getByText(/Usually from a few seconds to a few minutes/).waitFor();
      await screenshot(page, `sign-in-${screen.name}-faq`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the still panel when the manifest is a 404', async () => {
    const { context, page, errors, showReel } = await visit(SCREENS[0], (c) =>
      c.route('**/demo-reels/index.json', (route) => route.fulfill({ status: 404, body: 'Not Found' })),
    );
    await showReel();
    await page.getByTestId('sample-reel-still').waitFor();
    expect(await page.locator('video').count()).toBe(0);
    // The browser's own line for the 404 this test provoked; the page itself logs nothing.
    forgetExpected(errors, /status of 404/);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const screen of SCREENS) {
    it(`at ${screen.name} px: the first reel of a manifest plays muted, in a loop, with its poster`, async () => {
      const reel = {
        slug: 'test',
        title: 'Test pattern',
        durationSeconds: 3,
        credit: 'Made with ffmpeg',
        video: '/demo-reels/test.mp4',
        poster: '/demo-reels/test.jpg',
      };
      const { context, page, errors, showReel } = await visit(screen, async (c) => {
        await c.route('**/demo-reels/index.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify([reel]) }));
        await c.route('**/demo-reels/test.mp4', (route) => route.fulfill({ contentType: 'video/mp4', body: readFileSync(testMedia('silent.mp4')) }));
        await c.route('**/demo-reels/test.jpg', (route) => route.fulfill({ contentType: 'image/jpeg', body: readFileSync(testMedia('poster.jpg')) }));
      });
      await showReel();
      const video = page.getByTestId('sample-reel-video');
      await video.waitFor();
      const attributes = await video.evaluate((el) => ['muted', 'autoplay', 'loop', 'playsinline', 'poster'].filter((name) => el.hasAttribute(name)));
      expect(attributes).toEqual(['muted', 'autoplay', 'loop', 'playsinline', 'poster']);
      const state = () => video.evaluate((el: HTMLVideoElement) => ({ time: el.currentTime, paused: el.paused, muted: el.muted }));
      await eventually(async () => expect((await state()).time).toBeGreaterThan(0.3));
      const first = await state();
      await eventually(async () => expect((await state()).time).not.toBe(first.time));
      expect(first).toMatchObject({ paused: false, muted: true });
      await page.getByText('Sample reel: Test pattern · 0:03 · Made with ffmpeg').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `sign-in-${screen.name}-reel`);

      await page.getByRole('button', { name: 'Pause the sample reel' }).click();
      await eventually(async () => expect((await state()).paused).toBe(true));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the sign-in page showed the prices /pricing shows (signed in)', async () => {
    const { page, app, errors } = session;
    await signUpInPage(page, app.baseUrl, uniqueUsername('Sells'), 'sells-secret-1');
    await page.goto(`${app.baseUrl}/pricing`);
    const pricing: Prices = {};
    for (const interval of ['month', 'year'] as const) {
      await page.getByRole('radio', { name: interval === 'month' ? 'Monthly' : /Yearly/ }).check();
      for (const plan of PLANS) {
        await page
          .getByTestId(`price-${plan}`)
          .getByText(interval === 'month' ? /\/month$/ : /\/year$/)
          .waitFor();
        pricing[`${plan}-${interval}`] = await page.getByTestId(`price-${plan}`).innerText();
      }
    }
    for (const screen of SCREENS) expect(shown[screen.name]).toEqual(pricing);

    expect(errors).toEqual([]);
  });
});
