import type { Page } from 'playwright-core';
import { api } from '../system/api';
import { uploadVideo, waitForVideo } from '../system/videos';
import { type BrowserSession, openApp, screenshot, signUpInPage } from '../support/browser';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * What users type is shown as text: a video title, a folder name and a batch name holding HTML
 * render literally on every screen that shows them, and none of it runs (issue 11, bad input).
 */
jest.setTimeout(120_000);

const VIDEO_TITLE = '<img src=x onerror=window.__xss=1>';
const FOLDER_NAME = '<script>window.__xss=2</script>';
const BATCH_NAME = '<svg onload=window.__xss=3>';

describe('HTML in titles and names in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let videoId = '';

  /** Nothing the titles hold became markup or ran on the page now shown. */
  async function expectNothingRan() {
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Inline scripts that could run (index.html's list of first-screen chunks is JSON, not code).
    expect(await page.locator('img[src="x"], svg[onload], script:not([src]):not([type="application/json"])').count()).toBe(0);
    expect(errors).toEqual([]);
  }

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
    await signUpInPage(page, app.baseUrl, uniqueUsername('Html'), 'html-secret-1');
    const token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const created = await uploadVideo(app.baseUrl, token, 'h264-aac.mp4', { title: VIDEO_TITLE });
    expect(created.status).toBe(200);
    videoId = created.json.id;
    await waitForVideo(app.baseUrl, token, videoId, (v) => v.status === 'processed');
    expect((await api(app.baseUrl, 'POST', '/api/video-folders', { token, body: { name: FOLDER_NAME } })).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/batches', { token, body: { name: BATCH_NAME } })).status).toBe(201);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the video title as text on My Videos and on the video page', async () => {
    await page.goto(`${app.baseUrl}/videos`);
    const card = page.getByTestId('video-card').filter({ has: page.getByRole('heading', { name: VIDEO_TITLE, exact: true }) });
    await card.waitFor();
    await expectNothingRan();

    await page.goto(`${app.baseUrl}/video/${videoId}`);
    await page.getByText(VIDEO_TITLE, { exact: true }).first().waitFor();
    await expectNothingRan();
    await screenshot(page, 'html-in-titles-video');
  });

  it('shows the folder name as text on the Folders tab', async () => {
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByRole('tab', { name: /Folders/ }).click();
    await page.getByText(FOLDER_NAME, { exact: true }).first().waitFor();
    await expectNothingRan();
  });

  it('shows the batch name as text on Bulk Processing', async () => {
    await page.goto(`${app.baseUrl}/bulk-upload`);
    await page.getByTestId('batch-row').filter({ hasText: BATCH_NAME }).waitFor();
    await expectNothingRan();
    await screenshot(page, 'html-in-titles-batch');
  });
});
