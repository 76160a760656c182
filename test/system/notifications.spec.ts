import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tinyClip } from '../support/batch-media';
import { postBulk } from '../support/multipart';
import { shortPlantedClip } from '../support/planted';
import { linksOf, TestSmtpServer } from '../support/smtp';
import { connect } from 'nats';
import { Client } from 'pg';
import { dueDigestWeek } from '../../services/notifications/src/iso-week';
import { type RunningApp, startApp, startReplicas } from '../support/stack';
import { eventually, waitUntilConsumed } from '../support/wait';
import { api } from './api';
import { signUp, uploadVideo, waitForVideo } from './videos';

const PUBLIC_URL = 'http://reels.test';

/**
 * Settings and e-mail through the gateway, every service as its own process and a real SMTP
 * server reading what arrives: a user who turns the flags on gets the upload mail and then the
 * highlight mail whose link opens the video's page; a failing upload sends the error mail; a flag
 * turned off stops its mail; the unsubscribe link works without signing in; test e-mails are
 * limited with 429 and Retry-After.
 */
describe('settings and e-mail through the gateway', () => {
  let app: RunningApp;
  let smtp: TestSmtpServer;
  let alice: string;
  let bob: string;
  const root = mkdtempSync(join(tmpdir(), 'reelsmith-system-mail-'));
  const workDir = join(root, 'work');
  /** A link of a mail, on the app under test (mails carry PUBLIC_URL). */
  const local = (link: string) => `${app.baseUrl}${link.slice(PUBLIC_URL.length)}`;

  beforeAll(async () => {
    mkdirSync(workDir);
    smtp = await TestSmtpServer.start();
    app = await startApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_POLL_MS: '200',
      SCHEDULE_CHECK_MS: '1000',
      WORK_DIR: workDir,
      JOB_MAX_DELIVER: '2',
      JOB_ACK_WAIT_SECONDS: '3',
      TEST_EMAIL_LIMIT: '2',
    });
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
  }, 300_000);

  afterAll(async () => {
    await app?.stack.stop();
    await smtp?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('reads and saves settings per user: defaults, partial updates, checked input', async () => {
    const defaults = await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice });
    expect(defaults.status).toBe(200);
    expect(defaults.json).toEqual({
      email: '',
      name: '',
      notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false },
      privacy: { autoDeleteAfter30Days: false, publicHighlights: false },
      musicTrackId: null,
      transcriptLanguage: 'en',
    });
    expect((await api(app.baseUrl, 'GET', '/api/user/settings')).status).toBe(401);

    const bad = await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body: { email: 'alice-at-example', name: 'Alice' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Invalid email');
    for (const body of [
      { role: 'admin' },
      { notifications: { uploadConfirmation: 'yes' } },
      { notifications: { marketing: true } },
      { privacy: [] },
      { email: 42 },
      { musicTrackId: 'no spaces or ../ in an id' },
      { musicTrackId: 7 },
      { transcriptLanguage: 'klingon' },
      { transcriptLanguage: null },
    ]) {
      expect({ body, status: (await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body })).status }).toEqual({ body, status: 400 });
    }
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice })).json.name).toBe('');

    const saved = await api(app.baseUrl, 'PATCH', '/api/user/settings', {
      token: alice,
      body: {
        email: 'alice@example.com',
        name: '  Alice <Cup> Smith ',
        notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: true },
      },
    });
    expect(saved.status).toBe(200);
    const partial = await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body: { privacy: { autoDeleteAfter30Days: true } } });
    expect(partial.json).toEqual({
      email: 'alice@example.com',
      name: 'Alice <Cup> Smith',
      notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: true },
      privacy: { autoDeleteAfter30Days: true, publicHighlights: false },
      musicTrackId: null,
      transcriptLanguage: 'en',
    });
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice })).json).toEqual(partial.json);
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: bob })).json.email).toBe('');

    // The music picked in the library is kept with the settings (every device reads it); null clears it.
    const picked = await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body: { musicTrackId: 'track-07' } });
    expect(picked.json).toEqual({ ...partial.json, musicTrackId: 'track-07' });
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice })).json.musicTrackId).toBe('track-07');
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: bob })).json.musicTrackId).toBeNull();
    expect((await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body: { musicTrackId: null } })).json.musicTrackId).toBeNull();

    // The language new videos are transcribed in (docs/speech.md): English until the user picks another.
    const german = await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: alice, body: { transcriptLanguage: 'de' } });
    expect(german.json.transcriptLanguage).toBe('de');
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice })).json.transcriptLanguage).toBe('de');
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: bob })).json.transcriptLanguage).toBe('en');
  });

  it('mails the upload, then the reel whose link opens the video, and the unsubscribe link works signed out', async () => {
    const clip = shortPlantedClip();
    const { json: upload } = await api(app.baseUrl, 'POST', '/api/objects/upload', { token: alice });
    const body = readFileSync(clip.file);
    await fetch(upload.uploadURL, { method: 'PUT', body });
    const created = await api(app.baseUrl, 'PUT', '/api/videos/complete-upload', {
      token: alice,
      body: { videoURL: upload.uploadURL, title: 'Derby <b>day</b>', originalFilename: 'derby.mp4', fileSize: body.length, duration: 0 },
    });
    const videoId = created.json.id as string;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed', 120_000);

    const [uploadMail] = await smtp.waitFor('alice@example.com', 1, 30_000, (m) => m.subject.includes('is ready to use'));
    expect(uploadMail.subject).toBe('Your video "Derby <b>day</b>" is ready to use');
    expect(uploadMail.html).toContain('Derby &lt;b&gt;day&lt;/b&gt;');
    expect(uploadMail.text).toContain('Hi Alice <Cup> Smith,');

    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token: alice, body: { targetLength: 15, quality: '480p' } });
    expect(queued.status).toBe(202);
    const [reelMail] = await smtp.waitFor('alice@example.com', 1, 180_000, (m) => m.subject.startsWith('Your highlight reel'));
    const [highlight] = (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json;
    expect(highlight.status).toBe('ready');
    expect(reelMail.subject).toBe('Your highlight reel of "Derby <b>day</b>" is ready');
    expect(reelMail.text).toMatch(/a \d+:\d\d reel with \d+ moments?\./);
    expect(reelMail.text).toContain(`1. `);
    // The video's thumbnail travels inside the mail (an inline image), never as a link that expires.
    const [thumbnail] = reelMail.parsed.attachments;
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', cid: `thumbnail-${videoId}@reelsmith`, contentDisposition: 'inline' });
    expect(thumbnail.content.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const watch = linksOf(reelMail.html).find((l) => l.includes('/video/'))!;
    expect(watch).toBe(`${PUBLIC_URL}/video/${videoId}`);
    // The link opens the app's page of that video (the SPA), whose reel the API serves.
    const page = await fetch(local(watch));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    // Unsubscribe: no token, no sign-in; the link turns highlight mails off and says so.
    const unsubscribe = reelMail.header('list-unsubscribe').replace(/^<|>$/g, '');
    expect(unsubscribe.startsWith(`${PUBLIC_URL}/api/unsubscribe?token=`)).toBe(true);
    const forged = await fetch(local(`${unsubscribe}x`));
    expect(forged.status).toBe(404);
    const res = await fetch(local(unsubscribe));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will no longer receive highlight e-mails.');
    expect((await api(app.baseUrl, 'GET', '/api/user/settings', { token: alice })).json.notifications).toMatchObject({
      highlightCompletion: false,
      uploadConfirmation: true,
    });
    // RFC 8058 one-click: a POST to the same URL.
    expect(
      (
        await fetch(local(unsubscribe), {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);

    // With the flag off, the next reel sends nothing, and the history says why.
    const again = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token: alice, body: { targetLength: 15, quality: '480p' } });
    const deadline = Date.now() + 180_000;
    let history: Array<Record<string, any>> = [];
    while (Date.now() < deadline) {
      history = (await api(app.baseUrl, 'GET', '/api/user/notifications', { token: alice })).json as never;
      if (history.some((m) => m.kind === 'highlight' && m.status === 'skipped')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(again.status).toBe(202);
    expect(history.find((m) => m.kind === 'highlight' && m.status === 'skipped')).toMatchObject({
      detail: 'Highlight e-mails are turned off in your settings',
    });
    expect(smtp.to('alice@example.com').filter((m) => m.subject.startsWith('Your highlight reel'))).toHaveLength(1);
    expect(
      history
        .filter((m) => m.status === 'sent')
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['highlight', 'upload']);
    expect((await api(app.baseUrl, 'GET', '/api/user/notifications', { token: bob })).json).toEqual([]);
  });

  it('mails a finished bulk batch once, with its counts and report link, and no mail per video', async () => {
    await api(app.baseUrl, 'PATCH', '/api/user/settings', { token: bob, body: { email: 'bulk-bob@example.com' } });
    const created = await api(app.baseUrl, 'POST', '/api/batches', { token: bob, body: { name: 'Cup <day> 1' } });
    const upload = await postBulk(`${app.baseUrl}/api/batches/${created.json.id}/videos/bulk`, bob, [
      { path: tinyClip(0), filename: 'a.mp4' },
      { path: tinyClip(1), filename: 'b.mp4' },
    ]);
    expect(upload.status).toBe(201);
    const [mail] = await smtp.waitFor('bulk-bob@example.com', 1, 240_000, (m) => m.subject.startsWith('Your batch'));
    expect(mail.subject).toBe('Your batch "Cup <day> 1" has finished');
    expect(mail.text).toContain('2 of 2 videos processed, 0 failed.');
    expect(linksOf(mail.html)).toContain(`${PUBLIC_URL}/bulk-upload?batch=${created.json.id}`);
    // Every event of the batch has been handled by notifications (acknowledged) and every mail it
    // recorded has left the outbox: what SMTP got and the history say all there is.
    const nc = await connect({ servers: app.env.NATS_URL });
    try {
      for (const durable of ['notifications-video-processed', 'notifications-highlights-ready', 'notifications-batch-finished'])
        await waitUntilConsumed(nc, durable);
    } finally {
      await nc.close();
    }
    const history = await eventually(async () => {
      const mails = (await api(app.baseUrl, 'GET', '/api/user/notifications', { token: bob })).json as Array<Record<string, unknown>>;
      expect(mails.map((m) => m.status)).not.toContain('pending');
      return mails;
    });
    expect(smtp.to('bulk-bob@example.com').map((m) => m.subject)).toEqual(['Your batch "Cup <day> 1" has finished']);
    const perVideo = history.filter((m) => m.kind === 'upload' || m.kind === 'highlight');
    expect(perVideo.map((m) => [m.status, m.detail])).toEqual(Array(4).fill(['skipped', 'Part of a bulk batch: one e-mail when the batch finishes']));
  });

  it('mails the reason when an upload fails', async () => {
    rmSync(workDir, { recursive: true, force: true });
    try {
      const created = await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4', { title: 'Broken' });
      const failed = await waitForVideo(app.baseUrl, alice, created.json.id, (v) => v.status === 'error', 90_000);
      const [mail] = await smtp.waitFor('alice@example.com', 1, 30_000, (m) => m.subject === 'We could not process "Broken"');
      expect(mail.text).toContain(`Reason: ${failed.errorReason}`);
      expect(mail.text).toContain('Open the video and press Retry.');
    } finally {
      mkdirSync(workDir, { recursive: true });
    }
  });

  it('sends test e-mails and answers 429 with Retry-After past the limit', async () => {
    expect((await api(app.baseUrl, 'POST', '/api/test-email', { token: bob, body: { email: '', type: 'upload' } })).status).toBe(400);
    expect(
      (await api(app.baseUrl, 'POST', '/api/test-email', { token: bob, body: { email: 'bob@example.com', type: 'upload', cc: 'x@example.com' } })).status,
    ).toBe(400);
    const first = await api(app.baseUrl, 'POST', '/api/test-email', { token: bob, body: { email: 'bob@example.com', type: 'highlight' } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ message: 'Test highlight e-mail sent to bob@example.com' });
    expect((await api(app.baseUrl, 'POST', '/api/test-email', { token: bob, body: { email: 'bob@example.com', type: 'error' } })).status).toBe(200);
    const limited = await api(app.baseUrl, 'POST', '/api/test-email', { token: bob, body: { email: 'bob@example.com', type: 'upload' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.error).toMatch(/^Too many test e-mails\. Please wait \d+ seconds and try again\.$/);
    const mails = await smtp.waitFor('bob@example.com', 2);
    expect(mails.map((m) => m.subject)).toEqual(['[Test] Your highlight reel of "Sample match" is ready', '[Test] We could not process "Sample match"']);
    expect((await api(app.baseUrl, 'POST', '/api/test-email', { body: { email: 'bob@example.com', type: 'upload' } })).status).toBe(401);
  });

  it('sends one weekly digest for a week with activity, with two notifications processes running', async () => {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const { stack: extra } = await startReplicas(app, ['notifications']);
    try {
      const [{ user_id: userId }] = (await db.query(`SELECT user_id FROM notifications.settings WHERE email = 'alice@example.com'`)).rows;
      // Alice's activity so far (uploads, reels, the failure) moved into the week whose digest is due now.
      const week = dueDigestWeek(new Date(), 1, 8);
      await db.query(`UPDATE notifications.activity SET occurred_at = $2 WHERE user_id = $1`, [userId, new Date(week.start.getTime() + 86_400_000)]);
      const [digest] = await smtp.waitFor('alice@example.com', 1, 30_000, (m) => m.subject.startsWith('Your Reelsmith week'));
      expect(digest.subject).toBe(`Your Reelsmith week: ${week.label}`);
      // One video processed, two reels (the second one's mail was turned off, the reel still counts), the failed upload.
      expect(digest.text).toMatch(/- 1 new video\n- 2 reels made\n- \d+:\d\d of footage processed\n- 1 failure\n/);
      // Both processes check every second: a few more rounds, still one digest.
      await new Promise((r) => setTimeout(r, 4000));
      expect(smtp.to('alice@example.com').filter((m) => m.subject.startsWith('Your Reelsmith week'))).toHaveLength(1);
    } finally {
      await extra.stop();
      await db.end();
    }
  });
});
