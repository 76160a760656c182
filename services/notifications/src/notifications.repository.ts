import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type Repository } from 'typeorm';
import { ActivityEntity } from './entities/activity.entity';
import { type InlineImage, MailEntity } from './entities/mail.entity';
import { ScheduleRunEntity } from './entities/schedule-run.entity';
import { SettingsEntity } from './entities/settings.entity';
import type { SettingsPatch } from './settings-rules';

/** A mail to record: pending (to be sent) or skipped (with the reason). */
export interface NewMail {
  dedupeKey: string;
  userId: string;
  kind: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  status: 'pending' | 'skipped';
  detail?: string;
  inlineImages?: InlineImage[];
}

export interface ActivitySummary {
  videos: number;
  reels: number;
  failures: number;
  seconds: number;
}

/** Settings, the mail outbox and log, and the activity the digest sums up; every read is scoped to the user. */
export abstract class NotificationsRepository {
  abstract findSettings(userId: string): Promise<SettingsEntity | null>;
  abstract saveSettings(userId: string, patch: SettingsPatch): Promise<SettingsEntity>;
  abstract autoDeleteUsers(): Promise<string[]>;
  abstract weeklyDigestUsers(): Promise<SettingsEntity[]>;
  /** Records a mail unless one with the same dedupe key exists; true when it was new. */
  abstract recordMail(mail: NewMail): Promise<boolean>;
  abstract hasMail(dedupeKey: string): Promise<boolean>;
  /** Claims one mail due for sending (pending, next attempt passed, not claimed by another replica). */
  abstract claimDueMail(claimMs: number): Promise<MailEntity | null>;
  abstract markSent(id: string, messageId: string): Promise<void>;
  abstract markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<void>;
  /** Settles a test mail recorded before its one SMTP attempt. */
  abstract finishTestMail(dedupeKey: string, status: 'sent' | 'failed', detail: string): Promise<void>;
  abstract listMails(userId: string, limit: number): Promise<MailEntity[]>;
  abstract recordActivity(eventId: string, userId: string, kind: 'video' | 'reel' | 'failure', seconds: number, occurredAt: Date): Promise<void>;
  /**
   * Runs `work` once for `key` across every replica: records the key and runs `work` in one
   * transaction, so a failing `work` leaves the key free for the next try. False when it already ran.
   */
  abstract runOnce(key: string, work: () => Promise<void>): Promise<boolean>;
  /** Deletes settled mails created before `mailsBefore` and activity before `activityBefore`; how many of each. */
  abstract prune(mailsBefore: Date, activityBefore: Date): Promise<{ mails: number; activity: number }>;
  abstract summarizeActivity(userId: string, from: Date, to: Date): Promise<ActivitySummary>;
}

@Injectable()
export class TypeOrmNotificationsRepository extends NotificationsRepository {
  private readonly settings: Repository<SettingsEntity>;
  private readonly mails: Repository<MailEntity>;
  private readonly activity: Repository<ActivityEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.settings = dataSource.getRepository(SettingsEntity);
    this.mails = dataSource.getRepository(MailEntity);
    this.activity = dataSource.getRepository(ActivityEntity);
  }

  findSettings(userId: string) {
    return isUuid(userId) ? this.settings.findOneBy({ userId }) : Promise.resolve(null);
  }

  async saveSettings(userId: string, patch: SettingsPatch) {
    // An upsert: the first save creates the row with the defaults for what the patch leaves out.
    await this.settings
      .createQueryBuilder()
      .insert()
      .values({ userId, ...patch })
      .orUpdate(Object.keys(patch).length ? Object.keys(patch).map(toColumn) : ['user_id'], ['user_id'])
      .execute();
    return (await this.settings.findOneBy({ userId }))!;
  }

  async autoDeleteUsers() {
    return (await this.settings.find({ where: { autoDeleteAfter30Days: true }, select: { userId: true } })).map((s) => s.userId);
  }

  weeklyDigestUsers() {
    return this.settings.findBy({ weeklyDigest: true });
  }

  async recordMail(mail: NewMail) {
    const result = await this.mails
      .createQueryBuilder()
      .insert()
      .values({
        ...mail,
        detail: mail.detail ?? '',
        nextAttemptAt: mail.status === 'pending' ? new Date() : null,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return result.raw.length === 1;
  }

  async hasMail(dedupeKey: string) {
    return this.mails.existsBy({ dedupeKey });
  }

  async claimDueMail(claimMs: number) {
    // SKIP LOCKED: replicas polling at once each take a different mail.
    // An UPDATE through TypeORM's query() answers [rows, affected].
    const [rows]: [Array<{ id: string }>, number] = await this.dataSource.query(
      `UPDATE notifications.mails SET claimed_until = now() + ($1 * interval '1 millisecond')
        WHERE id = (SELECT id FROM notifications.mails
                     WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                     ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [claimMs],
    );
    return rows.length === 1 ? this.mails.findOneBy({ id: rows[0].id }) : null;
  }

  async markSent(id: string, messageId: string) {
    await this.mails.update({ id }, { status: 'sent', messageId, sentAt: new Date(), attempts: () => 'attempts + 1', claimedUntil: null, detail: '' });
  }

  async markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null) {
    await this.mails.update(
      { id },
      {
        status: nextAttemptAt ? 'pending' : 'failed',
        detail: error.slice(0, 1000),
        nextAttemptAt,
        attempts: () => 'attempts + 1',
        claimedUntil: null,
      },
    );
  }

  async finishTestMail(dedupeKey: string, status: 'sent' | 'failed', detail: string) {
    await this.mails.update({ dedupeKey }, { status, detail: detail.slice(0, 1000), attempts: 1, sentAt: status === 'sent' ? new Date() : null });
  }

  listMails(userId: string, limit: number) {
    if (!isUuid(userId)) return Promise.resolve([]);
    return this.mails.find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      select: { id: true, kind: true, subject: true, toAddress: true, status: true, detail: true, attempts: true, createdAt: true, sentAt: true },
    });
  }

  async recordActivity(eventId: string, userId: string, kind: 'video' | 'reel' | 'failure', seconds: number, occurredAt: Date) {
    await this.activity.createQueryBuilder().insert().values({ eventId, userId, kind, seconds, occurredAt }).orIgnore().execute();
  }

  async runOnce(key: string, work: () => Promise<void>) {
    return this.dataSource.transaction(async (tx) => {
      const inserted = await tx.getRepository(ScheduleRunEntity).createQueryBuilder().insert().values({ key }).orIgnore().returning(['key']).execute();
      if (inserted.raw.length !== 1) return false;
      await work();
      return true;
    });
  }

  async prune(mailsBefore: Date, activityBefore: Date) {
    const mails = await this.mails.createQueryBuilder().delete().where(`status <> 'pending' AND created_at < :before`, { before: mailsBefore }).execute();
    const activity = await this.activity.createQueryBuilder().delete().where('occurred_at < :before', { before: activityBefore }).execute();
    return { mails: mails.affected ?? 0, activity: activity.affected ?? 0 };
  }

  async summarizeActivity(userId: string, from: Date, to: Date): Promise<ActivitySummary> {
    const rows: Array<{ kind: string; n: string; seconds: number }> = await this.dataSource.query(
      `SELECT kind, count(*) AS n, coalesce(sum(seconds), 0)::float8 AS seconds FROM notifications.activity
        WHERE user_id = $1 AND occurred_at >= $2 AND occurred_at < $3 GROUP BY kind`,
      [userId, from, to],
    );
    const by = (kind: string) => rows.find((r) => r.kind === kind);
    return {
      videos: Number(by('video')?.n ?? 0),
      reels: Number(by('reel')?.n ?? 0),
      failures: Number(by('failure')?.n ?? 0),
      seconds: by('video')?.seconds ?? 0,
    };
  }
}

const COLUMNS: Record<string, string> = {
  email: 'email',
  name: 'name',
  uploadConfirmation: 'upload_confirmation',
  highlightCompletion: 'highlight_completion',
  processingErrors: 'processing_errors',
  weeklyDigest: 'weekly_digest',
  autoDeleteAfter30Days: 'auto_delete_after_30_days',
  publicHighlights: 'public_highlights',
  musicTrackId: 'music_track_id',
  transcriptLanguage: 'transcript_language',
};
function toColumn(field: string): string {
  return COLUMNS[field];
}
