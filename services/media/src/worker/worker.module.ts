import { TranscriptionService } from '../speech/transcription.service';
import { tmpdir } from 'node:os';
import { type DynamicModule, Module } from '@nestjs/common';
import type { WorkerConfig } from '../config';
import { AdvisoryLock, PgAdvisoryLock } from '../advisory-lock';
import { Analyser } from '../analysis/analyser';
import { BrandAssets } from '../brand-kit/brand-assets';
import { mediaInfrastructure } from '../media.module';
import { DeletedSourcesListener } from './deleted-sources.listener';
import { JobRunner } from './job-runner';
import { ProcessingService } from './processing.service';
import { ReelsService } from './reels.service';
import { SourceCache, sourceCacheDir } from './source-cache';
import { VideoAnalyses } from './video-analyses';

@Module({})
export class WorkerModule {
  static register(config: WorkerConfig): DynamicModule {
    const infrastructure = mediaInfrastructure(config, 'media-worker');
    return {
      module: WorkerModule,
      imports: infrastructure.imports,
      providers: [
        ...infrastructure.providers,
        {
          provide: SourceCache,
          useValue: new SourceCache({
            dir: sourceCacheDir(config.WORK_DIR || tmpdir()),
            budgetBytes: config.SOURCE_CACHE_BYTES,
            maxIdleMs: config.SOURCE_CACHE_IDLE_MINUTES * 60_000,
          }),
        },
        { provide: AdvisoryLock, useClass: PgAdvisoryLock },
        Analyser,
        ProcessingService,
        TranscriptionService,
        VideoAnalyses,
        ReelsService,
        BrandAssets,
        JobRunner,
        DeletedSourcesListener,
      ],
    };
  }
}
