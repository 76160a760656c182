import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-results', 'screenshots');

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Keeps a screenshot as an artefact of the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Fails the test on any error the page logs or throws, so a broken screen cannot pass quietly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    // A 401 from /api/auth/me with a stale token is expected browser noise, not an app error.
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}
