import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { fakeVideo, tinyClip } from '../support/batch-media';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { uniqueUsername } from '../support/stack';

/**
 * /bulk-upload in Chromium against the real stack: the validation toasts, a batch of a few files
 * (one of them not a video) created and uploaded with progress, its status and progress following
 * the pipeline live until completed, and the report saved as a JSON file; the batch's own view with
 * each file's outcome, the report as CSV and HTML, and its videos put in a folder once.
 */
jest.setTimeout(180_000);

describe('bulk upload in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  let errors: string[];

  const toast = (title: string) => page.locator('[data-state="open"]').filter({ hasText: title }).first();

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ page, errors } = session);
    await signUpInPage(page, session.app.baseUrl, uniqueUsername('Bulk'), 'reel-secret-1');
    await page.getByRole('link', { name: 'Bulk Processing' }).click();
    await page.getByRole('heading', { name: 'Bulk Processing', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('starts empty, keeps the start button disabled and explains what is missing', async () => {
    await page.getByTestId('batches-empty').waitFor();
    const start = page.getByTestId('bulk-start');
    await eventually(async () => expect(await start.isDisabled()).toBe(true));
    expect(await page.getByTestId('bulk-file-input').getAttribute('accept')).toBe('video/*');
    expect(await page.getByTestId('bulk-file-input').getAttribute('multiple')).not.toBeNull();

    // Enter in the name field asks for what is missing.
    await page.getByLabel('Batch name').press('Enter');
    await toast('Batch name required').waitFor();
    await eventually(async () => expect(await toast('Batch name required').textContent()).toContain('Please enter a name for this batch'));
    await page.getByLabel('Batch name').fill('Cup weekend');
    await page.getByLabel('Batch name').press('Enter');
    await toast('No files selected').waitFor();
    await eventually(async () => expect(await toast('No files selected').textContent()).toContain('Please select video files to upload'));

    // 51 files are refused in the picker.
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `clip-${i}.mp4`, mimeType: 'video/mp4', buffer: readFileSync(tinyClip(0)) }));
    await page.getByTestId('bulk-file-input').setInputFiles(many);
    await toast('Too many files').waitFor();
    await eventually(async () => expect(await toast('Too many files').textContent()).toContain('Maximum 50 videos per batch'));
    await eventually(async () => expect(await page.getByTestId('bulk-selected').count()).toBe(0));
    await eventually(async () => expect(await start.isDisabled()).toBe(true));
    await screenshot(page, 'bulk-01-empty');
  });

  it('creates a batch, uploads it, follows it live to completed and downloads the report', async () => {
    await page.getByLabel('Description').fill('Saturday matches, U12');
    const files = [
      ...[0, 1, 2].map((i) => ({ name: `match-${i + 1}.mp4`, mimeType: 'video/mp4', buffer: readFileSync(tinyClip(i)) })),
      { name: 'notes.mp4', mimeType: 'video/mp4', buffer: readFileSync(fakeVideo()) },
    ];
    await page.getByTestId('bulk-file-input').setInputFiles(files);
    await eventually(async () => expect(await page.getByTestId('bulk-selected-count').textContent()).toBe('4 videos selected'));
    await screenshot(page, 'bulk-02-selected');

    const start = page.getByTestId('bulk-start');
    await eventually(async () => expect(await start.isDisabled()).toBe(false));
    await start.click();
    await toast('Bulk upload successful').waitFor({ timeout: 60_000 });
    await eventually(async () => expect(await toast('Bulk upload successful').textContent()).toContain('4 videos uploaded and processing started'));
    // The form resets.
    await eventually(async () => expect(await page.getByLabel('Batch name').inputValue()).toBe(''));
    await eventually(async () => expect(await page.getByTestId('bulk-selected').count()).toBe(0));

    const row = page.getByTestId('batch-row').filter({ hasText: 'Cup weekend' });
    await row.waitFor();
    await eventually(async () => expect(['processing', 'completed']).toContain(await row.getAttribute('data-status')));
    await screenshot(page, 'bulk-03-processing');

    await page.locator('[data-testid="batch-row"][data-status="completed"]').filter({ hasText: 'Cup weekend' }).waitFor({ timeout: 150_000 });
    await eventually(async () => expect(await row.getByTestId('batch-status').getAttribute('data-tone')).toBe('green'));
    await eventually(async () => expect(await row.getByTestId('batch-percent').textContent()).toBe('75%'));
    await eventually(async () => expect(await row.getByTestId('batch-counts').textContent()).toContain('3 of 4 processed · 1 failed'));

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('batch-report').click()]);
    expect(download.suggestedFilename()).toBe('cup-weekend-report.json');
    const report = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(report.batch).toMatchObject({
      name: 'Cup weekend',
      description: 'Saturday matches, U12',
      status: 'completed',
      totalVideos: 4,
      processedVideos: 3,
      failedVideos: 1,
    });
    expect(report.failures).toEqual([{ originalFilename: 'notes.mp4', error: expect.stringContaining('not a video we can read') }]);
    await toast('Report downloaded').waitFor();
    await screenshot(page, 'bulk-04-completed');
    expect(errors).toEqual([]);
  });

  it('opens the batch: each file and what became of it, the report as CSV and HTML, and its videos into a folder', async () => {
    await page
      .getByTestId('batch-row')
      .filter({ hasText: 'Cup weekend' })
      .getByRole('link', { name: /Cup weekend/ })
      .click();
    const detail = page.getByTestId('batch-detail');
    await detail.getByRole('heading', { name: 'Cup weekend' }).waitFor();
    await eventually(async () => expect(await detail.getByTestId('batch-file').count()).toBe(4));
    expect(await detail.locator('[data-testid="batch-file"][data-status="processed"]').count()).toBe(3);
    await detail
      .locator('[data-testid="batch-file"][data-status="failed"]')
      .getByText(/not a video we can read/)
      .waitFor();
    await detail
      .getByText(/reel, \d+ moments?/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-06-batch-detail');

    const [csv] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('batch-report-csv').click()]);
    expect(csv.suggestedFilename()).toBe('cup-weekend-report.csv');
    expect(
      readFileSync((await csv.path())!, 'utf8')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(5);
    const [html] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('batch-report-html').click()]);
    expect(html.suggestedFilename()).toBe('cup-weekend-report.html');

    await detail.getByTestId('batch-to-folder').click();
    await toast('Videos in a folder').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('reelsmith.authToken'));
    const get = async (path: string) => (await fetch(`${session.app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const folders = (await get('/api/video-folders')) as Array<{ id: string; name: string }>;
    const folder = folders.find((f) => f.name === 'Cup weekend')!;
    expect((await get(`/api/video-folders/${folder.id}/videos`)) as unknown[]).toHaveLength(3);
    // A second click (another tab, a retry) makes no second folder.
    await detail.getByTestId('batch-to-folder').click();
    await eventually(async () => expect(await page.getByTestId('toast').filter({ hasText: 'Videos in a folder' }).count()).toBeGreaterThan(0));
    expect(((await get('/api/video-folders')) as unknown[]).length).toBe(folders.length);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px wide screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${session.app.baseUrl}/bulk-upload`);
    await page.getByTestId('batch-row').first().waitFor();
    await screenshot(page, 'bulk-05-narrow');
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    await page.setViewportSize({ width: 1366, height: 860 });
    expect(errors).toEqual([]);
  });
});
