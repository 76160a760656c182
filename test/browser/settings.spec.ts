import type { Page } from 'playwright-core';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { TestSmtpServer } from '../support/smtp';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * /settings against the real stack and a real SMTP server: the saved settings fill the form, Save
 * Changes keeps them across a reload, Cancel throws edits away, a bad e-mail shows the server's
 * words, the test e-mail arrives and shows in the notification history; at 1440 px and 360 px.
 */
jest.setTimeout(90_000);

describe('settings page in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let smtp: TestSmtpServer;

  const toast = () => page.getByTestId('toast').last();
  const toggle = (name: string) => page.getByRole('switch', { name });

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    session = await openApp({ still: true, env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '200' } });
    ({ app, page, errors } = session);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await session?.close();
    await smtp?.stop();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('shows the defaults: three e-mails on, the digest and both privacy options off, no test e-mail without an address', async () => {
    await signUpInPage(page, app.baseUrl, uniqueUsername('Settings'), 'settings-secret-1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByTestId('mail-history-empty').waitFor();
    for (const name of ['Upload confirmation', 'Highlight completion', 'Processing errors'])
      await eventually(async () => expect(await toggle(name).isChecked()).toBe(true));
    for (const name of ['Weekly digest', 'Auto-delete after 30 days', 'Public highlights'])
      await eventually(async () => expect(await toggle(name).isChecked()).toBe(false));
    await eventually(async () => expect(await page.getByLabel('Full name').inputValue()).toBe(''));
    await eventually(async () => expect(await page.getByRole('button', { name: 'Send Test Email' }).isDisabled()).toBe(true));
    await screenshot(page, 'settings-1440-defaults');
  });

  it("refuses a bad e-mail with the server's message, saves good settings and keeps them across a reload", async () => {
    await page.getByLabel('Full name').fill('  Ann Lee ');
    await page.getByLabel('E-mail', { exact: true }).fill('ann-at-example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast().getByText('Failed to update settings').waitFor();
    await toast().getByText('Invalid email').waitFor();
    // The refused PATCH is the one error Chromium logs here.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    errors.splice(0);

    await page.getByLabel('E-mail', { exact: true }).fill('ann@example.com');
    await toggle('Weekly digest').check();
    await toggle('Upload confirmation').uncheck();
    await toggle('Auto-delete after 30 days').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast().getByText('Settings updated').waitFor();
    await toast().getByText('Your preferences have been saved successfully.').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.waitForFunction(() => (document.getElementById('settings-email') as HTMLInputElement | null)?.value === 'ann@example.com');
    await eventually(async () => expect(await page.getByLabel('Full name').inputValue()).toBe('Ann Lee'));
    await eventually(async () => expect(await toggle('Weekly digest').isChecked()).toBe(true));
    await eventually(async () => expect(await toggle('Upload confirmation').isChecked()).toBe(false));
    await eventually(async () => expect(await toggle('Auto-delete after 30 days').isChecked()).toBe(true));
    await eventually(async () => expect(await toggle('Public highlights').isChecked()).toBe(false));
  });

  it('Cancel reloads the saved settings, dropping unsaved edits', async () => {
    await page.getByLabel('Full name').fill('Somebody else');
    await toggle('Processing errors').uncheck();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForFunction(() => (document.getElementById('settings-name') as HTMLInputElement | null)?.value === 'Ann Lee');
    await eventually(async () => expect(await toggle('Processing errors').isChecked()).toBe(true));
  });

  it('sends a test e-mail of the chosen type, which arrives and shows in the history', async () => {
    await page.getByLabel('E-mail type').selectOption('highlight');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await toast().getByText('Test email sent').waitFor();
    await toast().getByText('Test highlight e-mail sent to ann@example.com').waitFor();
    const [mail] = await smtp.waitFor('ann@example.com');
    expect(mail.subject).toBe('[Test] Your highlight reel of "Sample match" is ready');
    expect(mail.text).toContain('Hi Ann Lee,');
    const history = page.getByTestId('mail-history');
    await history.getByText('[Test] Your highlight reel of "Sample match" is ready').waitFor();
    await history.getByText('Sent', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Notification history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-1440-saved-and-sent');
  });

  it('fits a 360 px wide screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.waitForFunction(() => (document.getElementById('settings-email') as HTMLInputElement | null)?.value === 'ann@example.com');
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    for (const name of ['Save Changes', 'Send Test Email']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await page.getByLabel('E-mail type').selectOption('error');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await toast().getByText('Test error e-mail sent to ann@example.com').waitFor();
    await smtp.waitFor('ann@example.com', 2);
    await screenshot(page, 'settings-360-top');
    await page.getByRole('heading', { name: 'Notification history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-360-history');
  });
});
