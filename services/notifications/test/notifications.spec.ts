import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, EventPublisher, RpcClient } from '@reelsmith/kit';
import { batchesV1, commonV1, mediaV1, notificationsV1 } from '@reelsmith/proto';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack, timestampDate } from '@bufbuild/protobuf/wkt';
import { AckPolicy, connect, nanos, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { linksOf, TestSmtpServer } from '../../../test/support/smtp';
import { eventually, waitUntilConsumed } from '../../../test/support/wait';
import { createReadStream } from 'node:fs';
import { ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { tinyClip } from '../../../test/support/batch-media';
import { configSchema as mediaConfigSchema } from '../../media/src/config';
import { MediaModule } from '../../media/src/media.module';
import { configSchema } from '../src/config';
import { isoWeekStart } from '../src/iso-week';
import { NotificationsModule } from '../src/notifications.module';
import { DigestScheduler } from '../src/scheduler';

const Rpc = notificationsV1.NotificationsService.method;
const PUBLIC_URL = 'https://reels.example';

describe('notifications service over real NATS, PostgreSQL and SMTP', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let client: RpcClient;
  let nc: NatsConnection;
  let events: EventPublisher;
  let dataSource: DataSource;
  let media: INestApplication;
  const env = () => ({
    MEDIA_RPC_TIMEOUT_MS: '1000',
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    UNSUBSCRIBE_SECRET: 'unsubscribe-secret-for-tests-0123456789abcdef',
    MAIL_RETRY_BASE_MS: '300',
    MAIL_RETRY_MAX_MS: '1000',
    MAIL_MAX_ATTEMPTS: '4',
    MAIL_POLL_MS: '100',
    TEST_EMAIL_BUCKET: `test_email_${randomUUID().slice(0, 8)}`,
    TEST_EMAIL_LIMIT: '3',
  });
  const start = (extra: Record<string, string> = {}) =>
    startServiceApp('notifications', configSchema, (c) => NotificationsModule.register(c), { env: { ...env(), ...extra } });

  /** A user with an address and the given flags. */
  async function user(email: string, flags: Partial<notificationsV1.SettingsUpdateRequest> = {}) {
    const userId = randomUUID();
    await client.call(Rpc.settingsUpdate, { userId, email, name: 'Ann <b>Lee</b>', ...flags });
    return userId;
  }

  async function mailsOf(userId: string) {
    return (await client.call(Rpc.mailsList, { userId, limit: 50 })).mails;
  }

  async function waitForMail(userId: string, done: (m: notificationsV1.Mail) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await mailsOf(userId)).find(done);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no such mail: ${JSON.stringify((await mailsOf(userId)).map((m) => [m.kind, m.status, m.detail]))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    // The real media API: the service asks it for a reel's moments, the thumbnail and a video's batch.
    media = await startServiceApp('media', mediaConfigSchema, (c) => MediaModule.register(c));
    app = await start();
    client = createRpcClient(process.env.NATS_URL!, 20_000);
    await client.connect();
    nc = await connect({ servers: process.env.NATS_URL });
    events = new EventPublisher(nc.jetstream(), 'media');
    dataSource = app.get(DataSource);
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await client?.close();
    await app?.close();
    await media?.close();
    await smtp?.stop();
  });

  it('keeps settings per user: defaults, partial updates, a checked e-mail and a trimmed name', async () => {
    const userId = randomUUID();
    expect(await client.call(Rpc.settingsGet, { userId })).toMatchObject({
      email: '',
      name: '',
      notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false },
      privacy: { autoDeleteAfter30Days: false, publicHighlights: false },
    });
    const bad = await rejection(client.call(Rpc.settingsUpdate, { userId, email: 'not-an-email', name: 'X' }));
    expect(bad).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, message: 'Invalid email' });
    expect((await client.call(Rpc.settingsGet, { userId })).name).toBe('');
    await client.call(Rpc.settingsUpdate, { userId, email: ' ann@example.com ', name: '  Ann  Lee ' });
    const updated = await client.call(Rpc.settingsUpdate, { userId, weeklyDigest: true, autoDeleteAfter30Days: true });
    expect(updated).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann Lee',
      notifications: { uploadConfirmation: true, weeklyDigest: true },
      privacy: { autoDeleteAfter30Days: true },
    });
    expect((await client.call(Rpc.autoDeleteUsersList, {})).userIds).toContain(userId);
    // Another user sees only their own defaults.
    expect((await client.call(Rpc.settingsGet, { userId: randomUUID() })).email).toBe('');
  });

  it('mails an upload confirmation with both parts, escaped text, links from PUBLIC_URL and a one-click unsubscribe', async () => {
    const userId = await user('upload@example.com');
    const videoId = randomUUID();
    await events.publish(mediaV1.VideoProcessedSchema, { videoId, userId, title: 'Cup <script>alert(1)</script> final', duration: 2412 });
    const [mail] = await smtp.waitFor('upload@example.com');
    expect(mail.subject).toBe('Your video "Cup <script>alert(1)</script> final" is ready to use');
    expect(mail.header('from')).toBe('Reelsmith <no-reply@reelsmith.local>');
    expect(mail.parsed.messageId).toMatch(/@reels\.example>$/);
    expect(mail.html).toContain('Cup &lt;script&gt;alert(1)&lt;/script&gt; final');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi Ann &lt;b&gt;Lee&lt;/b&gt;,');
    expect(mail.text).toContain('"Cup <script>alert(1)</script> final" (40:12) was uploaded and processed.');
    expect(mail.text).toContain(`Open the video: ${PUBLIC_URL}/video/${videoId}`);
    const links = linksOf(mail.html);
    expect(links).toContain(`${PUBLIC_URL}/video/${videoId}`);
    const unsubscribe = links.find((l) => l.startsWith(`${PUBLIC_URL}/api/unsubscribe?token=`))!;
    expect(mail.header('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${unsubscribe}`);
    // SMTP has the mail a moment before the log says so: wait for the log, not just the row.
    expect(await waitForMail(userId, (m) => m.kind === 'upload' && m.status !== 'pending')).toMatchObject({
      status: 'sent',
      to: 'upload@example.com',
      attempts: 1,
    });

    // The link's token, with no sign-in, turns this category off and only this one.
    const token = new URL(unsubscribe).searchParams.get('token')!;
    expect(await client.call(Rpc.unsubscribe, { token })).toMatchObject({ category: 'uploadConfirmation' });
    expect((await client.call(Rpc.settingsGet, { userId })).notifications).toMatchObject({
      uploadConfirmation: false,
      highlightCompletion: true,
      processingErrors: true,
    });
    expect(await rejection(client.call(Rpc.unsubscribe, { token: `${token}x` }))).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('sends exactly one mail for an event delivered twice (replayed past the JetStream dedupe)', async () => {
    const userId = await user('replay@example.com');
    const videoId = randomUUID();
    // Take the stored event and put it on the stream again without its dedupe id: a second delivery of the same envelope.
    await events.publish(mediaV1.VideoFailedSchema, { videoId, userId, title: 'Replay', reason: 'The file is not a video we can read.' }, { onceFor: videoId });
    const jsm = await nc.jetstreamManager();
    const stored = await jsm.streams.getMessage('EVENTS', { last_by_subj: 'evt.media.video.failed' });
    await nc.jetstream().publish(stored.subject, stored.data);
    await nc.jetstream().publish(stored.subject, stored.data);
    const [mail] = await smtp.waitFor('replay@example.com');
    expect(mail.subject).toBe('We could not process "Replay"');
    expect(mail.text).toContain('Reason: The file is not a video we can read.');
    expect(mail.text).toContain('Open the video and press Retry.');
    // Every delivery has been handled once the consumer has acknowledged the last one; the one mail
    // it recorded has been sent, so nothing more can go out for them.
    await waitUntilConsumed(nc, 'notifications-video-failed');
    expect((await mailsOf(userId)).filter((m) => m.kind === 'error').map((m) => m.status)).toEqual(['sent']);
    expect(smtp.to('replay@example.com')).toHaveLength(1);
  });

  it('skips a mail whose flag is off, or when the user has no e-mail, and logs it as skipped', async () => {
    const off = await user('off@example.com', { highlightCompletion: false });
    await events.publish(mediaV1.HighlightsReadySchema, { highlightId: randomUUID(), videoId: randomUUID(), userId: off, title: 'Muted', kind: 'highlights' });
    expect(await waitForMail(off, (m) => m.kind === 'highlight')).toMatchObject({
      status: 'skipped',
      detail: 'Highlight e-mails are turned off in your settings',
    });
    const noAddress = randomUUID();
    await events.publish(batchesV1.BatchFinishedSchema, {
      batchId: randomUUID(),
      userId: noAddress,
      name: 'Cup',
      status: 'completed',
      totalVideos: 3,
      processedVideos: 2,
      failedVideos: 1,
    });
    expect(await waitForMail(noAddress, (m) => m.kind === 'batch')).toMatchObject({ status: 'skipped', detail: 'No e-mail address in your settings' });
    // The flag off is the only difference: a user with it on gets the batch mail with counts and the report link.
    const on = await user('batch@example.com');
    const batchId = randomUUID();
    await events.publish(batchesV1.BatchFinishedSchema, {
      batchId,
      userId: on,
      name: 'Cup',
      status: 'completed',
      totalVideos: 3,
      processedVideos: 2,
      failedVideos: 1,
    });
    const [mail] = await smtp.waitFor('batch@example.com');
    expect(mail.text).toContain('2 of 3 videos processed, 1 failed.');
    expect(linksOf(mail.html)).toContain(`${PUBLIC_URL}/bulk-upload?batch=${batchId}`);
    expect(smtp.to('off@example.com')).toHaveLength(0);
  });

  it('loses no mail while SMTP is down and sends it once the server is back', async () => {
    const userId = await user('outage@example.com');
    await smtp.stop();
    try {
      await events.publish(mediaV1.VideoProcessedSchema, { videoId: randomUUID(), userId, title: 'During the outage', duration: 60 });
      const pending = await waitForMail(userId, (m) => m.kind === 'upload' && m.attempts >= 1);
      expect(pending.status).toBe('pending');
      expect(pending.detail).toMatch(/ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    const [mail] = await smtp.waitFor('outage@example.com', 1, 20_000);
    expect(mail.subject).toBe('Your video "During the outage" is ready to use');
    expect(await waitForMail(userId, (m) => m.kind === 'upload' && m.status === 'sent')).toBeTruthy();
  });

  it('retries a refused mail with backoff and logs it as failed with the SMTP error', async () => {
    const userId = await user('reject@example.com');
    await events.publish(mediaV1.VideoProcessedSchema, { videoId: randomUUID(), userId, title: 'Bounced', duration: 5 });
    const failed = await waitForMail(userId, (m) => m.status === 'failed');
    expect(failed.attempts).toBe(4);
    expect(failed.detail).toMatch(/550/);
    const [row] = await dataSource.query(`SELECT created_at, next_attempt_at FROM notifications.mails WHERE id = $1`, [failed.id]);
    expect(row.next_attempt_at).toBeNull();
  });

  it('sends test e-mails of each type and limits them per user with a retry time', async () => {
    const userId = randomUUID();
    for (const type of ['upload', 'highlight', 'error']) {
      expect(await client.call(Rpc.testEmailSend, { userId, email: 'tester@example.com', type })).toEqual(
        expect.objectContaining({ message: `Test ${type} e-mail sent to tester@example.com` }),
      );
    }
    const mails = await smtp.waitFor('tester@example.com', 3);
    expect(mails.map((m) => m.subject)).toEqual([
      '[Test] Your video "Sample match" is ready to use',
      '[Test] Your highlight reel of "Sample match" is ready',
      '[Test] We could not process "Sample match"',
    ]);
    expect(mails[1].text).toContain('1. 5:12-5:21  crowd roar, fast action');
    // Each carries its type's one-click unsubscribe, and its button opens a page that exists (the sample video does not).
    for (const mail of mails) {
      expect(mail.header('list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/);
      expect(mail.text).toMatch(/Unsubscribe from these e-mails: https?:\/\/\S+\/api\/unsubscribe\?token=/);
      expect(mail.html).not.toContain('/video/00000000-0000-4000-8000-000000000000');
      expect(mail.text).toMatch(/: https?:\/\/\S+\/videos$/m);
    }
    const limited = await rejection(client.call(Rpc.testEmailSend, { userId, email: 'tester@example.com', type: 'upload' }));
    expect(limited.code).toBe(ErrorCode.RESOURCE_EXHAUSTED);
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(smtp.to('tester@example.com')).toHaveLength(3);
    // Another user has their own budget; bad input is refused before counting.
    expect(await rejection(client.call(Rpc.testEmailSend, { userId: randomUUID(), email: 'nope', type: 'upload' }))).toMatchObject({
      message: 'Invalid email',
    });
    expect(await rejection(client.call(Rpc.testEmailSend, { userId: randomUUID(), email: 'a@example.com', type: 'digest' }))).toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
    });
    expect((await mailsOf(userId)).map((m) => [m.kind, m.status])).toEqual([
      ['test', 'sent'],
      ['test', 'sent'],
      ['test', 'sent'],
    ]);
  });

  it('sends one weekly digest per user and week, even with two replicas checking at once', async () => {
    const userId = await user('digest@example.com', { weeklyDigest: true });
    const quiet = await user('quiet@example.com', { weeklyDigest: true });
    await events.publish(mediaV1.VideoProcessedSchema, { videoId: randomUUID(), userId, title: 'One', duration: 600 });
    await events.publish(mediaV1.VideoProcessedSchema, { videoId: randomUUID(), userId, title: 'Two', duration: 300 });
    await events.publish(mediaV1.HighlightsFailedSchema, { highlightId: randomUUID(), videoId: randomUUID(), userId, title: 'Two', reason: 'x' });
    await smtp.waitFor('digest@example.com', 3);
    const second = await start();
    try {
      const nextWeek = new Date(isoWeekStart(new Date()).getTime() + 7 * 86_400_000 + 9 * 3_600_000);
      const runs = await Promise.all([
        app.get(DigestScheduler).runDue(nextWeek),
        second.get(DigestScheduler).runDue(nextWeek),
        app.get(DigestScheduler).runDue(nextWeek),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      const digests = await smtp.waitFor('digest@example.com', 1, 20_000, (m) => m.subject.startsWith('Your Reelsmith week'));
      expect(digests[0].text).toContain('- 2 new videos');
      expect(digests[0].text).toContain('- 15:00 of footage processed');
      expect(digests[0].text).toContain('- 1 failure');
      expect(await second.get(DigestScheduler).runDue(nextWeek)).toBe(0);
      // Every run has returned, so every digest it composed is recorded; once none of them waits in
      // the outbox, what SMTP got is all there will be.
      const digestMails = await eventually(async () => {
        const mails = (await mailsOf(userId)).filter((m) => m.kind === 'digest');
        expect(mails.map((m) => m.status)).not.toContain('pending');
        return mails;
      });
      expect(digestMails.map((m) => m.status)).toEqual(['sent']);
      expect(smtp.to('digest@example.com').filter((m) => m.subject.startsWith('Your Reelsmith week'))).toHaveLength(1);
      expect(smtp.to('quiet@example.com')).toHaveLength(0);
    } finally {
      await second.close();
    }
    void quiet;
  });

  it('asks media once a day to auto-delete for each user who turned it on, even with two replicas', async () => {
    const keen = await user('keen@example.com', { autoDeleteAfter30Days: true });
    const notKeen = await user('calm@example.com');
    const second = await start();
    try {
      const day = new Date(Date.UTC(2031, 0, 15, 3));
      const runs = await Promise.all([
        app.get(DigestScheduler).runAutoDelete(day),
        second.get(DigestScheduler).runAutoDelete(day),
        app.get(DigestScheduler).runAutoDelete(day),
      ]);
      expect(runs.filter((n) => n > 0)).toHaveLength(1);
      expect(await second.get(DigestScheduler).runAutoDelete(new Date(day.getTime() + 3_600_000))).toBe(0);
      // Every auto.delete.due event on the stream for that day: one per keen user, none for the others.
      const consumer = await nc
        .jetstream()
        .consumers.get(
          'EVENTS',
          (
            await (
              await nc.jetstreamManager()
            ).consumers.add('EVENTS', { filter_subject: 'evt.notifications.auto.delete.due', ack_policy: AckPolicy.None, inactive_threshold: nanos(60_000) })
          ).name,
        );
      const seen: notificationsV1.AutoDeleteDue[] = [];
      for (;;) {
        const msg = await consumer.next({ expires: 1000 });
        if (!msg) break;
        const envelope = fromBinary(commonV1.EventEnvelopeSchema, msg.data);
        seen.push(anyUnpack(envelope.payload!, notificationsV1.AutoDeleteDueSchema)!);
      }
      const ofDay = seen.filter((e) => e.day === '2031-01-15');
      expect(ofDay.filter((e) => e.userId === keen)).toHaveLength(1);
      expect(ofDay.filter((e) => e.userId === notKeen)).toHaveLength(0);
      const cutOff = timestampDate(ofDay.find((e) => e.userId === keen)!.before!);
      expect(cutOff.toISOString()).toBe(new Date(day.getTime() - 30 * 86_400_000).toISOString());
    } finally {
      await second.close();
    }
  });

  it('deletes settled mails past their retention once a day, never a pending one', async () => {
    const userId = randomUUID();
    const day = new Date(Date.UTC(2031, 5, 1, 3));
    const insert = (key: string, status: string, daysBefore: number) =>
      dataSource.query(
        `INSERT INTO notifications.mails (dedupe_key, user_id, kind, status, created_at, next_attempt_at) VALUES ($1, $2, 'upload', $3, $4, $5)`,
        [key, userId, status, new Date(day.getTime() - daysBefore * 86_400_000), status === 'pending' ? day : null],
      );
    await insert(`old-sent-${userId}`, 'sent', 200);
    await insert(`old-pending-${userId}`, 'pending', 200);
    await insert(`new-sent-${userId}`, 'sent', 10);
    const runs = await Promise.all([app.get(DigestScheduler).runRetention(day), app.get(DigestScheduler).runRetention(day)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    const left = await dataSource.query(`SELECT dedupe_key FROM notifications.mails WHERE user_id = $1 ORDER BY dedupe_key`, [userId]);
    expect(left.map((r: { dedupe_key: string }) => r.dedupe_key)).toEqual([`new-sent-${userId}`, `old-pending-${userId}`]);
  });

  it('sends no per-video mails for the videos of a bulk batch (the batch has its own mail)', async () => {
    const userId = await user('bulk@example.com');
    const storage = new ObjectStorage(storageConfigSchema.parse(process.env));
    const objectKey = `uploads/${userId}/${randomUUID()}`;
    const size = await storage.writeStream(objectKey, createReadStream(tinyClip(0)), 'video/mp4');
    const video = await client.call(mediaV1.MediaService.method.videosImport, {
      userId,
      objectKey,
      title: 'Batch clip',
      originalFilename: 'clip.mp4',
      batchId: randomUUID(),
    });
    expect(video.batchId).not.toBe('');
    expect(size).toBeGreaterThan(0);
    await events.publish(mediaV1.VideoProcessedSchema, { videoId: video.id, userId, title: 'Batch clip', duration: 2 });
    expect(await waitForMail(userId, (m) => m.kind === 'upload')).toMatchObject({
      status: 'skipped',
      detail: 'Part of a bulk batch: one e-mail when the batch finishes',
    });
    expect(smtp.to('bulk@example.com')).toHaveLength(0);
  });

  it('sends the reel mail without its details when media stays away, rather than losing it', async () => {
    const userId = await user('patient@example.com');
    await media.close();
    media = undefined as never;
    await events.publish(mediaV1.HighlightsReadySchema, {
      highlightId: randomUUID(),
      videoId: randomUUID(),
      userId,
      title: 'While media was away',
      kind: 'highlights',
    });
    // Deliveries 1-4 wait for media (1 s, 2 s, 4 s, 8 s apart); the 5th goes on without it.
    const [mail] = await smtp.waitFor('patient@example.com', 1, 60_000);
    expect(mail.subject).toBe('Your highlight reel of "While media was away" is ready');
    expect(mail.parsed.attachments).toHaveLength(0);
  }, 90_000);

  it('has migrations that match the entities (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
