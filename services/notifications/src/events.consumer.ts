import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, type EventConsumer, NATS_CONNECTION, startEventConsumer } from '@reelsmith/kit';
import { batchesV1, mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { NotificationsConfig } from './config';
import { NotificationsService } from './notifications.service';
import { NOTIFICATIONS_CONFIG } from './tokens';

/**
 * Media's and batches' events through durable JetStream consumers (notifications-<event>), shared
 * by the replicas. Delivery is at-least-once; each handler records its mail under the event id,
 * so a redelivered event never makes a second mail. Handlers only write to PostgreSQL: SMTP is the
 * outbox's business, so a mail server that is down never holds events back.
 */
@Injectable()
export class EventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumers: EventConsumer[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap() {
    const logger = createLogger('notifications', this.config.LOG_LEVEL);
    const nc = this.nc;
    const n = this.notifications;
    this.consumers = await Promise.all([
      startEventConsumer({
        nc,
        logger,
        durable: 'notifications-video-processed',
        schema: mediaV1.VideoProcessedSchema,
        handle: (e, ctx) => n.onVideoProcessed(e, ctx),
      }),
      startEventConsumer({ nc, logger, durable: 'notifications-video-failed', schema: mediaV1.VideoFailedSchema, handle: (e, ctx) => n.onVideoFailed(e, ctx) }),
      startEventConsumer({
        nc,
        logger,
        durable: 'notifications-highlights-ready',
        schema: mediaV1.HighlightsReadySchema,
        handle: (e, ctx) => n.onHighlightsReady(e, ctx),
      }),
      startEventConsumer({
        nc,
        logger,
        durable: 'notifications-highlights-failed',
        schema: mediaV1.HighlightsFailedSchema,
        handle: (e, ctx) => n.onHighlightsFailed(e, ctx),
      }),
      startEventConsumer({
        nc,
        logger,
        durable: 'notifications-batch-finished',
        schema: batchesV1.BatchFinishedSchema,
        handle: (e, ctx) => n.onBatchFinished(e, ctx),
      }),
    ]);
  }

  async beforeApplicationShutdown() {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
