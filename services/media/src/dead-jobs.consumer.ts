import { fromBinary } from '@bufbuild/protobuf';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, type DeadJob, type JobWorker, NATS_CONNECTION, startDeadLetterConsumer } from '@reelsmith/kit';
import { jobSubject, mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { MediaConfig } from './config';
import { JobFailures } from './job-failures';
import { recordIdOf } from './job-ids';
import { MEDIA_CONFIG } from './tokens';

const VIDEO_JOBS = new Set([jobSubject(mediaV1.ProcessJobSchema)]);
const REEL_JOBS = new Set([jobSubject(mediaV1.HighlightsJobSchema), jobSubject(mediaV1.RenderJobSchema)]);

const stoppedText = (deliveries: number) =>
  `the work stopped without finishing ${deliveries === 1 ? 'once' : `${deliveries} times`}. Press Retry to try again.`;

/**
 * Jobs that ran out of deliveries without their handler settling them (the worker was killed on every
 * attempt, the message could not be read, marking the failure itself failed): their video or reel
 * ends in 'error' here, so the worker's last attempt is not the only way there.
 */
@Injectable()
export class DeadJobsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: JobWorker;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly failures: JobFailures,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await startDeadLetterConsumer({
      nc: this.nc,
      durable: 'media-dead-jobs',
      logger: createLogger('media', this.config.LOG_LEVEL),
      handle: (job) => this.settle(job),
    });
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }

  async settle(job: DeadJob): Promise<void> {
    if (VIDEO_JOBS.has(job.subject)) {
      const videoId = recordIdOf(job.dedupeId) || readable(() => fromBinary(mediaV1.ProcessJobSchema, job.data).videoId);
      await this.failures.failVideo(videoId, `The video could not be processed: ${stoppedText(job.deliveries)}`);
    } else if (REEL_JOBS.has(job.subject)) {
      const highlightId = recordIdOf(job.dedupeId) || readable(() => fromBinary(mediaV1.HighlightsJobSchema, job.data).highlightId);
      await this.failures.failHighlight(highlightId, `The reel could not be made: ${stoppedText(job.deliveries)}`);
    }
  }
}

/** The record id of a job message, '' when the message cannot be read. */
function readable(read: () => string): string {
  try {
    return read();
  } catch {
    return '';
  }
}
