import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, type JobWorker, NATS_CONNECTION, startJobWorker } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { WorkerConfig } from '../config';
import { MEDIA_CONFIG } from '../videos.service';
import { ProcessingService } from './processing.service';

/** Starts pulling job.media.process once the app is up; stops (handing the job back) on shutdown. */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: JobWorker;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly processing: ProcessingService,
  ) {}

  async onApplicationBootstrap() {
    this.worker = await startJobWorker({
      nc: this.nc,
      schema: mediaV1.ProcessJobSchema,
      durable: 'media-process',
      ackWaitSeconds: this.config.JOB_ACK_WAIT_SECONDS,
      maxDeliver: this.config.JOB_MAX_DELIVER,
      logger: createLogger('media-worker', this.config.LOG_LEVEL),
      handle: (job, context) => this.processing.process(job, context),
    });
  }

  async onApplicationShutdown() {
    await this.worker?.stop();
  }
}
