import type { Page } from 'playwright-core';
import { type BrowserSession, eventually, openApp, screenshot } from '../support/browser';
import { type RunningApp, uniqueUsername } from '../support/stack';

const SIDEBAR = ['Dashboard', 'Upload Video', 'Bulk Processing', 'Video Editor', 'Demo', 'My Videos', 'Settings'];

describe('signing up, in and out in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  const username = uniqueUsername('Creator');
  const password = 'reel-secret-1';

  beforeAll(async () => {
    session = await openApp();
    ({ app, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('shows the sign-in page to a visitor, with validation messages from the spec', async () => {
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await screenshot(page, '01-sign-in');

    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await screenshot(page, '02-sign-in-validation');
  });

  it('creates an account and lands in the app with the sidebar in spec order', async () => {
    await page
      .getByRole('button', { name: /create (an )?account/i })
      .first()
      .click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText("Passwords don't match").waitFor();
    await screenshot(page, '03-create-account-mismatch');

    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(username).waitFor();
    await sidebar.getByText('Creator', { exact: true }).waitFor();

    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
    expect(links.map((t) => t.trim())).toEqual(SIDEBAR);
    await eventually(async () => expect(await page.evaluate(() => localStorage.getItem('reelsmith.authToken'))).toMatch(/^ey/));
    await screenshot(page, '04-signed-in-dashboard');
  });

  it('stays signed in after a reload, and highlights the current route', async () => {
    await page.goto(`${app.baseUrl}/videos`);
    await page.getByTestId('sidebar').getByText(username).waitFor();
    await page.getByRole('heading', { name: 'My Videos' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    await eventually(async () => expect((await current.innerText()).trim()).toBe('My Videos'));
    await screenshot(page, '05-my-videos-after-reload');
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.getByText('Page Not Found').waitFor();
    await screenshot(page, '06-not-found');
  });

  it('signs out on the client and shows the sign-in page again', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await eventually(async () => expect(await page.evaluate(() => localStorage.getItem('reelsmith.authToken'))).toBeNull());
  });

  it('refuses a wrong password with the server message, then signs in', async () => {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid username or password').waitFor();
    await screenshot(page, '07-sign-in-wrong-password');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Success reloads the page after a second; the app then opens signed in.
    await page.getByTestId('sidebar').getByText(username).waitFor({ timeout: 10_000 });
    await screenshot(page, '08-signed-in-again');
  });
});
