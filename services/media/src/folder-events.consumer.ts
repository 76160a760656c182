import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, type EventConsumer, NATS_CONNECTION, startEventConsumer } from '@reelsmith/kit';
import { foldersV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { MediaConfig } from './config';
import { MEDIA_CONFIG } from './tokens';
import { VideosRepository } from './videos.repository';

/** evt.folders.folder.deleted: the folder's videos go back to the library, untouched otherwise. */
@Injectable()
export class FolderEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(FolderEventsConsumer.name);
  private consumer?: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await startEventConsumer({
      nc: this.nc,
      schema: foldersV1.FolderDeletedSchema,
      durable: 'media-folder-deleted',
      logger: createLogger('media', this.config.LOG_LEVEL),
      handle: async (event) => {
        // Idempotent: a redelivered event finds nothing left to move.
        const moved = await this.videos.clearFolder(event.userId, event.folderId);
        if (moved > 0) this.logger.log(`${moved} video(s) of deleted folder ${event.folderId} back in the library`);
      },
    });
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }
}
