import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { testMedia } from '../support/media';
import { uniqueUsername } from '../support/stack';

/**
 * A video whose processing fails for the last time (the worker's WORK_DIR is gone) shows 'error'
 * with its reason and a Retry button, live over SSE, on My Videos and on its page (once, on the
 * desktop's and on the phone's); Retry brings the progress back and ends processed.
 */
jest.setTimeout(240_000);

const REASON = 'The video could not be processed: the server could not use its working folder. This is not a problem with your video; press Retry later.';

describe('a failed video and its Retry in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  const root = mkdtempSync(join(tmpdir(), 'reelsmith-browser-failures-'));
  const workDir = join(root, 'work');

  beforeAll(async () => {
    mkdirSync(workDir);
    session = await openApp({ still: true, env: { WORK_DIR: workDir, JOB_MAX_DELIVER: '2', JOB_ACK_WAIT_SECONDS: '3' } });
    ({ page } = session);
  }, 300_000);

  afterAll(async () => {
    await session?.close();
    rmSync(root, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(session.errors).toEqual([]);
  });

  /** What the upload dialog does, from the page with its own token. */
  async function uploadFromPage(title: string): Promise<string> {
    const bytes = [...readFileSync(testMedia('h264-aac.mp4'))];
    return page.evaluate(
      async ({ bytes, title }) => {
        const token = localStorage.getItem('reelsmith.authToken');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const { uploadURL } = await (await fetch('/api/objects/upload', { method: 'POST', headers })).json();
        const body = new Uint8Array(bytes);
        await fetch(uploadURL, { method: 'PUT', body });
        const res = await fetch('/api/videos/complete-upload', {
          method: 'PUT',
          headers,
          body: JSON.stringify({ videoURL: uploadURL, title, originalFilename: 'final.mp4', fileSize: body.length, duration: 4 }),
        });
        return (await res.json()).id as string;
      },
      { bytes, title },
    );
  }

  it('shows the failure live on My Videos with the reason and Retry', async () => {
    await signUpInPage(page, session.app.baseUrl, uniqueUsername('Fail'), 'reel-secret-1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await page.getByRole('heading', { name: 'No videos yet' }).waitFor();

    rmSync(workDir, { recursive: true, force: true });
    const id = await uploadFromPage('Cup final');
    const card = page.locator(`[data-testid="video-card"][data-video-id="${id}"]`);
    await card.and(page.locator('[data-status="error"]')).waitFor({ timeout: 90_000 });
    await eventually(async () => expect(await card.getByTestId('video-card-error').innerText()).toBe(REASON));
    await eventually(async () => expect(await card.getByTestId('video-status').innerText()).toBe('Error'));
    await card.getByRole('button', { name: 'Retry processing Cup final' }).waitFor();
    await screenshot(page, 'failures-01-card-error-with-retry');
  });

  it('shows the reason and Retry on the video page, and Retry processes it', async () => {
    const card = page.getByTestId('video-card').first();
    await card.getByRole('link', { name: 'View Cup final' }).click();
    await page.getByTestId('player-error').waitFor();
    await eventually(async () => expect(await page.getByTestId('player-error').innerText()).toBe(REASON));
    // Said once on the page, on the player.
    await eventually(async () => expect(await page.getByText(REASON, { exact: true }).count()).toBe(1));
    await screenshot(page, 'failures-02-page-error-with-retry');

    // The phone's page of the same video says it once too, on its player, with Retry beside it.
    const desktopUrl = page.url();
    await page.goto(`${session.app.baseUrl}/mobile/video/${desktopUrl.split('/').pop()}`);
    await page.getByTestId('mobile-video-page').getByTestId('player-error').waitFor();
    await eventually(async () => expect(await page.getByTestId('player-error').innerText()).toBe(REASON));
    await eventually(async () => expect(await page.getByText(REASON, { exact: true }).count()).toBe(1));
    await page.getByRole('button', { name: 'Retry processing Cup final' }).waitFor();
    await screenshot(page, 'failures-02b-phone-page-error-with-retry');
    await page.goto(desktopUrl);
    await page.getByTestId('player-error').waitFor();

    mkdirSync(workDir);
    await page.getByRole('button', { name: 'Retry processing Cup final' }).click();
    await page.getByTestId('toast').last().getByText('Processing restarted').waitFor();
    // The status leaves 'error' at once; the live stream then takes it to processed.
    await page.locator('[data-testid="video-status"]:not([data-status="error"])').waitFor();
    await page.locator('[data-testid="video-status"][data-status="processed"]').waitFor({ timeout: 90_000 });
    await eventually(async () => expect(await page.getByTestId('player-error').count()).toBe(0));
    await eventually(async () => expect(await page.getByTestId('retry-video').count()).toBe(0));
    await screenshot(page, 'failures-03-page-processed-after-retry');
  });
});
