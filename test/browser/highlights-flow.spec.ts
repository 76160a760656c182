import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { type BrowserSession, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, uniqueUsername } from '../support/stack';

/**
 * AI highlights against the real stack: generate a reel from the video page and follow it live,
 * play it, read the score timeline, drop a moment and re-render, export a trimmed stretch from the
 * editor, and find it in Recent Edits. The 40 s planted clip has its big moment at 10-14 s.
 */
jest.setTimeout(90_000);

describe('AI highlights, re-rendering and editor exports in Chromium', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let page: Page;
  let errors: string[];
  const username = uniqueUsername('Reels');
  const password = 'reel-secret-1';
  const title = 'Derby day';
  let videoId = '';
  let token = '';
  let momentsBefore = 0;

  const toast = () => page.getByTestId('toast').last();
  const viewer = () => page.getByTestId('highlight-viewer');

  /** JSON from the API with the signed-in page's token (from Node, to save the upload's UI time). */
  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  beforeAll(async () => {
    shortPlantedClip();
    session = await openApp({ still: true });
    ({ app, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('signs up and uploads the planted clip with the page’s token', async () => {
    await signUpInPage(page, app.baseUrl, username, password);
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    expect(token).toBeTruthy();

    const clip = shortPlantedClip();
    const bytes = readFileSync(clip.file);
    const { json: upload } = await api('POST', '/api/objects/upload');
    expect((await fetch(upload.uploadURL, { method: 'PUT', body: bytes })).status).toBe(200);
    const created = await api('PUT', '/api/videos/complete-upload', {
      videoURL: upload.uploadURL,
      title,
      originalFilename: 'derby.mp4',
      fileSize: bytes.length,
      duration: clip.duration,
    });
    videoId = created.json.id;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates a 15 s reel from the video page and shows its progress live', async () => {
    await page.goto(`${app.baseUrl}/video/${videoId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const section = page.getByTestId('highlights-section');
    await section.getByRole('heading', { name: 'AI Highlights' }).waitFor();
    // The form waits for the processed video (live), then the versions list is empty.
    const generate = section.getByRole('button', { name: 'Generate highlights' });
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="generate-highlights-form"] button[type="submit"]')?.disabled,
      undefined,
      { timeout: 45_000 },
    );
    await section.getByTestId('no-highlights').waitFor();

    const form = section.getByTestId('generate-highlights-form');
    await form.getByLabel('Preset').selectOption('sport');
    // Lengths are chips now (several at once): 0:15 alone.
    await form.getByRole('checkbox', { name: '0:15' }).check();
    await form.getByRole('checkbox', { name: '0:30' }).uncheck();
    await form.getByRole('radio', { name: '480p' }).check();
    // The planted clip has one big moment: filled to length, the reel also holds weaker ones to edit.
    await form.getByRole('checkbox', { name: /Fill to length/ }).check();
    await eventually(async () => expect(await form.getByRole('radio', { name: /1080p/ }).isChecked()).toBe(false));
    await eventually(async () => expect(await form.getByRole('radio', { name: 'MP4' }).isChecked()).toBe(true));
    await screenshot(page, 'highlights-01-generate-form');

    // Every stage and percent the viewer shows, recorded as the DOM changes.
    await page.evaluate(() => {
      const seen = { stages: new Set<string>(), percents: new Set<number>() };
      (window as unknown as { __reel: typeof seen }).__reel = seen;
      const record = () => {
        document
          .querySelectorAll<HTMLElement>('[data-testid="highlight-viewer"] [data-testid="highlight-status"]')
          .forEach((el) => seen.stages.add(el.dataset.stage ?? ''));
        const percent = document.querySelector('[data-testid="highlight-percent"]')?.textContent;
        if (percent) seen.percents.add(Number.parseInt(percent, 10));
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    await generate.click();
    await toast().getByText('Highlights generation started').waitFor();
    await toast().getByText('AI is analyzing your video to create highlights.').waitFor();
    await viewer().getByTestId('highlight-progress').waitFor();
    await page.locator('[data-testid="highlight-viewer"][data-status="processing"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'highlights-02-progress');

    await page.locator('[data-testid="highlight-viewer"][data-status="ready"]').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => {
      const reel = (window as unknown as { __reel: { stages: Set<string>; percents: Set<number> } }).__reel;
      return { stages: [...reel.stages], percents: [...reel.percents] };
    });
    expect(seen.stages).toEqual(expect.arrayContaining(['analysing', 'rendering', 'done']));
    expect(seen.percents.some((p) => p > 2 && p < 100)).toBe(true);
    await eventually(async () => expect(await viewer().getAttribute('data-version')).toBe('1'));
    await page.locator('[data-testid="highlight-version"][data-version="1"][data-status="ready"]').waitFor();
  });

  it('plays the reel and shows the timings', async () => {
    const reel = page.getByTestId('reel-player');
    await reel.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="reel-player"] video');
      return !!video && video.readyState >= 2 && video.currentTime > 0.3;
    });
    await reel.getByRole('button', { name: 'Pause', exact: true }).click();
    const timings = await page.getByTestId('highlight-timings').innerText();
    expect(timings).toMatch(/Analysis/i);
    expect(timings).toMatch(/Render/i);
    expect(timings).toMatch(/Total/i);
    const download = await viewer().getByTestId('download-reel').getAttribute('href');
    const disposition = await page.evaluate(async (url) => (await fetch(url!, { method: 'HEAD' })).headers.get('content-disposition'), download);
    expect(disposition).toContain(`${title} - highlights v1.mp4`);

    // The player's poster is a frame of the reel itself (not the video's thumbnail).
    await page.waitForFunction(() =>
      /\/api\/highlights\/[0-9a-f-]{36}\/poster\?/.test(document.querySelector<HTMLVideoElement>('[data-testid="reel-player"] video')?.poster ?? ''),
    );
    // What the file is (480p chosen and made), and the engine's own summary of what it picked.
    await eventually(async () => expect(await viewer().getByTestId('render-summary').innerText()).toBe('480p MP4 · 16:9'));
    await eventually(async () => expect(await viewer().getByTestId('reel-facts').innerText()).toContain('854×480'));
    const [v1] = (await api('GET', `/api/videos/${videoId}/highlights`)).json;
    expect(v1.summary).toBeTruthy();
    await eventually(async () => expect(await viewer().getByTestId('selection-summary').innerText()).toBe(v1.summary));
  });

  it('plots the score over time with the moments labelled by their reasons', async () => {
    const plot = viewer().getByTestId('timeline-plot');
    const labels = await plot.getByTestId('moment-label').allInnerTexts();
    momentsBefore = labels.length;
    expect(momentsBefore).toBeGreaterThanOrEqual(2);
    expect(labels.join(' ')).toContain('crowd roar');
    await eventually(async () => expect(await plot.getByTestId('moment-band').count()).toBe(momentsBefore));
    await eventually(async () => expect(await viewer().getByTestId('moment-row').count()).toBe(momentsBefore));

    // Under the plot, on the same seconds: the video's filmstrip and the waveform of its sound (made while processing).
    const strip = plot.getByTestId('video-strip');
    await eventually(async () => expect(Number(await strip.getByTestId('waveform').getAttribute('data-peaks'))).toBeGreaterThan(900));
    const frames = strip.getByTestId('filmstrip').locator('div');
    expect(await frames.count()).toBeGreaterThan(5);
    expect(await frames.first().evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/\/api\/videos\/[0-9a-f-]+\/filmstrip\?uid=/);
    const loaded = await page.evaluate(
      async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      },
      (await frames.first().evaluate((el) => getComputedStyle(el).backgroundImage)).replace(/^url\("(.*)"\)$/, '$1'),
    );
    expect(loaded).toEqual([1600, 360]);

    // Hovering reads out the time and score; so does the keyboard.
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.getByTestId('timeline-scrubber').boundingBox())!;
    await page.mouse.move(box.x + box.width * (12.5 / 40), box.y + box.height / 2);
    const readout = plot.getByTestId('timeline-readout');
    await readout.waitFor();
    await eventually(async () => expect(await readout.innerText()).toMatch(/^0:12 · score \d\.\d\d/));
    await screenshot(page, 'highlights-03-reel-ready');
    await page.mouse.move(0, 0);
    const scrubber = plot.getByRole('slider', { name: 'Score over time' });
    await scrubber.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => expect(await scrubber.getAttribute('aria-valuetext')).toMatch(/^0:39, score \d\.\d\d$/));

    // A band edge moves by 0.5 s with the arrow keys, and Reset brings the moments back.
    const handle = plot.getByRole('slider', { name: 'End of moment 1' });
    const before = await handle.getAttribute('aria-valuenow');
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => expect(Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(Number(before) - 0.5, 5));
    await viewer().getByRole('button', { name: 'Reset' }).click();
    await eventually(async () => expect(await handle.getAttribute('aria-valuenow')).toBe(before));
  });

  it('drops a moment and re-renders it as version 2 with one moment fewer', async () => {
    const rows = viewer().getByTestId('moment-row');
    // Keep the planted big moment; drop another one.
    const texts = await rows.allInnerTexts();
    const drop = texts.findIndex((t) => !t.includes('crowd roar'));
    expect(drop).toBeGreaterThanOrEqual(0);
    await viewer()
      .getByRole('button', { name: `Remove moment ${drop + 1}` })
      .click();
    await eventually(async () => expect(await rows.count()).toBe(momentsBefore - 1));
    await viewer().getByTestId('rerender-bar').getByText('Edited.').waitFor();
    await screenshot(page, 'highlights-04-moment-dropped');

    await viewer().getByRole('button', { name: 'Re-render' }).click();
    await toast().getByText('Re-render started').waitFor();
    await page.locator('[data-testid="highlight-viewer"][data-version="2"]').waitFor();
    expect(page.url()).toContain('?highlight=');
    await page.locator('[data-testid="highlight-viewer"][data-version="2"][data-status="ready"]').waitFor({ timeout: 45_000 });
    await eventually(async () => expect(await viewer().getByTestId('moment-row').count()).toBe(momentsBefore - 1));
    await eventually(async () => expect(await page.getByTestId('highlight-version').count()).toBe(2));
    await eventually(async () => expect(await page.getByTestId('highlight-version').first().getAttribute('data-version')).toBe('2'));
    await viewer().getByTestId('reel-player').waitFor();
    await screenshot(page, 'highlights-05-version-2');

    // Version 1 is still there, unchanged.
    await page.locator('[data-testid="highlight-version"][data-version="1"]').click();
    await page.locator('[data-testid="highlight-viewer"][data-version="1"]').waitFor();
    await eventually(async () => expect(await viewer().getByTestId('moment-row').count()).toBe(momentsBefore));
  });

  it('shows the newest reel on the dashboard’s AI Highlights card', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const card = page.getByTestId('ai-highlights-card');
    await eventually(async () => expect(await card.getByLabel('Preset').inputValue()).toBe('auto'));
    await eventually(async () => expect(await card.getByLabel('Length').inputValue()).toBe('30'));
    // The video says how many of its reels are ready (both versions), not 'Ready for highlights'.
    await page.locator(`[data-testid="recent-video"][data-video-id="${videoId}"]`).getByText('2 reels ready').waitFor();
    await page.locator(`[data-testid="recent-video"][data-video-id="${videoId}"]`).click();
    const status = card.getByTestId('ai-highlights-status');
    await status.getByText('v2').waitFor();
    await eventually(async () => expect(await status.getAttribute('data-status')).toBe('ready'));
    await screenshot(page, 'highlights-06-dashboard');
    await status.getByRole('link', { name: `Watch highlights of ${title}` }).click();
    await page.waitForURL(`**/video/${videoId}?highlight=*`);
    await page.locator('[data-testid="highlight-viewer"][data-version="2"]').waitFor();
  });

  it('shows why a version failed', async () => {
    // A failed render cannot be provoked from outside the worker: the list gets a failed version on top.
    const listUrl = `**/api/videos/${videoId}/highlights`;
    await page.route(listUrl, async (route) => {
      const response = await route.fetch();
      const list = await response.json();
      const failed = {
        ...list[0],
        id: '00000000-0000-4000-8000-0000000000f3',
        version: 3,
        status: 'error',
        stage: 'failed',
        reel: null,
        timings: { analysisSeconds: null, selectionSeconds: null, renderSeconds: null, totalSeconds: null },
        errorReason: 'The reel could not be made: the encoder ran out of memory.',
      };
      await route.fulfill({ response, json: [failed, ...list] });
    });
    await page.goto(`${app.baseUrl}/video/${videoId}`);
    await page.locator('[data-testid="highlight-viewer"][data-version="3"][data-status="error"]').waitFor();
    await viewer().getByRole('alert').getByText('The reel could not be made: the encoder ran out of memory.').waitFor();
    await eventually(async () =>
      expect(await page.locator('[data-testid="highlight-version"][data-version="3"]').getByTestId('highlight-status').innerText()).toBe('Failed'),
    );
    await viewer().getByTestId('highlight-error').scrollIntoViewIfNeeded();
    await screenshot(page, 'highlights-06b-failed-version');
    await page.unroute(listUrl);
  });

  it('exports a trimmed stretch as MOV 480p from the editor and lists it in Recent Edits', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Video Editor' }).click();
    await page.getByRole('heading', { name: 'Video Editor', level: 1 }).waitFor();
    await page.getByTestId('recent-edits-empty').waitFor();
    const exportButton = page.getByRole('button', { name: 'Export', exact: true });
    await eventually(async () => expect(await exportButton.isDisabled()).toBe(true));
    await eventually(async () => expect(await page.getByRole('radio', { name: /1080p/ }).isChecked()).toBe(true));
    await eventually(async () => expect(await page.getByRole('radio', { name: 'MP4' }).isChecked()).toBe(true));
    await screenshot(page, 'highlights-07-editor-empty');

    await page.locator(`[data-testid="editor-video"][data-video-id="${videoId}"]`).click();
    const trim = page.getByTestId('editor-trim');
    await eventually(async () => expect(await trim.getByLabel('Start').inputValue()).toBe('0:00'));
    await eventually(async () => expect(await trim.getByLabel('End').inputValue()).toBe('0:40'));
    await trim.getByLabel('End').fill('0:00');
    await exportButton.click();
    await toast().getByText('Invalid trim range').waitFor();
    await toast().getByText('Start time must be before end time.').waitFor();
    await trim.getByLabel('End').fill('0:55');
    await exportButton.click();
    await toast().getByText('Invalid time range').waitFor();
    await trim.getByLabel('Start').fill('0:12');
    await trim.getByLabel('End').fill('0:12');
    await exportButton.click();
    await toast().getByText('Invalid trim range').waitFor();

    await trim.getByLabel('Start').fill('0:09');
    await trim.getByLabel('End').fill('0:15');
    await page.getByRole('radio', { name: '480p' }).check();
    await page.getByRole('radio', { name: 'MOV' }).check();
    await exportButton.click();
    await toast().getByText('Export started').waitFor();
    const progress = page.getByTestId('export-progress');
    await progress.waitFor();
    await page.locator('[data-testid="export-progress"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const href = await progress.getByRole('link', { name: 'Download' }).getAttribute('href');
    const disposition = await page.evaluate(async (url) => {
      const res = await fetch(url!, { method: 'HEAD' });
      return `${res.status} ${res.headers.get('content-type')} ${res.headers.get('content-disposition')}`;
    }, href);
    expect(disposition).toMatch(/^200 video\/quicktime attachment; filename=".*\.mov"/);

    const edit = page.locator('[data-testid="recent-edit"][data-kind="export"]');
    await edit.waitFor();
    await eventually(async () => expect(await edit.getAttribute('data-status')).toBe('ready'));
    await eventually(async () => expect(await edit.innerText()).toContain(`${title} - export v1`));
    await eventually(async () => expect(await edit.innerText()).toContain('0:09–0:15'));
    await edit.getByRole('link', { name: `Download ${title} - export v1` }).waitFor();
    await screenshot(page, 'highlights-08-export-ready');
  });

  it('fits a 360 px wide screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const [path, ready, name] of [
      [`/video/${videoId}`, 'highlight-viewer', 'highlights-09-narrow-video'],
      ['/editor', 'recent-edit', 'highlights-10-narrow-editor'],
      ['/', 'ai-highlights-card', 'highlights-11-narrow-dashboard'],
    ] as const) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByTestId(ready).first().waitFor();
      if (path === '/editor') await page.locator(`[data-testid="editor-video"][data-video-id="${videoId}"]`).click();
      if (path === '/') await page.locator(`[data-testid="recent-video"][data-video-id="${videoId}"]`).click();
      if (ready === 'highlight-viewer') await page.getByTestId('timeline-plot').waitFor();
      await screenshot(page, name);
      await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360));
    }
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('labels reels and exports by what the file is, plays a 9:16 reel in a portrait player with its own poster, and counts the reels on the card', async () => {
    // 1080p asked of a 640x360 video: the files are made at 480p (never upscaled past it), and say so.
    const queued = await api('POST', `/api/videos/${videoId}/generate-highlights`, { preset: 'sport', targetLength: 15, aspect: '9:16', quality: '1080p' });
    const exported = await api('POST', `/api/videos/${videoId}/exports`, { start: '0:09', end: '0:12', quality: '1080p', format: 'mp4' });
    expect([queued.status, exported.status]).toEqual([202, 202]);
    await page.goto(`${app.baseUrl}/video/${videoId}?highlight=${queued.json.id}`);
    await page.locator(`[data-testid="highlight-viewer"][data-highlight-id="${queued.json.id}"][data-status="ready"]`).waitFor({ timeout: 60_000 });
    const summary = viewer().getByTestId('render-summary');
    await eventually(async () => expect(await summary.innerText()).toBe("480p — your video's own resolution · MP4 · 9:16"));
    await eventually(async () =>
      expect(await summary.getAttribute('title')).toBe('1080p was chosen; a reel is never made larger than the video it comes from.'),
    );
    await eventually(async () => expect(await viewer().getByTestId('reel-facts').innerText()).toContain('480×854'));
    await eventually(async () => expect(await page.locator('[data-testid="highlight-version"][data-version="3"]').innerText()).toContain('480p MP4'));

    // The whole player is portrait (not a wide black box), and so is its poster, a frame of the reel.
    const player = viewer().getByRole('group', { name: /Reel player: version 3/ });
    const box = (await player.boundingBox())!;
    expect(box.height).toBeGreaterThan(box.width * 1.3);
    const poster = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="reel-player"] video');
      return video?.poster.includes('/poster?') ? video.poster : null;
    });
    const size = await page.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      },
      (await poster.jsonValue())!,
    );
    expect(size).toEqual({ width: 480, height: 854 });
    await screenshot(page, 'highlights-12-vertical-reel');

    // The export's row says what its file is too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Video Editor' }).click();
    const row = page.locator(`[data-testid="recent-edit"][data-id="${exported.json.id}"]`);
    await page.locator(`[data-testid="recent-edit"][data-id="${exported.json.id}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
    await eventually(async () => expect(await row.innerText()).toContain("MP4 480p — your video's own resolution"));

    // The video's card says how many reels are ready: versions 1 to 3 (exports are not reels).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    const card = page.getByTestId('video-card').filter({ hasText: title });
    await card.getByTestId('video-status').getByText('3 reels ready').waitFor();
    await screenshot(page, 'highlights-13-my-videos-reels-ready');
  });
});
