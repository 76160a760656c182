import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { colourSegmentsClip } from '../support/colour-segments';
import { type RunningApp, uniqueUsername } from '../support/stack';

/** The reel's "Project file" menu in Chromium: at 1366 px with a mouse and the keyboard, and at 390 px. */
jest.setTimeout(120_000);

describe('project files from the reel page', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
  }, 300_000);
  afterAll(async () => {
    await session?.close();
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('makes a ready reel of a signed-up user', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Projects'), 'project-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const clip = colourSegmentsClip();
    const bytes = readFileSync(clip.file);
    const { json: upload } = await api('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const created = await api('PUT', '/api/videos/complete-upload', {
      videoURL: upload.uploadURL,
      title: 'Colour segments',
      originalFilename: 'colours.mp4',
      fileSize: bytes.length,
      duration: clip.duration,
    });
    videoId = created.json.id;
    await eventually(async () => expect((await api('GET', `/api/videos/${videoId}`)).json.status).toBe('processed'), { timeoutMs: 60_000, intervalMs: 500 });
    const queued = await api('POST', `/api/videos/${videoId}/generate-highlights`, { targetLength: 15, quality: '480p' });
    expect(queued.status).toBe(202);
    await eventually(async () => expect((await api('GET', `/api/highlights/${queued.json.id}`)).json.status).toBe('ready'), {
      timeoutMs: 90_000,
      intervalMs: 500,
    });
  });

  it('offers the four formats beside Download and saves the one picked under the name the server gives', async () => {
    await page.goto(`${app.baseUrl}/video/${videoId}`);
    const viewer = page.getByTestId('highlight-viewer');
    await viewer.and(page.locator('[data-status="ready"]')).waitFor();
    const button = viewer.getByRole('button', { name: 'Project file' });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Download a project file' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'EDLPremiere Pro, DaVinci Resolve, Avid',
      'FCPXMLFinal Cut Pro, DaVinci Resolve',
      'MLTShotcut, Kdenlive',
      'JSONMoments, crop path and music as data',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-files-01-menu');

    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /^MLT/ }).click()]);
    expect(download.suggestedFilename()).toBe('Colour-segments-reel-1.mlt');
    const mlt = readFileSync((await download.path())!, 'utf8');
    expect(mlt).toContain('<property name="resource">colours.mp4</property>');
    expect(mlt).toContain('frame_rate_num="30000" frame_rate_den="1001"');
    expect(await menu.count()).toBe(0);
  });

  it('works from the keyboard: arrows move through the formats, Escape closes and gives focus back', async () => {
    const button = page.getByTestId('highlight-viewer').getByRole('button', { name: 'Project file' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Download a project file' });
    await menu.waitFor();
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('project-file-edl'));
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('project-file-fcpxml');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('project-file-json');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('Colour-segments-reel-1.json');
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8'))).toMatchObject({
      format: 'reelsmith-project',
      source: { originalFilename: 'colours.mp4' },
    });
    await button.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('project-file-button');
  });

  it('fits a 390 px phone screen and downloads by touch', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const button = page.getByTestId('highlight-viewer').getByRole('button', { name: 'Project file' });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const menu = page.getByRole('menu', { name: 'Download a project file' });
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const item of await menu.getByRole('menuitem').all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-files-02-phone');
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /^EDL/ }).click()]);
    expect(download.suggestedFilename()).toBe('Colour-segments-reel-1.edl');
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^TITLE: Colour segments\r\nFCM: DROP FRAME\r\n/);
  });
});
