import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { createLogger, type JobWorker, NATS_CONNECTION, startJobWorker } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { WorkerConfig } from '../config';
import { MEDIA_CONFIG } from '../tokens';
import { ProcessingService } from './processing.service';
import { ReelsService } from './reels.service';
import { SourceCache } from './source-cache';
import { TranscriptionService } from '../speech/transcription.service';
import { VideoAnalyses } from './video-analyses';

/**
 * Pulls the media jobs once the app is up, one at a time per kind: processing uploads, analysing
 * them, making highlight reels, rendering edits and exports. Stops (handing running jobs back) and removes the
 * worker's local source copies first thing on shutdown, before connections close.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private workers: JobWorker[] = [];

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly processing: ProcessingService,
    private readonly reels: ReelsService,
    private readonly sources: SourceCache,
    private readonly transcription: TranscriptionService,
    private readonly analyses: VideoAnalyses,
  ) {}

  async onApplicationBootstrap() {
    const common = {
      nc: this.nc,
      ackWaitSeconds: this.config.JOB_ACK_WAIT_SECONDS,
      maxDeliver: this.config.JOB_MAX_DELIVER,
      logger: createLogger('media-worker', this.config.LOG_LEVEL),
    };
    this.workers = await Promise.all([
      startJobWorker({ ...common, schema: mediaV1.ProcessJobSchema, durable: 'media-process', handle: (job, c) => this.processing.process(job, c) }),
      startJobWorker({ ...common, schema: mediaV1.AnalyseJobSchema, durable: 'media-analyse', handle: (job, c) => this.analyses.analyseInBackground(job, c) }),
      startJobWorker({ ...common, schema: mediaV1.HighlightsJobSchema, durable: 'media-highlights', handle: (job, c) => this.reels.makeHighlights(job, c) }),
      startJobWorker({ ...common, schema: mediaV1.RenderJobSchema, durable: 'media-render', handle: (job, c) => this.reels.renderMoments(job, c) }),
      startJobWorker({
        ...common,
        schema: mediaV1.TranscribeJobSchema,
        durable: 'media-transcribe',
        handle: (job, c) => this.transcription.transcribe(job, c),
      }),
    ]);
  }

  async beforeApplicationShutdown() {
    await Promise.all(this.workers.map((w) => w.stop()));
    await this.sources.clear();
  }
}
