import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { logoBox } from '../../services/media/src/brand-kit/brand-render';
import { collectPageErrors, eventually, launchChromium, screenshot, SCREENSHOT_DIR, signUpInPage } from '../support/browser';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp, uniqueUsername } from '../support/stack';

/**
 * The brand kit in Chromium: set it in /settings (logo, its corner, an intro and an outro card, the
 * caption colour) at 1440 and 390 px, then generate a reel with it from the video page. The reel's
 * own frames are kept as screenshots (brand-kit-frame-intro.png, brand-kit-frame-logo.png) and their
 * pixels checked: the intro's colour first, the logo in its corner over the moments.
 */
jest.setTimeout(180_000);

describe('brand kit: set in /settings, seen on the reel', () => {
  let browser: Browser;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  let token = '';
  let videoId = '';
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-brand-browser-'));
  const logo = join(work, 'logo.png');

  beforeAll(async () => {
    shortPlantedClip();
    // A bright green logo with a white bar: nothing in the planted footage is this green.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x00ff00:s=240x120',
      '-vf',
      'drawbox=x=20:y=50:w=200:h=20:color=white:t=fill',
      '-frames:v',
      '1',
      logo,
    ]);
    // The whole stack, given longer than usual to become ready: the test machine is shared.
    app = await startApp({}, { readyTimeoutMs: 240_000 });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' })).newPage();
    errors = collectPageErrors(page);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stack.stop();
    rmSync(work, { recursive: true, force: true });
  });
  afterEach(() => expect(errors).toEqual([]));

  const card = () => page.getByTestId('brand-kit-card');

  it('sets a logo, its corner, the cards and the caption colour in /settings, with a live preview', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpInPage(page, app.baseUrl, uniqueUsername('Brand'), 'brand-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    await page.goto(`${app.baseUrl}/settings`);
    await card().getByRole('heading', { name: 'Brand kit' }).waitFor();

    await card().getByTestId('brand-logo-file').setInputFiles(logo);
    await page.getByText('Logo uploaded').waitFor();
    const preview = card().getByTestId('brand-preview-logo');
    await eventually(async () => expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240));

    await card().getByRole('radio', { name: 'Bottom right' }).check();
    await card().getByLabel('Opacity').fill('1');
    await card().getByRole('switch', { name: 'Intro card' }).check();
    await card().getByTestId('brand-intro').getByLabel('Text', { exact: true }).fill('Derby day highlights');
    await card().locator('#brand-intro-background').fill('#ff0000');
    await card().getByRole('switch', { name: 'Outro card' }).check();
    await card().getByTestId('brand-outro').getByLabel('Text', { exact: true }).fill('Thanks for watching');
    await card().locator('#brand-outro-background').fill('#0000ff');
    await card().locator('#brand-caption-color').fill('#ffcc00');
    // The preview follows the form: the logo in the bottom-right corner.
    const box = (await card().getByTestId('brand-preview').boundingBox())!;
    const logoBox = (await preview.boundingBox())!;
    expect(logoBox.x + logoBox.width).toBeGreaterThan(box.x + box.width * 0.9);
    expect(logoBox.y + logoBox.height).toBeGreaterThan(box.y + box.height * 0.9);

    await card().getByTestId('brand-kit-save').click();
    await page.getByText('Brand kit saved').waitFor();
    const saved = await (await fetch(`${app.baseUrl}/api/user/brand-kit`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(saved).toMatchObject({
      saved: true,
      logo: { position: 'bottom-right', opacity: 1, width: 240, height: 120 },
      intro: { enabled: true, text: 'Derby day highlights', background: '#ff0000' },
      outro: { enabled: true, text: 'Thanks for watching', background: '#0000ff' },
      captionColor: '#ffcc00',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'brand-kit-settings-1440');

    await card().getByTestId('brand-preview-pick').getByRole('radio', { name: 'Intro' }).check();
    await card().getByTestId('brand-preview').getByText('Derby day highlights').waitFor();
  });

  it('fits a 390 px phone, axe clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/settings`);
    await card().getByTestId('brand-preview').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'brand-kit-settings-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('generates a reel with the kit from the video page: the intro card first, the logo in its corner', async () => {
    const clip = shortPlantedClip();
    const bytes = readFileSync(clip.file);
    const call = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${app.baseUrl}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json();
    const upload = await call('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    videoId = (
      await call('PUT', '/api/videos/complete-upload', {
        videoURL: upload.uploadURL,
        title: 'Derby',
        originalFilename: 'derby.mp4',
        fileSize: bytes.length,
        duration: clip.duration,
      })
    ).id;

    await page.goto(`${app.baseUrl}/video/${videoId}`);
    const form = page.getByTestId('generate-highlights-form');
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const toggle = form.getByRole('checkbox', { name: /Brand kit/ });
    expect(await toggle.isChecked()).toBe(true);
    // Lengths are chips now (several at once): 0:15 alone.
    await form.getByRole('checkbox', { name: '0:15' }).check();
    await form.getByRole('checkbox', { name: '0:30' }).uncheck();
    await form.getByRole('radio', { name: '480p' }).check();
    await form.getByRole('button', { name: 'Generate highlights' }).click();
    await page.locator('[data-testid="highlight-viewer"][data-status="ready"]').waitFor({ timeout: 120_000 });

    const reels = (await call('GET', `/api/videos/${videoId}/highlights`)) as Array<{ brandKit: boolean; reel: { downloadUrl: string; duration: number } }>;
    expect(reels[0].brandKit).toBe(true);
    const file = join(work, 'reel.mp4');
    writeFileSync(file, Buffer.from(await (await fetch(`${app.baseUrl}${reels[0].reel.downloadUrl}`)).arrayBuffer()));

    // The reel's own frames, kept beside the other screenshots, and their pixels.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const frame = (at: number, name: string) => {
      const out = join(SCREENSHOT_DIR, `${name}.png`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1', out]);
      return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
        maxBuffer: 64 * 1024 * 1024,
      });
    };
    const [width, height] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    })
      .trim()
      .split(',')
      .map(Number);
    expect(width).toBeGreaterThan(height);
    const pixel = (rgb: Buffer, x: number, y: number) => [...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 40);
    const intro = frame(1, 'brand-kit-frame-intro');
    expect(near(pixel(intro, 20, 20), [255, 0, 0])).toBe(true);
    const withLogo = frame(2 + 3, 'brand-kit-frame-logo');
    // 15 % of the width (2:1), 4 % of the height in from the bottom-right corner: above its white bar it is green.
    const { width: logoWidth, margin } = logoBox({ width, height }, 0.15);
    expect(near(pixel(withLogo, width - margin - logoWidth / 2, height - margin - logoWidth / 2 + 4), [0, 255, 0])).toBe(true);
    expect(near(pixel(withLogo, margin + logoWidth / 2, margin + 4), [0, 255, 0])).toBe(false);
    const outro = frame(reels[0].reel.duration - 0.5, 'brand-kit-frame-outro');
    expect(near(pixel(outro, 20, 20), [0, 0, 255])).toBe(true);

    // The player on the page shows the same: paused on a moment, the logo in its corner.
    const video = page.locator('[data-testid="reel-player"] video');
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.currentTime = 5;
      await new Promise((resolve) => {
        el.addEventListener('seeked', resolve, { once: true });
        setTimeout(resolve, 5000);
      });
    });
    await page.getByTestId('reel-player').screenshot({ path: join(SCREENSHOT_DIR, 'brand-kit-player-logo.png') });
  });
});
