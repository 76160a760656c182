import type { Page } from 'playwright-core';
import { IPHONE_UA } from '../support/a11y';
import { type BrowserSession, collectPageErrors, eventually, forgetExpected, openApp, screenshot, signUpInPage } from '../support/browser';
import { testMedia } from '../support/media';
import { uniqueUsername } from '../support/stack';
import { seriousViolations } from '../support/a11y';

/**
 * A new account through the paid path in Chromium, against the local Stripe server: upload
 * refused without a plan (to /pricing), pricing with its toggle, /subscribe with the declined and
 * then the succeeding test card, the webhook-driven activation, then an upload; every screen at 360 px too.
 */
jest.setTimeout(120_000);

describe('pricing -> subscribe -> upload in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  let errors: string[];
  const narrow = async (name: string) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, `${name}-360`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 860 });
  };

  beforeAll(async () => {
    testMedia('h264-aac.mp4');
    session = await openApp({ still: true });
    ({ page, errors } = session);
  });
  afterAll(async () => {
    await session?.close();
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('a new account has no plan: Upload leads to the plans before anything is filled in', async () => {
    await signUpInPage(page, session.app.baseUrl, uniqueUsername('Pay'), 'pay-secret-1', { plan: null });
    await page.getByTestId('sidebar-plan').getByText('No plan').waitFor();
    await page.getByTestId('marketing').getByText('10,000+').waitFor();
    await screenshot(page, 'billing-01-dashboard-marketing');
    await narrow('billing-01-dashboard');
    await page.goto(`${session.app.baseUrl}/upload`);
    const dialog = page.getByRole('dialog', { name: 'Uploads need a plan' });
    // Billing's reason, its page path shown as a link named after the page.
    await dialog.getByText(/There is no free tier: choose Rookie or Pro at Pricing/).waitFor();
    expect(await dialog.getByLabel('Title').count()).toBe(0);
    expect(await dialog.innerText()).not.toContain('/pricing');
    await screenshot(page, 'billing-01b-upload-needs-plan');
    await dialog.getByTestId('upload-see-plans').click();
    await page.waitForURL(/\/pricing$/);
  });

  it('pricing shows the banner, both plans and the yearly prices', async () => {
    await page.getByText('NO FREE TIER - Premium Quality Only').waitFor();
    await eventually(async () => expect(await page.getByTestId('price-rookie').innerText()).toBe('$4.99/month'));
    // 'Save 20%' stays inside the monthly/yearly toggle, in the header's row of actions too.
    for (const width of [1366, 1024, 768, 360]) {
      await page.setViewportSize({ width, height: 860 });
      const clipped = await page.getByTestId('interval-toggle').evaluate((toggle) => {
        const box = toggle.querySelector('div')!.getBoundingClientRect();
        const spans = Array.from(toggle.querySelectorAll('label span'));
        return spans.filter((s) => s.getBoundingClientRect().right > box.right + 0.5 || s.scrollWidth > s.clientWidth).map((s) => s.textContent);
      });
      expect(clipped).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await page.getByTestId('price-rookie').getByText('$48/year').waitFor();
    await eventually(async () => expect(await page.getByTestId('price-pro').innerText()).toBe('$96/year'));
    await eventually(async () => expect(await page.locator('details').count()).toBe(5));
    await screenshot(page, 'billing-02-pricing-yearly');
    await narrow('billing-02-pricing');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await page.getByTestId('price-rookie').getByText('$4.99/month').waitFor();
    await page.getByRole('link', { name: 'Start with Rookie' }).click();
    await page.waitForURL(/\/subscribe\?plan=rookie$/);
  });

  it('the declined card shows the error and leaves no plan; the succeeding card activates Rookie', async () => {
    const form = page.getByTestId('test-payment-form');
    await form.getByText('Test mode').waitFor();
    await eventually(async () => expect(await page.getByTestId('subscribe-price').innerText()).toBe('$4.99/month'));
    await screenshot(page, 'billing-03-subscribe');
    await narrow('billing-03-subscribe');
    await form.getByRole('button', { name: /declined test card/ }).click();
    await form.getByRole('alert').getByText('Your card was declined.').waitFor();
    await screenshot(page, 'billing-04-declined');
    forgetExpected(errors, /status of 402/);
    await page.getByTestId('sidebar-plan').getByText('No plan').waitFor();

    await form.getByRole('button', { name: /Pay with test card/ }).click();
    await page.getByText('Your Rookie plan is active.').waitFor();
    await page.getByTestId('sidebar-plan').getByText('Rookie plan').waitFor();
    await screenshot(page, 'billing-05-active');
  });

  it('then uploads a video, and the Billing section counts it', async () => {
    await page.getByRole('link', { name: 'Upload a video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video' });
    await dialog.getByLabel('Title').fill('Cup final');
    await dialog.getByLabel('Video file').setInputFiles(testMedia('h264-aac.mp4'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('upload-complete').waitFor({ timeout: 60_000 });
    await screenshot(page, 'billing-06-uploaded');
    await page.goto(`${session.app.baseUrl}/settings`);
    const section = page.getByTestId('billing-section');
    await section.getByText('Uploads this month: 1 of 5').waitFor();
    await section.getByText('$4.99').waitFor();
    await screenshot(page, 'billing-07-settings');
    await narrow('billing-07-settings');
    // Cancelling asks first, at 390 and 1440 px; keeping the plan changes nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByRole('button', { name: 'Cancel at period end' }).click();
    const confirm = page.getByTestId('cancel-plan-dialog');
    await confirm.getByText('Cancel your plan?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'billing-08-cancel-confirm-390');
    await confirm.getByRole('button', { name: 'Keep my plan' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await section.getByText(/Renews on/).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await section.getByRole('button', { name: 'Cancel at period end' }).click();
    await confirm.getByText('Cancel your plan?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('cancel-plan-confirm').click();
    await section.getByText(/Ends on/).waitFor();
    await section.getByRole('button', { name: 'Resume subscription' }).click();
    await section.getByText(/Renews on/).waitFor();
  });

  it('/pricing shows Rookie as the current plan, not as something to buy, at 390 px and on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.app.baseUrl}/pricing`);
    await page.getByTestId('plan-rookie').getByTestId('current-plan').getByText('Your current plan').waitFor();
    expect(await page.getByRole('link', { name: 'Start with Rookie' }).count()).toBe(0);
    await page.getByTestId('plan-pro').getByRole('link', { name: 'Switch to Pro in Settings' }).waitFor();
    await screenshot(page, 'billing-05b-pricing-current-390');
    await page.setViewportSize({ width: 1366, height: 860 });

    // A phone lands on the phone app's plans (/mobile/subscribe), which says the same.
    const token = await page.evaluate(() => localStorage.getItem('reelsmith.authToken'));
    const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    const phoneErrors = collectPageErrors(phonePage);
    await phonePage.goto(`${session.app.baseUrl}/healthz`);
    await phonePage.evaluate((t) => localStorage.setItem('reelsmith.authToken', t ?? ''), token);
    await phonePage.goto(`${session.app.baseUrl}/pricing`);
    await phonePage.getByText('You are on the Rookie plan.').waitFor();
    await phonePage.getByTestId('plan-rookie').getByTestId('current-plan').waitFor();
    expect(await phonePage.getByRole('link', { name: 'Start with Rookie' }).count()).toBe(0);
    await phonePage.getByTestId('plan-pro').getByText('Switching plans is on the desktop version, under Settings.').waitFor();
    await screenshot(phonePage, 'billing-05c-phone-plans-current');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
