import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { api as request } from '../system/api';
import { subscribe, uploadVideo, waitForVideo } from '../system/videos';
import { type BrowserSession, collectPageErrors, eventually, expectFitsWidth, forgetExpected, openApp, screenshot, signUpInPage } from '../support/browser';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * Team folders in Chromium: a Pro owner shares a folder from its Team dialog; the teammate (on
 * Rookie) finds it under Shared with you, watches its video without the owner's actions, sees the
 * Pro upsell on a folder of their own, and leaves after confirming.
 */
jest.setTimeout(120_000);

describe('team folders in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let mateContext: BrowserContext;
  let matePage: Page;
  let mateErrors: string[];
  let ownerToken = '';
  let mateToken = '';
  const mate = { username: uniqueUsername('mate'), password: 'mate-secret-1' };
  let folderId = '';
  let videoId = '';

  const api = (token: string, method: string, path: string, body?: unknown) => request(app.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
    const registered = await api('', 'POST', '/api/auth/register', { username: mate.username, password: mate.password });
    mateToken = registered.json.token;
    await subscribe(app.baseUrl, mateToken, 'rookie');
    mateContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    matePage = await mateContext.newPage();
    mateErrors = collectPageErrors(matePage);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
    expect(mateErrors).toEqual([]);
  });

  it('the owner shares a folder with a teammate from its Team dialog', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpInPage(page, app.baseUrl, uniqueUsername('Owner'), 'owner-secret-1');
    ownerToken = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    folderId = (await api(ownerToken, 'POST', '/api/video-folders', { name: 'Club final', description: 'Saturday’s match', color: '#3b82f6' })).json.id;
    const uploaded = await uploadVideo(app.baseUrl, ownerToken, 'h264-aac.mp4', { title: 'Final, second half' });
    videoId = uploaded.json.id;
    await waitForVideo(app.baseUrl, ownerToken, videoId, (v) => v.status === 'processed');
    await api(ownerToken, 'PATCH', `/api/videos/${videoId}`, { folderId });
    await page.reload();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await page.getByRole('tab', { name: /Folders/ }).click();
    await page.getByRole('button', { name: 'Open Club final' }).click();
    await page.getByTestId('folder-team').click();
    const dialog = page.getByRole('dialog', { name: /Share “Club final” with your team/ });
    await dialog.getByTestId('team-empty').waitFor();

    await dialog.getByLabel('Teammate’s username').fill('nobody-called-this');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('toast').last().getByText('No Reelsmith user is called “nobody-called-this”.').waitFor();
    forgetExpected(errors, /status of 404/);

    await dialog.getByLabel('Teammate’s username').fill(mate.username);
    await dialog.getByRole('button', { name: 'Add' }).dblclick();
    await dialog.getByTestId('team-member').getByText(mate.username).waitFor();
    await eventually(async () => expect(await dialog.getByLabel('Teammate’s username').inputValue()).toBe(''));
    const members = (await api(ownerToken, 'GET', `/api/video-folders/${folderId}/members`)).json.members;
    expect(members.map((m: { username: string }) => m.username)).toEqual([mate.username]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'team-01-owner-team-dialog');
    await page.keyboard.press('Escape');
  });

  it('the teammate finds it under Shared with you and watches its video without the owner’s actions', async () => {
    await matePage.goto(`${app.baseUrl}/`);
    await matePage.getByLabel('Username').fill(mate.username);
    await matePage.getByLabel('Password').fill(mate.password);
    await matePage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await matePage.getByTestId('sidebar').getByText(mate.username).waitFor({ timeout: 10_000 });

    await matePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    // On the Videos tab too: the strip of folders opens it, though the teammate's own library is empty.
    await matePage
      .getByTestId('folder-strip')
      .getByRole('button', { name: /Club final/ })
      .waitFor();
    await matePage.getByRole('tab', { name: /Folders/ }).click();
    const shared = matePage.getByTestId('shared-folder-card');
    await shared.getByText(/^Shared by /).waitFor();
    await screenshot(matePage, 'team-02-shared-with-you');
    await shared.getByRole('button', { name: /Open Club final/ }).click();
    await matePage.getByTestId('folder-view-shared-by').waitFor();
    const card = matePage.getByTestId('video-card').filter({ hasText: 'Final, second half' });
    await card.getByTestId('video-card-shared').waitFor();
    expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /Move/ }).count()).toBe(0);
    expect(await seriousViolations(matePage)).toEqual([]);
    await screenshot(matePage, 'team-03-shared-folder');

    await card.getByRole('link', { name: 'View Final, second half' }).click();
    await matePage.getByRole('heading', { name: 'Final, second half', level: 1 }).waitFor();
    await matePage.getByText('Shared with you in a team folder').waitFor();
    await eventually(async () =>
      expect(
        await matePage
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.readyState),
      ).toBeGreaterThan(0),
    );
    await screenshot(matePage, 'team-04-shared-video');
    await matePage.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(matePage);
    expect(await seriousViolations(matePage)).toEqual([]);
    await screenshot(matePage, 'team-05-shared-video-phone');
    await matePage.setViewportSize({ width: 1440, height: 900 });
  });

  it('a Rookie teammate sees that sharing their own folder is Pro', async () => {
    await api(mateToken, 'POST', '/api/video-folders', { name: 'My clips' });
    await matePage.reload();
    await matePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await matePage.getByRole('tab', { name: /Folders/ }).click();
    await matePage.getByRole('button', { name: 'Open My clips' }).click();
    await matePage.getByTestId('folder-team').click();
    const upsell = matePage.getByTestId('team-upgrade');
    await upsell.getByText('Team folders are part of Pro.').waitFor();
    expect(await matePage.getByTestId('team-add').count()).toBe(0);
    await matePage.keyboard.press('Escape');
    await matePage.getByTestId('back-to-all-videos').click();
  });

  it('the teammate leaves after confirming, on a phone too', async () => {
    await matePage.setViewportSize({ width: 390, height: 844 });
    await matePage.getByRole('tab', { name: /Folders/ }).click();
    await matePage
      .getByTestId('shared-folder-card')
      .getByRole('button', { name: /Open Club final/ })
      .click();
    await matePage.getByTestId('folder-leave').click();
    const confirm = matePage.getByTestId('leave-folder-dialog');
    await confirm.getByText('You will no longer see “Club final”').waitFor();
    await expectFitsWidth(matePage);
    await screenshot(matePage, 'team-06-leave-confirm-phone');
    await matePage.getByTestId('leave-folder-confirm').click();
    await matePage.getByTestId('toast').last().getByText('You left the folder').waitFor();
    await eventually(async () => expect((await api(mateToken, 'GET', '/api/video-folders/shared')).json).toEqual([]));
    expect((await api(mateToken, 'GET', `/api/videos/${videoId}`)).status).toBe(404);
    expect((await api(ownerToken, 'GET', `/api/video-folders/${folderId}/members`)).json.members).toEqual([]);
  });
});
