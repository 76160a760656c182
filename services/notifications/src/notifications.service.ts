import { TEST_EMAIL_TYPES, type TestEmailType } from '@reelsmith/proto/http';
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import {
  createLogger,
  ErrorCode,
  type EventContext,
  type Logger,
  mailsSent,
  ObjectStorage,
  RpcClient,
  RpcFailure,
  type WindowCounter,
  withDefaultSettings,
  DEFAULT_SETTINGS,
} from '@reelsmith/kit';
import { batchesV1, mediaV1, notificationsV1 } from '@reelsmith/proto';
import type { NotificationsConfig } from './config';
import type { InlineImage } from './entities/mail.entity';
import type { SettingsEntity } from './entities/settings.entity';
import { MailTransport } from './mail.transport';
import { Mailer, smtpError } from './mailer';
import { NotificationsRepository } from './notifications.repository';
import { CATEGORIES, categoryOfKind, checkPatch, isEmail, type SettingsPatch } from './settings-rules';
import { renderMail, sampleContent } from './templates';
import { MEDIA_RPC, NOTIFICATIONS_CONFIG, TEST_EMAIL_COUNTER } from './tokens';
import { verifyUnsubscribe } from './unsubscribe-token';

/** Deliveries of an event that wait for media before its mail goes without media's details. */
const MEDIA_PATIENCE_ATTEMPTS = 5;
/** Videos of a bulk batch get one mail for the whole batch, not one each. */
const IN_BATCH = 'Part of a bulk batch: one e-mail when the batch finishes';
const MAX_THUMBNAIL_BYTES = 512 * 1024;

@Injectable()
export class NotificationsService {
  private readonly logger: Logger;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mailer: Mailer,
    private readonly transport: MailTransport,
    @Inject(TEST_EMAIL_COUNTER) private readonly testEmails: WindowCounter,
    @Inject(MEDIA_RPC) private readonly media: RpcClient,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly storage: ObjectStorage,
  ) {
    this.logger = createLogger('notifications', config.LOG_LEVEL);
  }

  /** The video's thumbnail as an inline image of the reel mail; none when it has none (or it is too big). */
  private async thumbnailOf(userId: string, videoId: string): Promise<InlineImage[]> {
    try {
      const object = await this.media.call(mediaV1.MediaService.method.objectResolve, { userId, videoId, kind: mediaV1.ObjectKind.THUMBNAIL });
      const size = Number(object.size) || (await this.storage.stat(object.key))?.size || 0;
      if (size <= 0 || size > MAX_THUMBNAIL_BYTES) return [];
      const bytes = await this.storage.readHead(object.key, size);
      return [
        { cid: `thumbnail-${videoId}@reelsmith`, filename: 'thumbnail.jpg', contentType: object.contentType || 'image/jpeg', base64: bytes.toString('base64') },
      ];
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) return [];
      throw err;
    }
  }

  /**
   * What media says, for a mail's details: NOT_FOUND (deleted since) gives `fallback`; media being
   * away retries the event, until its MEDIA_PATIENCE_ATTEMPTS-th delivery, which goes on with
   * `fallback` so a mail is late at worst, never lost to media being down.
   */
  private async fromMedia<T>(ctx: EventContext, ask: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await ask();
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) return fallback;
      if (ctx.attempt < MEDIA_PATIENCE_ATTEMPTS) throw err;
      this.logger.warn({ err, eventId: ctx.id, attempt: ctx.attempt }, 'media did not answer; the mail goes without its details');
      return fallback;
    }
  }

  /** The bulk batch a video belongs to ('' for none, or when it is gone). */
  private batchOf(ctx: EventContext, userId: string, videoId: string): Promise<string> {
    return this.fromMedia(ctx, async () => (await this.media.call(mediaV1.MediaService.method.videosGet, { userId, videoId })).batchId, '');
  }

  async getSettings(userId: string): Promise<notificationsV1.Settings> {
    return toSettingsMessage(await this.repository.findSettings(userId));
  }

  async updateSettings(request: notificationsV1.SettingsUpdateRequest): Promise<notificationsV1.Settings> {
    const patch: SettingsPatch = {};
    for (const key of [
      'email',
      'name',
      'uploadConfirmation',
      'highlightCompletion',
      'processingErrors',
      'weeklyDigest',
      'autoDeleteAfter30Days',
      'publicHighlights',
      'musicTrackId',
      'transcriptLanguage',
    ] as const) {
      if (request[key] !== undefined) (patch as Record<string, unknown>)[key] = request[key];
    }
    const result = checkPatch(patch);
    if (!result.ok) throw RpcFailure.invalid(result.violations[0].message, result.violations);
    return toSettingsMessage(await this.repository.saveSettings(request.userId, result.fields));
  }

  /** Sends the sample of a type to an address at once (one SMTP attempt), logged like any mail. */
  async sendTestEmail(request: notificationsV1.TestEmailSendRequest): Promise<notificationsV1.TestEmailSendResponse> {
    const email = request.email.trim();
    if (!email) throw RpcFailure.invalid('Required', [{ field: 'email', message: 'Required' }]);
    if (!isEmail(email)) throw RpcFailure.invalid('Invalid email', [{ field: 'email', message: 'Invalid email' }]);
    if (!TEST_EMAIL_TYPES.includes(request.type as TestEmailType)) {
      throw RpcFailure.invalid('Type must be upload, highlight or error', [{ field: 'type', message: 'Expected upload, highlight or error' }]);
    }
    const count = await this.testEmails.hit(request.userId).catch(() => {
      throw RpcFailure.unavailable('Test e-mails cannot be counted right now. Try again in a moment.');
    });
    if (count.count > this.config.TEST_EMAIL_LIMIT) {
      const seconds = Math.max(1, Math.ceil(count.resetInMs / 1000));
      throw RpcFailure.exhausted(`Too many test e-mails. Please wait ${seconds} seconds and try again.`, seconds);
    }
    const settings = await this.repository.findSettings(request.userId);
    // A test carries what a real mail of its type carries: the one-click unsubscribe of that type's category.
    const category = categoryOfKind(request.type as TestEmailType);
    const unsubscribeUrl = this.mailer.unsubscribeUrl(request.userId, category);
    const rendered = renderMail(sampleContent(request.type as TestEmailType), {
      publicUrl: this.config.PUBLIC_URL,
      name: settings?.name ?? '',
      test: true,
      unsubscribeUrl,
    });
    const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const id = randomUUID();
    const dedupeKey = `test:${id}`;
    await this.repository.recordMail({
      dedupeKey,
      userId: request.userId,
      kind: 'test',
      toAddress: email,
      ...rendered,
      headers,
      status: 'skipped',
      detail: 'sending',
    });
    try {
      await this.transport.send({ from: this.config.MAIL_FROM, to: email, ...rendered, headers, messageId: this.mailer.messageIdOf(id) });
      await this.repository.finishTestMail(dedupeKey, 'sent', '');
      mailsSent.inc({ template: 'test', outcome: 'sent' });
    } catch (err) {
      const error = smtpError(err);
      await this.repository.finishTestMail(dedupeKey, 'failed', error);
      mailsSent.inc({ template: 'test', outcome: 'failed' });
      this.logger.warn({ error }, 'test e-mail not sent');
      throw RpcFailure.unavailable('The mail server did not accept the test e-mail. Try again in a moment.');
    }
    return create(notificationsV1.TestEmailSendResponseSchema, { message: `Test ${request.type} e-mail sent to ${email}` });
  }

  async listMails(userId: string, limit: number): Promise<notificationsV1.MailList> {
    const mails = await this.repository.listMails(userId, Math.min(Math.max(limit || 20, 1), 100));
    return create(notificationsV1.MailListSchema, {
      mails: mails.map((m) => ({
        id: m.id,
        kind: m.kind,
        subject: m.subject,
        to: m.toAddress,
        status: m.status,
        detail: m.detail,
        attempts: m.attempts,
        createdAt: timestampFromDate(m.createdAt),
        sentAt: m.sentAt ? timestampFromDate(m.sentAt) : undefined,
      })),
    });
  }

  async unsubscribe(token: string): Promise<notificationsV1.UnsubscribeResponse> {
    const verified = verifyUnsubscribe(this.config.UNSUBSCRIBE_SECRET, token);
    if (!verified) throw RpcFailure.notFound('This unsubscribe link is not valid.');
    await this.repository.saveSettings(verified.userId, { [verified.category]: false });
    return create(notificationsV1.UnsubscribeResponseSchema, {
      category: verified.category,
      message: `You will no longer receive ${CATEGORIES[verified.category].label} e-mails. You can turn them on again in Settings.`,
    });
  }

  async autoDeleteUsers(): Promise<notificationsV1.AutoDeleteUsers> {
    return create(notificationsV1.AutoDeleteUsersSchema, { userIds: await this.repository.autoDeleteUsers() });
  }

  // Events (durable consumers; each mail is keyed by the event id, so a redelivery is one mail).

  async onVideoProcessed(event: mediaV1.VideoProcessed, ctx: EventContext) {
    await this.repository.recordActivity(ctx.id, event.userId, 'video', event.duration, ctx.occurredAt ?? new Date());
    const dedupeKey = `evt:${ctx.id}`;
    if (await this.repository.hasMail(dedupeKey)) return;
    const inBatch = (await this.mailer.wants(event.userId, 'uploadConfirmation')) && (await this.batchOf(ctx, event.userId, event.videoId));
    await this.mailer.compose(
      event.userId,
      dedupeKey,
      'uploadConfirmation',
      { kind: 'upload', videoId: event.videoId, title: event.title, duration: event.duration },
      [],
      inBatch ? IN_BATCH : undefined,
    );
  }

  async onVideoFailed(event: mediaV1.VideoFailed, ctx: EventContext) {
    await this.repository.recordActivity(ctx.id, event.userId, 'failure', 0, ctx.occurredAt ?? new Date());
    const dedupeKey = `evt:${ctx.id}`;
    if (await this.repository.hasMail(dedupeKey)) return;
    const inBatch = (await this.mailer.wants(event.userId, 'processingErrors')) && (await this.batchOf(ctx, event.userId, event.videoId));
    await this.mailer.compose(
      event.userId,
      dedupeKey,
      'processingErrors',
      { kind: 'error', videoId: event.videoId, title: event.title, reason: event.reason, what: 'video' },
      [],
      inBatch ? IN_BATCH : undefined,
    );
  }

  async onHighlightsFailed(event: mediaV1.HighlightsFailed, ctx: EventContext) {
    await this.repository.recordActivity(ctx.id, event.userId, 'failure', 0, ctx.occurredAt ?? new Date());
    await this.mailer.compose(event.userId, `evt:${ctx.id}`, 'processingErrors', {
      kind: 'error',
      videoId: event.videoId,
      title: event.title,
      reason: event.reason,
      what: 'highlight',
    });
  }

  async onHighlightsReady(event: mediaV1.HighlightsReady, ctx: EventContext) {
    await this.repository.recordActivity(ctx.id, event.userId, 'reel', 0, ctx.occurredAt ?? new Date());
    if (event.kind && event.kind !== 'highlights') return; // editor exports are not "highlight completion"
    const dedupeKey = `evt:${ctx.id}`;
    if (await this.repository.hasMail(dedupeKey)) return;
    // Details only for a mail that will go out: a skipped one must not wait for media.
    if (!(await this.mailer.wants(event.userId, 'highlightCompletion'))) {
      await this.mailer.compose(event.userId, dedupeKey, 'highlightCompletion', {
        kind: 'highlight',
        videoId: event.videoId,
        title: event.title,
        reelSeconds: 0,
        moments: [],
      });
      return;
    }
    const highlight = await this.fromMedia(
      ctx,
      () => this.media.call(mediaV1.MediaService.method.highlightsGet, { userId: event.userId, highlightId: event.highlightId }),
      null,
    );
    const content = {
      kind: 'highlight' as const,
      videoId: event.videoId,
      title: event.title,
      reelSeconds: highlight?.reelDuration ?? 0,
      moments: (highlight?.moments ?? []).map((m) => ({ start: m.start, end: m.end, reasons: [...m.reasons] })),
    };
    // The first reel of a batch video is the batch's own (its mail is the batch mail); a reel made later is the user's.
    if (highlight?.version === 1 && (await this.batchOf(ctx, event.userId, event.videoId))) {
      await this.mailer.compose(event.userId, dedupeKey, 'highlightCompletion', content, [], IN_BATCH);
      return;
    }
    const thumbnail = await this.fromMedia(ctx, () => this.thumbnailOf(event.userId, event.videoId), []);
    await this.mailer.compose(event.userId, dedupeKey, 'highlightCompletion', content, thumbnail);
  }

  async onBatchFinished(event: batchesV1.BatchFinished, ctx: EventContext) {
    await this.mailer.compose(event.userId, `evt:${ctx.id}`, 'highlightCompletion', {
      kind: 'batch',
      batchId: event.batchId,
      name: event.name,
      status: event.status,
      total: event.totalVideos,
      processed: event.processedVideos,
      failed: event.failedVideos,
    });
  }
}

export function toSettingsMessage(settings: SettingsEntity | null): notificationsV1.Settings {
  // The entity holds the flags side by side: each group reads its own from it.
  return create(notificationsV1.SettingsSchema, {
    ...withDefaultSettings(settings && { email: settings.email, name: settings.name, notifications: settings, privacy: settings }),
    musicTrackId: settings?.musicTrackId ?? '',
    transcriptLanguage: settings?.transcriptLanguage ?? DEFAULT_SETTINGS.transcriptLanguage,
  });
}
