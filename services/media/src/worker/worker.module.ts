import { type DynamicModule, Module } from '@nestjs/common';
import type { WorkerConfig } from '../config';
import { mediaInfrastructure } from '../media.module';
import { JobRunner } from './job-runner';
import { ProcessingService } from './processing.service';
import { ReelsService } from './reels.service';

@Module({})
export class WorkerModule {
  static register(config: WorkerConfig): DynamicModule {
    const infrastructure = mediaInfrastructure(config, 'media-worker');
    return {
      module: WorkerModule,
      imports: infrastructure.imports,
      providers: [...infrastructure.providers, ProcessingService, ReelsService, JobRunner],
    };
  }
}
