import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, DEFAULT_SETTINGS, type Logger, mailsSent } from '@reelsmith/kit';
import type { NotificationsConfig } from './config';
import type { InlineImage } from './entities/mail.entity';
import { MailTransport } from './mail.transport';
import { NotificationsRepository } from './notifications.repository';
import { type Category, CATEGORIES } from './settings-rules';
import { type MailContent, renderMail } from './templates';
import { NOTIFICATIONS_CONFIG } from './tokens';
import { signUnsubscribe } from './unsubscribe-token';

/** Longest a replica may hold a mail while it talks to the SMTP server; then another may take it. */
const CLAIM_MS = 120_000;

/** The delay before attempt `attempts + 1`: base, 2x, 4x ... capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The outbox: `compose` decides on a mail (the user's flag and address, rendered once, recorded
 * under its dedupe key so an event delivered twice is one mail) and the sender loop of every
 * replica takes due mails one at a time (a claimed row, SKIP LOCKED), sends them over SMTP and
 * retries failures with a doubling delay until MAIL_MAX_ATTEMPTS, when the mail is logged as
 * failed with the SMTP error. Everything is in PostgreSQL: a restart forgets nothing, and SMTP
 * being down only delays mails, never the events (or the uploads) that caused them.
 */
@Injectable()
export class Mailer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private stopping = false;
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly transport: MailTransport,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {
    this.logger = createLogger('notifications', config.LOG_LEVEL);
  }

  unsubscribeUrl(userId: string, category: Category): string {
    return `${this.config.PUBLIC_URL}/api/unsubscribe?token=${signUnsubscribe(this.config.UNSUBSCRIBE_SECRET, userId, category)}`;
  }

  /**
   * Records the mail of an event for its user, once per dedupe key: pending when the user wants it
   * and has an address, else skipped with the reason. False when the key was already recorded.
   */
  async compose(
    userId: string,
    dedupeKey: string,
    category: Category,
    content: MailContent,
    inlineImages: InlineImage[] = [],
    skipBecause?: string,
  ): Promise<boolean> {
    if (await this.repository.hasMail(dedupeKey)) return false;
    const settings = await this.repository.findSettings(userId);
    const wanted = settings ? settings[category] : DEFAULT_SETTINGS.notifications[category];
    const base = { dedupeKey, userId, kind: content.kind, toAddress: settings?.email ?? '', html: '', text: '', headers: {} };
    if (skipBecause) {
      return this.repository.recordMail({
        ...base,
        subject: renderMail(content, this.context(userId, category, '')).subject,
        status: 'skipped',
        detail: skipBecause,
      });
    }
    if (!wanted) {
      return this.repository.recordMail({
        ...base,
        subject: renderMail(content, this.context(userId, category, '')).subject,
        status: 'skipped',
        detail: `${capitalise(CATEGORIES[category].label)} e-mails are turned off in your settings`,
      });
    }
    const rendered = renderMail(
      { ...content, ...(inlineImages.length && content.kind === 'highlight' ? { thumbnailCid: inlineImages[0].cid } : {}) },
      this.context(userId, category, settings?.name ?? ''),
    );
    if (!settings?.email) {
      return this.repository.recordMail({ ...base, subject: rendered.subject, status: 'skipped', detail: 'No e-mail address in your settings' });
    }
    const unsubscribe = this.unsubscribeUrl(userId, category);
    const recorded = await this.repository.recordMail({
      ...base,
      ...rendered,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      status: 'pending',
      inlineImages,
    });
    if (recorded) this.wake?.();
    return recorded;
  }

  /** Whether a mail of this category would be sent (the flag is on and there is an address). */
  async wants(userId: string, category: Category): Promise<boolean> {
    const settings = await this.repository.findSettings(userId);
    return Boolean(settings?.email) && settings![category];
  }

  private context(userId: string, category: Category, name: string) {
    return { publicUrl: this.config.PUBLIC_URL, name, unsubscribeUrl: this.unsubscribeUrl(userId, category) };
  }

  messageIdOf(mailId: string): string {
    return `<${mailId}@${new URL(this.config.PUBLIC_URL).hostname || 'reelsmith'}>`;
  }

  /** Sends one due mail if there is one; true when it took one (sent or not). */
  async sendOneDue(): Promise<boolean> {
    const mail = await this.repository.claimDueMail(CLAIM_MS);
    if (!mail) return false;
    try {
      const messageId = await this.transport.send({
        from: this.config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: this.messageIdOf(mail.id),
        attachments: mail.inlineImages.map((i) => ({ filename: i.filename, cid: i.cid, contentType: i.contentType, content: Buffer.from(i.base64, 'base64') })),
      });
      await this.repository.markSent(mail.id, messageId);
      mailsSent.inc({ template: mail.kind, outcome: 'sent' });
      this.logger.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
    } catch (err) {
      const attempts = mail.attempts + 1;
      const error = smtpError(err);
      const last = attempts >= this.config.MAIL_MAX_ATTEMPTS;
      const next = last ? null : new Date(Date.now() + retryDelayMs(attempts, this.config.MAIL_RETRY_BASE_MS, this.config.MAIL_RETRY_MAX_MS));
      await this.repository.markAttemptFailed(mail.id, error, next);
      if (last) mailsSent.inc({ template: mail.kind, outcome: 'failed' });
      if (last) this.logger.error({ mailId: mail.id, kind: mail.kind, attempts, error }, 'mail failed for the last time');
      else this.logger.warn({ mailId: mail.id, kind: mail.kind, attempts, error, retryAt: next }, 'mail not sent; it will be retried');
    }
    return true;
  }

  onApplicationBootstrap() {
    this.loop = (async () => {
      let unreadable = false;
      while (!this.stopping) {
        let took = false;
        try {
          took = await this.sendOneDue();
          if (unreadable) this.logger.info('outbox readable again');
          unreadable = false;
        } catch (err) {
          // The database is away: wait for it in place, mails stay in the outbox.
          this.logger.warn({ err }, 'outbox not readable; retrying');
          unreadable = true;
        }
        if (!took && !this.stopping) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.config.MAIL_POLL_MS);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = undefined;
        }
      }
    })();
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The SMTP server's answer (or the connection error), without a stack. */
export function smtpError(err: unknown): string {
  const e = err as { response?: string; code?: string; message?: string };
  return (e.response || [e.code, e.message].filter(Boolean).join(': ') || String(err)).slice(0, 1000);
}
