import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, type EventConsumer, NATS_CONNECTION, startEventConsumer } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import { BatchesService } from './batches.service';
import type { BatchesConfig } from './config';
import { BATCHES_CONFIG } from './tokens';

/**
 * Follows media's events through durable JetStream consumers (batches-<event>): counters and
 * status of every batch come from here. Delivery is at-least-once; the handlers are idempotent
 * because each one is a conditional state change and the counters are recounted, not incremented.
 */
@Injectable()
export class MediaEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumers: EventConsumer[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BATCHES_CONFIG) private readonly config: BatchesConfig,
    private readonly batches: BatchesService,
  ) {}

  async onApplicationBootstrap() {
    const logger = createLogger('batches', this.config.LOG_LEVEL);
    const nc = this.nc;
    this.consumers = await Promise.all([
      startEventConsumer({
        nc,
        logger,
        durable: 'batches-video-processed',
        schema: mediaV1.VideoProcessedSchema,
        handle: (e, ctx) => this.batches.onVideoProcessed(e, ctx.occurredAt ?? new Date()),
      }),
      startEventConsumer({ nc, logger, durable: 'batches-video-failed', schema: mediaV1.VideoFailedSchema, handle: (e) => this.batches.onVideoFailed(e) }),
      startEventConsumer({ nc, logger, durable: 'batches-video-deleted', schema: mediaV1.VideoDeletedSchema, handle: (e) => this.batches.onVideoDeleted(e) }),
      startEventConsumer({
        nc,
        logger,
        durable: 'batches-highlights-ready',
        schema: mediaV1.HighlightsReadySchema,
        handle: (e) => this.batches.onHighlightsReady(e),
      }),
      startEventConsumer({
        nc,
        logger,
        durable: 'batches-highlights-failed',
        schema: mediaV1.HighlightsFailedSchema,
        handle: (e) => this.batches.onHighlightsFailed(e),
      }),
    ]);
  }

  async beforeApplicationShutdown() {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
