import { TranscriptStore } from './speech/transcript-store';
import { TranscriptsController } from './speech/transcripts.controller';
import { TranscriptsService } from './speech/transcripts.service';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { DatabaseModule, NatsModule, ObjectStorage, rpcClientProvider } from '@reelsmith/kit';
import { BatchImportController } from './batch-import.controller';
import { BatchImportService } from './batch-import.service';
import type { MediaConfig } from './config';
import { DeletedFolderEntity } from './entities/deleted-folder.entity';
import { HighlightEntity } from './entities/highlight.entity';
import { UploadGrantEntity } from './entities/upload-grant.entity';
import { VideoEntity } from './entities/video.entity';
import { MEDIA_TOOLS, MediaRepository } from './ffmpeg/media.repository';
import { AnalysisStore } from './analysis/analysis-store';
import { SubtitlesController } from './speech/subtitles.controller';
import { SubtitlesService } from './speech/subtitles.service';
import { FolderDirectory, RpcFolderDirectory } from './folder-directory';
import { AutoDeleteConsumer } from './auto-delete.consumer';
import { FolderEventsConsumer } from './folder-events.consumer';
import { HighlightsController } from './highlights.controller';
import { HighlightsRepository, TypeOrmHighlightsRepository } from './highlights.repository';
import { HighlightsService } from './highlights.service';
import { JobFailures } from './job-failures';
import { JobQueue } from './job-queue';
import { JobReconciler } from './job-reconciler';
import { UploadSweeper } from './upload-sweeper';
import { DeadJobsConsumer } from './dead-jobs.consumer';
import { AdvisoryLock, PgAdvisoryLock } from './advisory-lock';
import { CreateVideos1763716000000 } from './migrations/1763716000000-CreateVideos';
import { CreateHighlights1763724000000 } from './migrations/1763724000000-CreateHighlights';
import { CreateDeletedFolders1763732000000 } from './migrations/1763732000000-CreateDeletedFolders';
import { AddUploadGrantExpiry1763990000000 } from './migrations/1763990000000-AddUploadGrantExpiry';
import { AddJobRetries1764000000000 } from './migrations/1764000000000-AddJobRetries';
import { AddFillToLength1764100000000 } from './migrations/1764100000000-AddFillToLength';
import { AddReelFacts1764200000000 } from './migrations/1764200000000-AddReelFacts';
import { AddEditorTimeline1764300000000 } from './migrations/1764300000000-AddEditorTimeline';
import { AddCaptions1764410000000 } from './migrations/1764410000000-AddCaptions';
import { MusicLibrary, RpcMusicLibrary } from './music-library';
import { PlanGate } from './plan-gate';
import { ProgressPublisher } from './progress.publisher';
import { VideosController } from './videos.controller';
import { TypeOrmVideosRepository, VideosRepository } from './videos.repository';
import { MEDIA_CONFIG } from './tokens';
import { UploadIntake } from './upload-intake';
import { VideosService } from './videos.service';

export const MEDIA_SCHEMA = 'media';
export const mediaEntities = [VideoEntity, UploadGrantEntity, HighlightEntity, DeletedFolderEntity];
export const mediaMigrations = [
  CreateVideos1763716000000,
  CreateHighlights1763724000000,
  CreateDeletedFolders1763732000000,
  AddUploadGrantExpiry1763990000000,
  AddJobRetries1764000000000,
  AddFillToLength1764100000000,
  AddReelFacts1764200000000,
  AddEditorTimeline1764300000000,
  AddCaptions1764410000000,
];

/** What the API and the worker both need: database, NATS, storage (and the kept analyses), ffmpeg, progress. */
export function mediaInfrastructure(config: MediaConfig, service: string): { imports: DynamicModule[]; providers: Provider[] } {
  return {
    imports: [
      DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: MEDIA_SCHEMA, entities: mediaEntities, migrations: mediaMigrations }),
      NatsModule.forRoot({ url: config.NATS_URL, service }),
    ],
    providers: [
      { provide: MEDIA_CONFIG, useValue: config },
      {
        provide: ObjectStorage,
        useFactory: async () => {
          const storage = new ObjectStorage(config);
          await storage.ensureBucket(config.S3_REGION);
          return storage;
        },
      },
      { provide: MEDIA_TOOLS, useValue: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH } },
      MediaRepository,
      AnalysisStore,
      TranscriptStore,
      ProgressPublisher,
      JobFailures,
      { provide: VideosRepository, useClass: TypeOrmVideosRepository },
      { provide: HighlightsRepository, useClass: TypeOrmHighlightsRepository },
      rpcClientProvider(config.NATS_URL, config.RPC_TIMEOUT_MS, service),
      { provide: MusicLibrary, useClass: RpcMusicLibrary },
    ],
  };
}

@Module({})
export class MediaModule {
  static register(config: MediaConfig): DynamicModule {
    const infrastructure = mediaInfrastructure(config, 'media');
    return {
      module: MediaModule,
      imports: infrastructure.imports,
      controllers: [VideosController, HighlightsController, BatchImportController, SubtitlesController, TranscriptsController],
      providers: [
        ...infrastructure.providers,
        VideosService,
        TranscriptsService,
        HighlightsService,
        SubtitlesService,
        PlanGate,
        BatchImportService,
        UploadIntake,
        { provide: FolderDirectory, useClass: RpcFolderDirectory },
        FolderEventsConsumer,
        AutoDeleteConsumer,
        JobQueue,
        { provide: AdvisoryLock, useClass: PgAdvisoryLock },
        JobReconciler,
        UploadSweeper,
        DeadJobsConsumer,
      ],
    };
  }
}
