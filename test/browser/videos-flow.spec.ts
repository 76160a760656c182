import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { type BrowserSession, eventually, forgetExpected, openApp, screenshot, signUpInPage } from '../support/browser';
import { testMedia } from '../support/media';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * The video screens against the real stack: upload through the dialog with the pipeline's live
 * steps, My Videos, the detail page with playback, seeking and download, Quick Trim on the
 * dashboard and deleting with confirmation.
 */
jest.setTimeout(90_000);

describe('uploading, watching, trimming and deleting a video in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const username = uniqueUsername('Reels');
  const password = 'reel-secret-1';
  const title = 'Cup final highlights';
  const clipTitle = `${title} (0:00-0:02)`;
  let videoId = '';

  const toast = () => page.getByTestId('toast').last();

  beforeAll(async () => {
    testMedia('vp9-opus.webm');
    session = await openApp({ still: true });
    ({ app, context, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('signs up, then opens /upload with the upload dialog open by default', async () => {
    await signUpInPage(page, app.baseUrl, username, password);

    // My Videos starts empty, with the debug line and an upload button that opens the dialog.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Videos' }).click();
    await page.getByRole('heading', { name: 'No videos yet' }).waitFor();
    await eventually(async () => expect(await page.getByTestId('videos-debug').innerText()).toBe('Debug: videos=0 · auth token=present · loading=no'));
    await screenshot(page, 'videos-00-my-videos-empty');
    await page.getByRole('button', { name: 'Upload your first video' }).click();
    await page.getByRole('dialog', { name: 'Upload Video' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await nav.getByRole('link', { name: 'Upload Video' }).click();

    const dialog = page.getByRole('dialog', { name: 'Upload Video' });
    await dialog.waitFor();
    // The page's heading sits behind the modal dialog (hidden from the accessibility tree meanwhile).
    await eventually(async () => expect(await page.locator('h1').innerText()).toBe('Upload Video'));
    await eventually(async () => expect(await page.getByRole('button', { name: 'New Upload' }).count()).toBe(0));
    await dialog.getByText('MP4, MOV, AVI up to 2GB').waitFor();
    // No Upload button before a file is chosen and a title typed.
    await eventually(async () => expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0));
    await screenshot(page, 'videos-01-upload-dialog');
    // A chosen file suggests its name as the title, so the Upload button shows at once.
    await dialog.getByLabel('Video file').setInputFiles(testMedia('vp9-opus.webm'));
    await eventually(async () => expect(await dialog.getByLabel('Title').inputValue()).toBe('vp9-opus'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).waitFor();
  });

  it('refuses a file over 2GB before sending it, and returns to idle when the server refuses one', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    // A sparse file: 2 GiB and one byte on paper, nothing on disk.
    const huge = join(mkdtempSync(join(tmpdir(), 'reelsmith-huge-')), 'huge.mp4');
    execFileSync('truncate', ['-s', String(2 * 1024 ** 3 + 1), huge]);
    await dialog.getByLabel('Video file').setInputFiles(huge);
    await dialog.getByText('The video is larger than 2GB, the most one upload may be.', { exact: false }).waitFor();
    await eventually(async () => expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0));
    await screenshot(page, 'videos-02a-too-large');
    rmSync(huge);

    await dialog.getByLabel('Video file').setInputFiles(testMedia('not-a-video.mp4'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast().getByText('Upload failed').waitFor();
    await toast()
      .getByText(/not a video we can read/)
      .waitFor();
    // Back to idle with the form as it was.
    await dialog.getByRole('button', { name: 'Upload', exact: true }).waitFor();
    await eventually(async () => expect(await dialog.getByLabel('Title').inputValue()).toBe(title));
    await screenshot(page, 'videos-02b-not-a-video');
    forgetExpected(errors, /status of 422/);
  });

  it('uploads the file and shows the real pipeline steps until the video is ready', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Video file').setInputFiles(testMedia('vp9-opus.webm'));
    await dialog.getByText('vp9-opus.webm').waitFor();
    // A blank title keeps the Upload button away.
    await dialog.getByLabel('Title').fill('   ');
    await eventually(async () => expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0));
    await dialog.getByLabel('Title').fill(title);
    await screenshot(page, 'videos-02-file-chosen');

    // Every state each step passes through, recorded as the DOM changes.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __steps: Set<string> }).__steps = seen;
      const record = () =>
        document.querySelectorAll<HTMLElement>('[data-testid^="step-"]').forEach((el) => {
          seen.add(`${el.dataset.testid}:${el.dataset.state}`);
          if (el.dataset.state === 'ready') seen.add(`${el.dataset.testid}:text:${el.textContent}`);
        });
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('upload-processing').waitFor({ timeout: 30_000 });
    // Neither a close button nor Escape can close the dialog while it works.
    await page.keyboard.press('Escape');
    await eventually(async () => expect(await page.getByRole('dialog').count()).toBe(1));
    await screenshot(page, 'videos-03-processing');

    await page.getByTestId('upload-complete').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => [...(window as unknown as { __steps: Set<string> }).__steps]);
    expect(seen).toEqual(
      expect.arrayContaining([
        'step-upload:complete',
        'step-analysis:in-progress',
        'step-validation:complete',
        'step-analysis:complete',
        // No reel exists yet: the last step says the video is ready for highlights, never a false Complete.
        'step-highlights:ready',
      ]),
    );
    expect(seen).not.toContain('step-highlights:complete');
    expect(seen).toContain('step-highlights:text:Creating HighlightsReady for highlights');
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
    // The account has no address yet: one optional step asks where to send "your reel is ready".
    const prompt = page.getByTestId('ready-email-prompt');
    await prompt.getByLabel(/E-mail me when my reel is ready/).fill('not-an-address');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await prompt.getByRole('alert').getByText('Invalid email').waitFor();
    await screenshot(page, 'videos-04-complete');
    await prompt.getByLabel(/E-mail me when my reel is ready/).fill('  creator@example.com ');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('ready-email-saved').getByText('creator@example.com').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('reelsmith.authToken'));
    const settings = await fetch(`${app.baseUrl}/api/user/settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await settings.json()) as { email: string }).email).toBe('creator@example.com');
    forgetExpected(errors, /status of 400/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('lists it in My Videos as processed, with a thumbnail, counts and filters', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    const card = page.getByTestId('video-card').filter({ hasText: title });
    await card.getByText('Ready for highlights').waitFor();
    videoId = (await card.getAttribute('data-video-id'))!;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForFunction((id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-video-id="${id}"] img[data-testid="video-thumbnail"]`);
      return !!img && img.complete && img.naturalWidth > 0;
    }, videoId);
    await eventually(async () => expect((await card.getByTestId('video-card-meta').textContent())?.replace(/\s+/g, '')).toMatch(/^0:03·0\.\d\dMB·Justnow$/));
    await eventually(async () => expect(await page.getByTestId('count-total-value').innerText()).toBe('1'));
    await eventually(async () => expect(await page.getByTestId('count-ready-value').innerText()).toBe('1'));
    await screenshot(page, 'videos-05-my-videos');

    await page.getByLabel('Search videos by title').fill('no such video');
    await page.getByText('No videos match your filters').waitFor();
    await page.getByTestId('videos-debug').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('filter-error').click();
    await page.getByText('No videos match your filters').waitFor();
    await page.getByTestId('filter-processed').click();
    await card.waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('[data-testid="video-list"][data-view="list"]').waitFor();
    await screenshot(page, 'videos-06-my-videos-list');
  });

  it('plays the video on its detail page, seeks, and downloads it under its original name', async () => {
    await page.getByRole('link', { name: `View ${title}` }).click();
    await page.waitForURL(`**/video/${videoId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const details = page.getByTestId('video-details');
    await details.getByText('vp9-opus.webm').waitFor();
    await details.getByText('Ready for highlights').waitFor();
    await eventually(async () => expect(await page.getByTestId('detail-size').innerText()).toMatch(/^0\.\d\d MB$/));
    await eventually(async () => expect(await page.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('75'));
    await eventually(async () => expect(await page.getByRole('slider', { name: 'Seek' }).getAttribute('step')).toBe('0.1'));

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
      return !!video && video.readyState >= 2 && video.currentTime > 0.3;
    });
    await screenshot(page, 'videos-07-detail-playing');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    // Seek with the keyboard: Home, then 20 steps of 0.1 s.
    const seekBar = page.getByRole('slider', { name: 'Seek' });
    await seekBar.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
      return !!video && Math.abs(video.currentTime - 2) < 0.15 && !video.seeking;
    });
    await page.getByTestId('player-time').getByText('0:02 / 0:03').waitFor();

    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/videos/${videoId}/download\\?.*sig=`));
    const disposition = await page.evaluate(async (url) => {
      const res = await fetch(url, { method: 'HEAD' });
      return `${res.status} ${res.headers.get('content-disposition')}`;
    }, href!);
    expect(disposition).toMatch(/^200 attachment; filename="vp9-opus\.webm"/);

    // 'Open in new window' streams in a popup.
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open in new window' }).click()]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toContain(`/api/videos/${videoId}/stream?`);
    await popup.close();
  });

  it("shows 'Video not found' for an id that is not the user's", async () => {
    await page.goto(`${app.baseUrl}/video/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Video not found' }).waitFor();
    const back = page.getByRole('link', { name: 'Back to Dashboard' });
    await eventually(async () => expect(await back.getAttribute('href')).toBe('/dashboard'));
    await screenshot(page, 'videos-08-not-found');
    await page.goto(`${app.baseUrl}/video/not-an-id`);
    await page.getByRole('heading', { name: 'Video not found' }).waitFor();
    forgetExpected(errors, /status of (400|404)/);
    await back.click();
    await page.waitForURL('**/dashboard');
  });

  it('trims a clip on the dashboard that appears and gets processed live', async () => {
    await page.getByRole('button', { name: 'New Upload' }).click();
    await page.getByRole('dialog', { name: 'Upload Video' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('No video selected').first().waitFor();

    // AI Highlights without a selection asks for one.
    await page.getByTestId('action-ai-highlights').click();
    await toast().getByText('No video selected').waitFor();
    await toast().getByText('Please select a video first by clicking on a video card.').waitFor();

    const card = page.locator(`[data-testid="recent-video"][data-video-id="${videoId}"]`);
    await card.click();
    await eventually(async () => expect(await card.getAttribute('aria-pressed')).toBe('true'));
    await page.getByTestId('video-preview').getByTestId('video-player').waitFor();

    // AI Highlights with a selection: the endpoint belongs to another issue, so its answers are
    // stubbed here (a failure, then a success) to check the toasts without starting a generation.
    const highlightsUrl = `**/api/videos/${videoId}/generate-highlights`;
    await page.route(highlightsUrl, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Video not found"}' }), {
      times: 1,
    });
    await page.getByTestId('action-ai-highlights').click();
    await toast().getByText('Failed to generate highlights').waitFor();
    forgetExpected(errors, /status of 404/);
    await page.route(highlightsUrl, (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{}' }), { times: 1 });
    await page.getByTestId('action-ai-highlights').click();
    await toast().getByText('Highlights generation started').waitFor();
    await toast().getByText('AI is analyzing your video to create highlights.').waitFor();
    const trim = page.getByTestId('quick-trim');
    await eventually(async () => expect(await trim.getByLabel('Start').inputValue()).toBe('0:00'));
    await eventually(async () => expect(await trim.getByLabel('End').inputValue()).toBe('0:03'));

    await trim.getByLabel('End').fill('0:00');
    await trim.getByRole('button', { name: 'Apply Trim' }).click();
    await toast().getByText('Invalid trim range').waitFor();
    await toast().getByText('Start time must be before end time.').waitFor();
    await trim.getByLabel('End').fill('0:09');
    await trim.getByRole('button', { name: 'Apply Trim' }).click();
    await toast().getByText('Invalid time range').waitFor();

    await trim.getByLabel('End').fill('0:02');
    await trim.getByRole('button', { name: 'Apply Trim' }).click();
    await toast().getByText('Trim applied').waitFor();
    await toast().getByText('A clip was created from 0:00 to 0:02.').waitFor();
    const clip = page.getByTestId('recent-video').filter({ hasText: clipTitle });
    await clip.waitFor();
    await screenshot(page, 'videos-09-trim-applied');
    await page.locator(`[data-testid="recent-video"][data-status="processed"]`, { hasText: clipTitle }).waitFor({ timeout: 60_000 });
    // Still selected after the list changed.
    await eventually(async () => expect(await card.getAttribute('aria-pressed')).toBe('true'));
    await screenshot(page, 'videos-10-clip-processed');
  });

  it('deletes the clip after confirmation', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await page.getByTestId('video-card').filter({ hasText: clipTitle }).getByText('Ready for highlights').waitFor();
    await eventually(async () => expect(await page.getByTestId('count-total-value').innerText()).toBe('2'));

    await page.getByRole('button', { name: `Delete ${clipTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this video?' });
    await confirm.waitFor();
    await screenshot(page, 'videos-11-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete video' }).click();
    await toast().getByText('Video deleted').waitFor();
    await toast().getByText('The video has been removed from your library.').waitFor();
    await page.getByTestId('video-card').filter({ hasText: clipTitle }).waitFor({ state: 'detached' });
    await eventually(async () => expect(await page.getByTestId('video-card').count()).toBe(1));
    await eventually(async () => expect(await page.getByTestId('count-total-value').innerText()).toBe('1'));
    await screenshot(page, 'videos-12-deleted');
  });

  it('fits a 360 px wide screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const [path, ready, name] of [
      ['/videos', 'video-card', 'videos-13-narrow-my-videos'],
      ['/', 'recent-video', 'videos-14-narrow-dashboard'],
      [`/video/${videoId}`, 'video-details', 'videos-15-narrow-detail'],
    ] as const) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByTestId(ready).first().waitFor();
      if (ready === 'recent-video') {
        // Picking a video brings the preview with Quick Trim into view below the list.
        await page.getByTestId(ready).first().click();
        await page.getByTestId('quick-trim').waitFor();
      }
      await screenshot(page, name);
      await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    }
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
