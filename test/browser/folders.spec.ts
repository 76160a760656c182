import type { Page } from 'playwright-core';
import { api as request } from '../system/api';
import { uploadVideo, waitForVideo } from '../system/videos';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * Folders on My Videos against the real stack: creating one (with the blank-name rule), moving a
 * video from its card's menu and another by dragging its card onto the folder, the folder view with
 * 'Back to All Videos', editing, and deleting the folder while its videos stay.
 */
jest.setTimeout(90_000);

describe('video folders on My Videos in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  const videoIds: Record<string, string> = {};
  const folderName = 'Summer weddings';

  const toast = () => page.getByTestId('toast').last();
  const api = (method: string, path: string, body?: unknown) => request(app.baseUrl, method, path, { token, body });
  const card = (title: string) => page.getByTestId('video-card').filter({ has: page.getByRole('heading', { name: title }) });
  const waitForApi = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('signs up with two processed videos and shows the Folders tab empty', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Folders'), 'folder-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    for (const title of ['Ceremony', 'First dance']) {
      const created = await uploadVideo(app.baseUrl, token, 'h264-aac.mp4', { title });
      expect(created.status).toBe(200);
      videoIds[title] = created.json.id;
      await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.status === 'processed');
    }

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await card('Ceremony').waitFor();
    await page.getByRole('tab', { name: /Folders/ }).click();
    await page.getByRole('heading', { name: 'No folders yet' }).waitFor();
    await screenshot(page, 'folders-01-no-folders-yet');
  });

  it('refuses a blank name, then creates a folder with a description and a palette colour', async () => {
    await page.getByRole('button', { name: 'Create First Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Folder' });
    await dialog.waitFor();
    await eventually(async () => expect(await dialog.getByRole('radio').count()).toBe(10));
    await eventually(async () => expect(await dialog.getByRole('radio', { name: 'Orange' }).getAttribute('aria-checked')).toBe('true'));

    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await toast().getByText('Invalid folder name').waitFor();
    await toast().getByText('Please enter a folder name.').waitFor();
    expect((await api('GET', '/api/video-folders')).json).toEqual([]);

    await dialog.getByLabel('Name').fill(`  ${folderName} `);
    await dialog.getByLabel(/Description/).fill('  Ceremonies and first dances  ');
    await dialog.getByRole('radio', { name: 'Violet' }).click();
    await screenshot(page, 'folders-02-new-folder-dialog');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await toast().getByText('Folder created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const folderCard = page.getByTestId('folder-card');
    await folderCard.waitFor();
    await eventually(async () => expect(await folderCard.getByTestId('folder-card-name').innerText()).toBe(folderName));
    await eventually(async () => expect(await folderCard.getByTestId('folder-card-description').innerText()).toBe('Ceremonies and first dances'));
    await folderCard.getByText('Click to view videos').waitFor();
    await eventually(async () =>
      expect(await folderCard.getByTestId('folder-color-dot').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(139, 92, 246)'),
    );
    await folderCard.getByRole('button', { name: `Edit ${folderName}` }).waitFor();
    await folderCard.getByRole('button', { name: `Delete ${folderName}` }).waitFor();
    const [stored] = (await api('GET', '/api/video-folders')).json;
    expect(stored).toMatchObject({ name: folderName, description: 'Ceremonies and first dances', color: '#8b5cf6' });
    await screenshot(page, 'folders-03-folder-card');
  });

  it('moves a video from its card’s menu into the folder', async () => {
    await page.getByRole('tab', { name: /Videos/ }).click();
    const ceremony = card('Ceremony');
    await ceremony.getByRole('button', { name: 'Move Ceremony to folder' }).click();
    const menu = page.getByRole('menu', { name: 'Move to folder' });
    await menu.waitFor();
    await eventually(async () => expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual(['Library', folderName]));
    await eventually(async () => expect(await menu.getByRole('menuitemradio', { name: 'Library' }).getAttribute('aria-checked')).toBe('true'));
    await screenshot(page, 'folders-04-move-menu');
    await menu.getByRole('menuitemradio', { name: folderName }).click();
    await toast().getByText('Video moved').waitFor();
    await ceremony.getByTestId('video-card-folder').getByText(folderName).waitFor();
    expect((await api('GET', `/api/videos/${videoIds.Ceremony}`)).json.folderId).toBe((await api('GET', '/api/video-folders')).json[0].id);
  });

  it('names a card’s icon actions in a tooltip, on hover and on keyboard focus (its code loads after the page)', async () => {
    const ceremony = card('Ceremony');
    await ceremony.getByRole('button', { name: 'Move Ceremony to folder' }).hover();
    await page.getByRole('tooltip', { name: 'Move to folder' }).waitFor();
    await page.mouse.move(0, 0);
    await page.mouse.move(5, 5);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await ceremony.getByRole('link', { name: 'View Ceremony' }).focus();
    await page.getByRole('tooltip', { name: 'View' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
  });

  it('moves another video by dragging its card onto the folder', async () => {
    const target = page.getByTestId('folder-strip').getByRole('button', { name: new RegExp(folderName) });
    await card('First dance').dragTo(target);
    await toast().getByText('Video moved').waitFor();
    await card('First dance').getByTestId('video-card-folder').waitFor();
    const folderId = (await api('GET', '/api/video-folders')).json[0].id;
    await waitForApi(async () => (await api('GET', `/api/videos/${videoIds['First dance']}`)).json.folderId === folderId, 'the dragged video to move');
    await screenshot(page, 'folders-05-videos-with-folder');
  });

  it('opens the folder from its card: its videos, on the Videos tab, with Back to All Videos', async () => {
    await page.getByRole('tab', { name: /Folders/ }).click();
    const folderCard = page.getByTestId('folder-card');
    await folderCard.getByTestId('folder-card-count').getByText('2 videos').waitFor();
    await folderCard.getByRole('button', { name: `Open ${folderName}` }).click();

    await eventually(async () => expect(await page.getByRole('tab', { name: /Videos/ }).getAttribute('aria-selected')).toBe('true'));
    await page.getByTestId('folder-view').waitFor();
    await eventually(async () => expect(await page.getByTestId('folder-view-name').innerText()).toBe(folderName));
    await page.getByRole('button', { name: 'Back to All Videos' }).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="video-card"]').length === 2);
    await eventually(async () => expect((await page.getByTestId('video-card-title').allInnerTexts()).sort()).toEqual(['Ceremony', 'First dance']));
    await screenshot(page, 'folders-06-folder-view');

    // Back to the library from inside the folder: the card leaves the folder view.
    await card('First dance').getByRole('button', { name: 'Move First dance to folder' }).click();
    await page.getByRole('menu', { name: 'Move to folder' }).getByRole('menuitemradio', { name: 'Library' }).click();
    await toast().getByText('Video moved to library').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="video-card"]').length === 1);
    expect((await api('GET', `/api/videos/${videoIds['First dance']}`)).json.folderId).toBeNull();

    await page.getByRole('button', { name: 'Back to All Videos' }).first().click();
    await page.getByTestId('folder-view').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="video-card"]').length === 2);
  });

  it('edits the folder; a blank name changes nothing', async () => {
    await page.getByRole('tab', { name: /Folders/ }).click();
    await page.getByRole('button', { name: `Edit ${folderName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Folder' });
    await eventually(async () => expect(await dialog.getByLabel('Name').inputValue()).toBe(folderName));
    await eventually(async () => expect(await dialog.getByRole('radio', { name: 'Violet' }).getAttribute('aria-checked')).toBe('true'));
    await dialog.getByLabel('Name').fill('  ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast().getByText('Please enter a folder name.').waitFor();
    expect((await api('GET', '/api/video-folders')).json[0]).toMatchObject({ name: folderName, color: '#8b5cf6' });

    await dialog.getByLabel('Name').fill(folderName);
    await dialog.getByRole('radio', { name: 'Cyan' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast().getByText('Folder updated').waitFor();
    expect((await api('GET', '/api/video-folders')).json[0].color).toBe('#06b6d4');
  });

  it('fits a 360 px wide screen, on both tabs', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByTestId('video-card').first().waitFor();
    await page.getByTestId('folder-strip').waitFor();
    await screenshot(page, 'folders-09-narrow-videos');
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    await page.getByRole('tab', { name: /Folders/ }).click();
    await page.getByTestId('folder-card').waitFor();
    await screenshot(page, 'folders-10-narrow-folders');
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('deletes the folder after a confirmation that keeps its videos', async () => {
    await page.getByRole('button', { name: `Delete ${folderName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this folder?' });
    await dialog.getByText(/The videos inside are not deleted/).waitFor();
    await screenshot(page, 'folders-07-delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete folder' }).click();
    await toast().getByText('Folder deleted').waitFor();
    await page.getByRole('heading', { name: 'No folders yet' }).waitFor();
    expect((await api('GET', '/api/video-folders')).json).toEqual([]);

    await waitForApi(async () => (await api('GET', `/api/videos/${videoIds.Ceremony}`)).json.folderId === null, 'the video to return to the library');
    const ceremony = (await api('GET', `/api/videos/${videoIds.Ceremony}`)).json;
    expect(ceremony).toMatchObject({ title: 'Ceremony', status: 'processed', folderId: null });

    await page.getByRole('tab', { name: /Videos/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="video-card"]').length === 2);
    await eventually(async () => expect(await page.getByTestId('video-card-folder').count()).toBe(0));
    await screenshot(page, 'folders-08-after-delete');
  });
});
