import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createLogger, EventPublisher, type Logger } from '@reelsmith/kit';
import { notificationsV1 } from '@reelsmith/proto';
import type { NotificationsConfig } from './config';
import { dueDigestWeek } from './iso-week';
import { Mailer } from './mailer';
import { NotificationsRepository } from './notifications.repository';
import { NOTIFICATIONS_CONFIG } from './tokens';

const DAY_MS = 86_400_000;
/** Processed videos older than this are deleted for users who turned auto-delete on. */
export const AUTO_DELETE_AFTER_MS = 30 * DAY_MS;

/**
 * The weekly digest and the daily auto-delete. Nothing about it lives in memory: every replica looks, at start and then every
 * SCHEDULE_CHECK_MS, which week's digest is due and composes it for each user who wants it, under
 * the dedupe key digest:<user>:<ISO week>. The unique key in PostgreSQL makes it one digest per
 * user and week however many replicas look, and a replica that was down when it was due sends it
 * when it starts. A week without activity sends nothing.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mailer: Mailer,
    private readonly events: EventPublisher,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {
    this.logger = createLogger('notifications', config.LOG_LEVEL);
  }

  onApplicationBootstrap() {
    const tick = () => {
      this.running = Promise.all([
        this.runDue().catch((err) => this.logger.warn({ err }, 'digest check failed; it runs again at the next check')),
        this.runAutoDelete().catch((err) => this.logger.warn({ err }, 'auto-delete run failed; it runs again at the next check')),
        this.runRetention().catch((err) => this.logger.warn({ err }, 'mail clean-up failed; it runs again at the next check')),
      ]).then(() => undefined);
    };
    tick();
    this.timer = setInterval(tick, this.config.SCHEDULE_CHECK_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  /** Composes the due week's digest for every user who wants one; returns how many were new. */
  async runDue(now = new Date()): Promise<number> {
    const week = dueDigestWeek(now, this.config.DIGEST_WEEKDAY, this.config.DIGEST_HOUR_UTC);
    let composed = 0;
    for (const user of await this.repository.weeklyDigestUsers()) {
      const dedupeKey = `digest:${user.userId}:${week.label}`;
      if (await this.repository.hasMail(dedupeKey)) continue;
      const summary = await this.repository.summarizeActivity(user.userId, week.start, week.end);
      if (summary.videos + summary.reels + summary.failures === 0) continue;
      const made = await this.mailer.compose(user.userId, dedupeKey, 'weeklyDigest', {
        kind: 'digest',
        weekLabel: week.label,
        videos: summary.videos,
        reels: summary.reels,
        footageSeconds: summary.seconds,
        failures: summary.failures,
      });
      if (made) composed += 1;
    }
    return composed;
  }

  /**
   * Once per UTC day (the run's key in PostgreSQL, whichever replica gets there first): one
   * evt.notifications.auto.delete.due per user who turned auto-delete on, for media to delete their
   * processed videos older than 30 days. The events are published inside the run's transaction, so
   * a run that could not publish is not recorded and the next check tries again. Returns how many
   * users were due (0 when the day already ran).
   */
  async runAutoDelete(now = new Date()): Promise<number> {
    const day = now.toISOString().slice(0, 10);
    let due = 0;
    await this.repository.runOnce(`auto-delete:${day}`, async () => {
      const before = timestampFromDate(new Date(now.getTime() - AUTO_DELETE_AFTER_MS));
      for (const userId of await this.repository.autoDeleteUsers()) {
        await this.events.publish(notificationsV1.AutoDeleteDueSchema, { userId, before, day }, { onceFor: `${userId}:${day}` });
        due += 1;
      }
    });
    if (due) this.logger.info({ day, users: due }, 'auto-delete requested');
    return due;
  }

  /**
   * Once per UTC day: deletes settled mails older than MAIL_RETENTION_DAYS and activity older than
   * five weeks (the digest only reads last week). Pending mails are never deleted.
   */
  async runRetention(now = new Date()): Promise<{ mails: number; activity: number } | null> {
    let pruned: { mails: number; activity: number } | null = null;
    await this.repository.runOnce(`retention:${now.toISOString().slice(0, 10)}`, async () => {
      pruned = await this.repository.prune(new Date(now.getTime() - this.config.MAIL_RETENTION_DAYS * DAY_MS), new Date(now.getTime() - 35 * DAY_MS));
    });
    return pruned;
  }
}
