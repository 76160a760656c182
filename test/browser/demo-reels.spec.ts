import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { type BrowserSession, collectPageErrors, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { uniqueUsername } from '../support/stack';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the start script's own CommonJS module, as npm start runs it
const { makeDemoReels } = require('../../scripts/lib/demo-reels.cjs') as {
  makeDemoReels(dir: string, options: { scale: number; frame: { w: number; h: number; rate: number }; log: (line: string) => void }): Promise<void>;
};

/**
 * The sample reels as npm start makes them (the engine on generated footage, short and small here),
 * served by the gateway: /demo plays each kind's reel in its card and the sign-in page plays the
 * first one muted, at 1440 px and at 390 px; axe clean, no console errors.
 */
jest.setTimeout(180_000);

const SCREENS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

/** The video's clock moves on: it really plays. */
async function expectPlaying(video: Locator) {
  const time = () => video.evaluate((el: HTMLVideoElement) => el.currentTime);
  await eventually(async () => expect(await time()).toBeGreaterThan(0.3));
  const first = await time();
  await eventually(async () => expect(await time()).toBeGreaterThan(first));
}

describe('the sample reels play', () => {
  let dir: string;
  let session: BrowserSession;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelsmith-demo-reels-'));
    // Made while the app starts: the gateway reads the list on every request.
    [session] = await Promise.all([
      openApp({ env: { DEMO_REELS_DIR: dir } }),
      makeDemoReels(dir, { scale: 0.12, frame: { w: 320, h: 180, rate: 25 }, log: () => undefined }),
    ]);
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the gateway lists the four reels and serves each MP4 in ranges', async () => {
    const reels = (await (await fetch(`${session.app.baseUrl}/demo-reels/index.json`)).json()) as Array<{ kind: string; video: string }>;
    expect(reels.map((r) => r.kind)).toEqual(['sport', 'wedding', 'business', 'travel']);
    const res = await fetch(`${session.app.baseUrl}${reels[0].video}`, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
  });

  for (const screen of SCREENS) {
    it(`at ${screen.name} px: the sign-in page plays the first reel muted and /demo plays each kind's reel`, async () => {
      const context = await session.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${session.app.baseUrl}/`);
      await page.getByTestId('sample-reel').scrollIntoViewIfNeeded();
      const sample = page.getByTestId('sample-reel-video');
      await expectPlaying(sample);
      expect(await sample.evaluate((el: HTMLVideoElement) => el.muted)).toBe(true);
      await page.getByText(/^Sample reel: Generated match: Riverside v Harbour · 0:\d\d · Generated footage · music: Stadium Lights by /).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `demo-reels-sign-in-${screen.name}`);

      await signUpInPage(page, session.app.baseUrl, uniqueUsername('Demo'), 'demo-secret-1');
      await page.goto(`${session.app.baseUrl}/demo`);
      const videos = page.getByTestId('demo-reel-video');
      await eventually(async () => expect(await videos.count()).toBe(4));
      await page.getByTestId('demo-reel-credit').first().getByText('Sample reel: Generated match: Riverside v Harbour').waitFor();
      await page.getByRole('button', { name: 'Play demo: Generated match: Riverside v Harbour' }).click();
      await expectPlaying(videos.first());
      await page.getByRole('button', { name: 'Play demo: Generated road trip: Iceland' }).click();
      await expectPlaying(videos.last());
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `demo-reels-demo-${screen.name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
