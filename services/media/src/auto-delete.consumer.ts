import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { createLogger, ErrorCode, type EventConsumer, NATS_CONNECTION, RpcFailure, startEventConsumer } from '@reelsmith/kit';
import { notificationsV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { MediaConfig } from './config';
import { MEDIA_CONFIG } from './tokens';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

/**
 * evt.notifications.auto.delete.due (once a day per user who turned auto-delete on in Settings):
 * the user's processed videos created before the event's cut-off are deleted as by the user, with
 * their reels, objects and evt.media.video.deleted. Idempotent: a redelivery finds them gone.
 */
@Injectable()
export class AutoDeleteConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutoDeleteConsumer.name);
  private consumer?: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
    private readonly service: VideosService,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await startEventConsumer({
      nc: this.nc,
      schema: notificationsV1.AutoDeleteDueSchema,
      durable: 'media-auto-delete',
      logger: createLogger('media', this.config.LOG_LEVEL),
      handle: async (event) => {
        await this.deleteOld(event.userId, event.before ? timestampDate(event.before) : undefined);
      },
    });
  }

  /** Deletes the user's processed videos created before `before`; how many. */
  async deleteOld(userId: string, before: Date | undefined): Promise<number> {
    if (!before) return 0;
    const old = (await this.videos.listOwned(userId)).filter((v) => v.status === 'processed' && v.createdAt < before);
    let deleted = 0;
    for (const video of old) {
      try {
        await this.service.delete(userId, video.id);
        deleted += 1;
      } catch (err) {
        if (!(err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND)) throw err;
      }
    }
    if (deleted) this.logger.log(`auto-delete: ${deleted} processed video(s) older than ${before.toISOString()} deleted for ${userId}`);
    return deleted;
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }
}
