import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api as request } from '../system/api';
import { uploadVideo, waitForVideo } from '../system/videos';
import { seriousViolations } from '../support/a11y';
import { tinyClip } from '../support/batch-media';
import { type BrowserSession, collectPageErrors, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * Every create action happens once: a double click on Create Folder, Start bulk upload, Generate
 * highlights, Export (in either aspect), a reel's Create link and the plan's link and payment makes
 * one folder, batch, reel version, export, share link and Stripe subscription, checked through the API,
 * on a desktop and on a phone. (The gateway's side, two requests arriving together at two
 * replicas, is in test/system/two-replicas.spec.ts.)
 */
jest.setTimeout(120_000);

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('a double click makes one thing', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';

  const api = async (path: string) => (await request(app.baseUrl, 'GET', path, { token })).json as unknown[];

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
    await signUpInPage(page, app.baseUrl, uniqueUsername('Once'), 'once-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const created = await uploadVideo(app.baseUrl, token, 'h264-aac.mp4', { title: 'Derby' });
    videoId = created.json.id;
    await waitForVideo(app.baseUrl, token, videoId, (v) => v.status === 'processed');
  }, 180_000);
  afterAll(async () => {
    await session?.close();
  });
  afterEach(async () => {
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  describe.each(WIDTHS)('on a $name ($width px)', ({ name, width, height }) => {
    beforeAll(async () => {
      await page.setViewportSize({ width, height });
    });

    it('Create Folder', async () => {
      const before = (await api('/api/video-folders')).length;
      await page.goto(`${app.baseUrl}/videos`);
      await page.getByRole('tab', { name: /Folders/ }).click();
      await page
        .getByRole('button', { name: /New Folder|Create First Folder/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'New Folder' });
      await dialog.getByLabel('Name').fill(`Finals ${name}`);
      await dialog.getByRole('button', { name: 'Create Folder' }).dblclick();
      await dialog.waitFor({ state: 'hidden' });
      await eventually(async () => expect(await api('/api/video-folders')).toHaveLength(before + 1));
      await screenshot(page, `once-folder-${width}`);
    });

    it('Start bulk upload', async () => {
      const before = (await api('/api/batches')).length;
      await page.goto(`${app.baseUrl}/bulk-upload`);
      await page.getByLabel('Batch name').fill(`Weekend ${name}`);
      await page.getByTestId('bulk-file-input').setInputFiles([{ name: 'match.mp4', mimeType: 'video/mp4', buffer: readFileSync(tinyClip(30)) }]);
      const start = page.getByTestId('bulk-start');
      await eventually(async () => expect(await start.isDisabled()).toBe(false));
      await start.dblclick();
      await page.getByTestId('toast').filter({ hasText: 'Bulk upload successful' }).first().waitFor({ timeout: 60_000 });
      await eventually(async () => expect(await api('/api/batches')).toHaveLength(before + 1));
    });

    it('Generate highlights', async () => {
      const before = (await api(`/api/videos/${videoId}/highlights`)).length;
      await page.goto(`${app.baseUrl}/video/${videoId}`);
      // Narrow: the form is in a sheet.
      if (width < 1024) await page.getByTestId('open-generate-sheet').click();
      await page.waitForFunction(
        () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
        undefined,
        { timeout: 45_000 },
      );
      await page.getByTestId('generate-highlights-form').getByRole('button', { name: 'Generate highlights' }).dblclick();
      await page.getByTestId('toast').filter({ hasText: 'Highlights generation started' }).first().waitFor();
      await eventually(async () => expect(await api(`/api/videos/${videoId}/highlights`)).toHaveLength(before + 1));
      await screenshot(page, `once-generate-${width}`);
    });

    it('Export', async () => {
      const before = (await api('/api/exports')).length;
      await page.goto(`${app.baseUrl}/editor`);
      await page.getByTestId('editor-video').first().click();
      // The editor's export offers every aspect the AI panel does.
      const aspect = width < 1024 ? '9:16' : '16:9';
      await page
        .getByTestId('export-aspect')
        .getByRole('radio', { name: new RegExp(aspect) })
        .check();
      await page.getByTestId('export-button').dblclick();
      await page.getByTestId('toast').filter({ hasText: 'Export started' }).first().waitFor();
      await eventually(async () => expect(await api('/api/exports')).toHaveLength(before + 1));
      expect(((await api('/api/exports'))[0] as { aspect: string }).aspect).toBe(aspect);
    });

    it('Share: Create link', async () => {
      const reels = async () => (await api(`/api/videos/${videoId}/highlights`)) as Array<{ id: string; status: string }>;
      const reel = await eventually(
        async () => {
          const ready = (await reels()).find((h) => h.status === 'ready');
          expect(ready).toBeDefined();
          return ready!;
        },
        { timeoutMs: 120_000, intervalMs: 1000 },
      );
      const links = () => api(`/api/highlights/${reel.id}/share-links`);
      const before = (await links()).length;
      await page.goto(`${app.baseUrl}/video/${videoId}?highlight=${reel.id}`);
      const viewer = page.getByTestId('highlight-viewer');
      await viewer.and(page.locator('[data-status="ready"]')).waitFor();
      await viewer.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByTestId('share-links-dialog');
      const create = dialog.getByRole('button', { name: 'Create link' });
      await eventually(async () => expect(await create.isDisabled()).toBe(false));
      await create.dblclick();
      await eventually(async () => expect(await dialog.getByTestId('share-link').count()).toBe(before + 1));
      // The list is read again after the create; a second link would show by then.
      await page.waitForTimeout(1000);
      expect(await links()).toHaveLength(before + 1);
      await screenshot(page, `once-share-${width}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    it('Subscribe: the plan link and the test-card payment', async () => {
      // A buyer without a plan, in a window of their own.
      const context = await session.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
      try {
        const buyer = await context.newPage();
        const buyerErrors = collectPageErrors(buyer);
        await signUpInPage(buyer, app.baseUrl, uniqueUsername('Buyer'), 'buyer-secret-1', { plan: null });
        const before = await stripeSubscriptions();
        await buyer.goto(`${app.baseUrl}/pricing`);
        await buyer.getByRole('link', { name: 'Start with Rookie' }).dblclick();
        await buyer.waitForURL(/\/subscribe\?plan=rookie$/);
        await buyer
          .getByTestId('test-payment-form')
          .getByRole('button', { name: /Pay with test card/ })
          .dblclick();
        await buyer.getByText('Your Rookie plan is active.').waitFor();
        expect(await stripeSubscriptions()).toBe(before + 1);
        expect(await seriousViolations(buyer)).toEqual([]);
        expect(buyerErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  /** How many subscriptions this stack's Stripe server holds (Stripe's own list, as a double charge would show there). */
  async function stripeSubscriptions(): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${app.env.STRIPE_API_PORT}/v1/subscriptions?limit=100`, {
      headers: { authorization: `Bearer ${app.env.STRIPE_SECRET_KEY}` },
    });
    return ((await res.json()) as { data: unknown[] }).data.length;
  }
});
