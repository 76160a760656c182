import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, listenToEvent, NATS_CONNECTION } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { NatsConnection, Subscription } from 'nats';
import type { WorkerConfig } from '../config';
import { MEDIA_CONFIG } from '../tokens';
import { SourceCache } from './source-cache';

/**
 * Every worker drops its local copy of a deleted video at once. A worker that was down when the
 * video was deleted drops the copy when it has been idle long enough (SOURCE_CACHE_IDLE_MINUTES).
 */
@Injectable()
export class DeletedSourcesListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly sources: SourceCache,
  ) {}

  onApplicationBootstrap() {
    const logger = createLogger('media-worker', this.config.LOG_LEVEL);
    this.subscription = listenToEvent(this.nc, mediaV1.VideoDeletedSchema, (e) => this.sources.forget(e.videoId), logger);
  }

  beforeApplicationShutdown() {
    this.subscription?.unsubscribe();
  }
}
