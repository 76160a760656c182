import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { focusIndicator, seriousViolations } from '../support/a11y';
import { type BrowserSession, collectPageErrors, eventually, openApp, screenshot, signUpInPage } from '../support/browser';
import { shortPlantedClip } from '../support/planted';
import { type RunningApp, uniqueUsername } from '../support/stack';
import { api as callApi } from '../system/api';
import { uploadFile, waitForVideo } from '../system/videos';

/**
 * The moments editor on the reel's timeline, in Chromium against the real stack, at 1440x900 with
 * a mouse and at 390x844 with a finger: drag a block, resize one, add one by dragging over empty
 * space, remove one with Delete, undo, preview the moments with the chosen music mixed in by Web
 * Audio, save (re-render: the API stores the edited moments) and export from the editor.
 */
jest.setTimeout(120_000);

type Box = { x: number; y: number; width: number; height: number };
type Span = { start: number; end: number };

describe('moments editor on the timeline', () => {
  let session: BrowserSession;
  let app: RunningApp;
  let token = '';
  let videoId = '';
  let firstVersion = '';
  let trackId = '';

  /** JSON from the API as the signed-in user. */
  const api = (method: string, path: string, body?: unknown) => callApi(app.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    shortPlantedClip();
    session = await openApp({ still: true });
    app = session.app;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('has a ready reel of the planted clip, with music chosen', async () => {
    const { page } = session;
    await signUpInPage(page, app.baseUrl, uniqueUsername('Editor'), 'reel-secret-1');
    token = (await page.evaluate(() => localStorage.getItem('reelsmith.authToken')))!;
    const clip = shortPlantedClip();
    const created = await uploadFile(app.baseUrl, token, clip.file, { originalFilename: 'final.mp4', duration: clip.duration });
    videoId = created.json.id;
    await waitForVideo(app.baseUrl, token, videoId, (video) => video.status === 'processed', 45_000);
    const tracks = await eventually(
      async () => {
        const res = await api('GET', '/api/music-tracks');
        expect(res.status).toBe(200);
        return res.json as Array<{ id: string; plans: string[] }>;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    trackId = tracks[0].id;
    expect((await api('PATCH', '/api/user/settings', { musicTrackId: trackId })).status).toBe(200);
    // As the page's form does, with the chosen track (a re-render keeps the version's track).
    const queued = await api('POST', `/api/videos/${videoId}/generate-highlights`, {
      preset: 'sport',
      targetLength: 15,
      fillToLength: true,
      quality: '480p',
      musicTrackId: trackId,
    });
    expect(queued.status).toBe(202);
    firstVersion = queued.json.id;
    await eventually(async () => expect((await api('GET', `/api/highlights/${firstVersion}`)).json.status).toBe('ready'), {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
  });

  it('edits, previews, saves and exports at 1440x900 with a mouse', async () => {
    const { page, errors } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await editSaveAndExport(page, null, errors, 'desktop');
  });

  it('does the same at 390x844 with a finger', async () => {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    try {
      await context.addInitScript((value) => localStorage.setItem('reelsmith.authToken', value), token);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await editSaveAndExport(page, await touchscreen(context, page), errors, 'phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it('previews a reel without music with the video’s own sound alone, and says so', async () => {
    const { page, errors } = session;
    // The same moments re-rendered without music: a version of its own.
    const { moments } = (await api('GET', `/api/highlights/${firstVersion}`)).json as { moments: Span[] };
    const silent = await api('PUT', `/api/highlights/${firstVersion}/moments`, { moments, musicTrackId: null });
    expect(silent.status).toBe(202);
    const id = silent.json.id as string;
    await eventually(async () => expect((await api('GET', `/api/highlights/${id}`)).json.status).toBe('ready'), { timeoutMs: 60_000, intervalMs: 500 });
    await page.goto(`${app.baseUrl}/video/${videoId}?highlight=${id}`);
    const viewer = page.locator(`[data-testid="highlight-viewer"][data-highlight-id="${id}"][data-status="ready"]`);
    await viewer.getByRole('button', { name: 'Preview', exact: true }).click();
    await viewer.locator('[data-testid="moments-preview"][data-state="playing"][data-music="none"]').waitFor();
    await viewer.getByTestId('preview-note').getByText('This reel has no music: the preview plays the video’s own sound.').waitFor();
    const start = Number(await viewer.getByTestId('moment-block').first().getAttribute('data-start'));
    await page.waitForFunction((from) => document.querySelector<HTMLVideoElement>('[data-testid="preview-video"]')!.currentTime > from + 0.3, start);
    await viewer.getByRole('button', { name: 'Stop preview' }).click();
    expect(errors).toEqual([]);
  });

  /** One whole editing session on version 1, then Re-render (checked through the API) and an export. */
  async function editSaveAndExport(page: Page, touch: CDPSession | null, errors: string[], name: string) {
    await page.goto(`${app.baseUrl}/video/${videoId}?highlight=${firstVersion}`);
    const viewer = page.locator(`[data-testid="highlight-viewer"][data-highlight-id="${firstVersion}"][data-status="ready"]`);
    const blocks = viewer.getByTestId('moment-block');
    await blocks.first().waitFor();
    await viewer.getByTestId('timeline-plot').scrollIntoViewIfNeeded();
    const spans = async (): Promise<Span[]> =>
      blocks.evaluateAll((els) => els.map((el) => ({ start: Number(el.getAttribute('data-start')), end: Number(el.getAttribute('data-end')) })));
    const original = await spans();
    expect(original.length).toBeGreaterThanOrEqual(2);
    const area = viewer.getByTestId('timeline-add-area');
    let plot = (await area.boundingBox())!;
    const duration = Number(await blocks.first().getAttribute('aria-valuemax'));
    const xAt = (t: number) => plot.x + (t / duration) * plot.width;
    const midY = () => plot.y + plot.height / 2;

    // Move the widest block that has 2 s of room 2 s later (or earlier): same length, new place.
    const roomAfter = (i: number) => (original[i + 1]?.start ?? duration) - original[i].end;
    const roomBefore = (i: number) => original[i].start - (original[i - 1]?.end ?? 0);
    const movable = original.map((_, i) => i).filter((i) => roomAfter(i) >= 2 || roomBefore(i) >= 2);
    const length = (i: number) => original[i].end - original[i].start;
    const widest = movable.reduce((best, i) => (length(i) > length(best) ? i : best), movable[0]);
    const shift = roomAfter(widest) >= 2 ? 2 : -2;
    const block = (await blocks.nth(widest).boundingBox())!;
    await drag(page, touch, { x: block.x + block.width / 2, y: midY() }, { x: block.x + block.width / 2 + (shift / duration) * plot.width, y: midY() });
    await eventually(async () => expect((await spans())[widest].start).not.toBe(original[widest].start));
    const moved = (await spans())[widest];
    expect(moved.end - moved.start).toBeCloseTo(original[widest].end - original[widest].start, 1);
    expect(Math.abs(moved.start - original[widest].start - shift)).toBeLessThan(1.2);

    // Resize a block from its end handle, 1 s shorter: one at least 2 s long whose end does not touch
    // the next moment's start (there the pointer would take that moment's handle).
    const current = await spans();
    const resizable = current.findIndex((s, i) => s.end - s.start >= 2 && (current[i + 1]?.start ?? duration) - s.end >= 1);
    expect(resizable).toBeGreaterThanOrEqual(0);
    const end = viewer.getByRole('slider', { name: `End of moment ${resizable + 1}` });
    const endBefore = Number(await end.getAttribute('aria-valuenow'));
    const handle = (await end.boundingBox())!;
    await drag(page, touch, center(handle, midY()), { x: center(handle, midY()).x - plot.width / duration, y: midY() });
    await eventually(async () => expect(Number(await end.getAttribute('aria-valuenow'))).toBeLessThan(endBefore - 0.5));

    // Add one by dragging over the widest empty stretch.
    plot = (await area.boundingBox())!;
    const now = await spans();
    const gap = widestGap(now, duration);
    // Starting clear of the end handle of the moment before it: a finger is taken to the nearest handle within its reach.
    const clear = Math.max(1, (40 / plot.width) * duration);
    expect(gap.end - gap.start).toBeGreaterThan(clear + 3);
    await drag(page, touch, { x: xAt(gap.start + clear), y: midY() }, { x: xAt(gap.start + clear + 2.5), y: midY() });
    await eventually(async () => expect(await blocks.count()).toBe(now.length + 1));
    const added = (await spans()).find((s) => now.every((o) => o.start !== s.start));
    expect(added!.end - added!.start).toBeGreaterThanOrEqual(1);
    await viewer.getByTestId('moment-label').filter({ hasText: 'added by you' }).waitFor();
    await screenshot(page, `moments-editor-${name}-edited`);

    // Remove it with Delete on the focused block, then undo (Ctrl+Z), redo and undo again (the buttons).
    const addedIndex = (await spans()).findIndex((s) => s.start === added!.start);
    await blocks.nth(addedIndex).focus();
    expect(await blocks.nth(addedIndex).getAttribute('aria-label')).toMatch(/^Moment \d+, \d:\d\d(\.\d)? to \d:\d\d(\.\d)?$/);
    expect((await focusIndicator(page)).visible).toBe(true);
    await page.keyboard.press('Delete');
    await eventually(async () => expect(await blocks.count()).toBe(now.length));
    await page.keyboard.press('ControlOrMeta+z');
    await eventually(async () => expect(await blocks.count()).toBe(now.length + 1));
    await viewer.getByRole('button', { name: 'Undo' }).click();
    await eventually(async () => expect(await blocks.count()).toBe(now.length));
    await viewer.getByRole('button', { name: 'Redo' }).click();
    await eventually(async () => expect(await blocks.count()).toBe(now.length + 1));

    // The keyboard moves a focused block by 0.5 s, and with Shift its end.
    await blocks.nth(0).focus();
    const before = (await spans())[0];
    await page.keyboard.press(before.start >= 0.5 ? 'ArrowLeft' : 'ArrowRight');
    await eventually(async () => expect(Math.abs((await spans())[0].start - before.start)).toBeCloseTo(0.5, 5));
    const afterMove = (await spans())[0];
    await page.keyboard.press('Shift+ArrowLeft');
    await eventually(async () => expect((await spans())[0].end).toBeCloseTo(afterMove.end - 0.5, 5));

    // Preview with the music: the video plays the moments, the music plays through Web Audio.
    const preview = viewer.getByTestId('moments-preview');
    await viewer.getByRole('button', { name: 'Preview with music' }).click();
    await viewer
      .locator('[data-testid="moments-preview"][data-state="playing"][data-music="playing"][data-audio-state="running"]')
      .waitFor({ timeout: 15_000 });
    const first = (await spans())[0];
    const times = () =>
      page.evaluate(() => ({
        video: document.querySelector<HTMLVideoElement>('[data-testid="preview-video"]')!.currentTime,
        music: document.querySelector<HTMLAudioElement>('[data-testid="preview-music"]')!.currentTime,
      }));
    await eventually(async () => expect((await times()).video).toBeGreaterThan(first.start + 0.3), { timeoutMs: 15_000 });
    const t0 = await times();
    await eventually(async () => expect((await times()).music).toBeGreaterThan(t0.music + 0.2));
    expect(await preview.getAttribute('data-duck-db')).toMatch(/^\d+\.\d$/);
    await viewer.getByTestId('preview-playhead').waitFor({ state: 'attached' });
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, `moments-editor-${name}-preview`);
    expect(await seriousViolations(page)).toEqual([]);
    await viewer.getByRole('button', { name: 'Stop preview' }).click();
    await viewer.locator('[data-testid="moments-preview"][data-state="stopped"]').waitFor();

    // Save: a new version with exactly these moments, as the API stores them.
    const edited = await spans();
    await viewer.getByRole('button', { name: 'Re-render' }).click();
    await page.waitForURL((url) => !!url.searchParams.get('highlight') && url.searchParams.get('highlight') !== firstVersion);
    const saved = new URL(page.url()).searchParams.get('highlight')!;
    const stored = (await api('GET', `/api/highlights/${saved}`)).json as { moments: Span[]; musicTrackId: string | null };
    expect(stored.moments.map(({ start, end }) => ({ start, end }))).toEqual(edited);
    expect(stored.musicTrackId).toBe(trackId);

    // Export a stretch from the editor.
    await page.goto(`${app.baseUrl}/editor`);
    await page.locator(`[data-testid="editor-video"][data-video-id="${videoId}"]`).click();
    await page.getByTestId('editor-trim').getByLabel('Start').fill('0:09');
    await page.getByTestId('editor-trim').getByLabel('End').fill('0:12');
    await page.getByRole('radio', { name: '480p' }).check();
    const exportsBefore = ((await api('GET', '/api/exports')).json as unknown[]).length;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-progress').waitFor();
    await eventually(async () => expect(((await api('GET', '/api/exports')).json as unknown[]).length).toBe(exportsBefore + 1));
    expect(errors).toEqual([]);
  }

  /** Chromium's own touch input (as a finger makes it: touch-action applies, pointer events of type touch). */
  async function touchscreen(context: BrowserContext, page: Page): Promise<CDPSession> {
    return context.newCDPSession(page);
  }
});

const center = (box: Box, y: number) => ({ x: box.x + box.width / 2, y });

/** The longest stretch without a moment. */
function widestGap(spans: Span[], duration: number): Span {
  const edges = [{ start: 0, end: 0 }, ...spans, { start: duration, end: duration }];
  const gaps = edges.slice(1).map((s, i) => ({ start: edges[i].end, end: s.start }));
  return gaps.reduce((best, g) => (g.end - g.start > best.end - best.start ? g : best));
}

/** A press, a move in steps and a release: the mouse, or a finger through CDP. */
async function drag(page: Page, touch: CDPSession | null, from: { x: number; y: number }, to: { x: number; y: number }) {
  const steps = 8;
  const at = (i: number) => ({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(at(i).x, at(i).y);
    await page.mouse.up();
    return;
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
