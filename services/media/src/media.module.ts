import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsRepository, TypeOrmAnalyticsRepository } from './analytics/analytics.repository';
import { AnalyticsService } from './analytics/analytics.service';
import { TranscriptStore } from './speech/transcript-store';
import { TranscriptsController } from './speech/transcripts.controller';
import { TranscriptsService } from './speech/transcripts.service';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { DatabaseModule, entitlementsCacheProvider, NatsModule, ObjectStorage, rpcClientProvider } from '@reelsmith/kit';
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
import { VideoAccess } from './video-access';
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
import { AddFrameRate1764540000000 } from './migrations/1764540000000-AddFrameRate';
import { CreateShareLinks1764500000000 } from './migrations/1764500000000-CreateShareLinks';
import { CreateShareLinkViews1764550000000 } from './migrations/1764550000000-CreateShareLinkViews';
import { ShareLinkEntity } from './entities/share-link.entity';
import { ShareLinkViewEntity } from './entities/share-link-view.entity';
import { ShareLinksController } from './share-links/share-links.controller';
import { ShareLinksRepository, TypeOrmShareLinksRepository } from './share-links/share-links.repository';
import { ShareLinksService } from './share-links/share-links.service';
import { AddMarkedRanges1764520000000 } from './migrations/1764520000000-AddMarkedRanges';
import { AddPlatform1764510000000 } from './migrations/1764510000000-AddPlatform';
import { CreateBrandKits1764530000000 } from './migrations/1764530000000-CreateBrandKits';
import { BrandKitEntity } from './entities/brand-kit.entity';
import { BrandKitsRepository, TypeOrmBrandKitsRepository } from './brand-kit/brand-kits.repository';
import { BrandKitController } from './brand-kit/brand-kit.controller';
import { BrandKitService } from './brand-kit/brand-kit.service';
import { LogoImages } from './brand-kit/logo-images';
import { MusicLibrary, RpcMusicLibrary } from './music-library';
import { PlanGate } from './plan-gate';
import { ProjectFilesController } from './project-files/project-files.controller';
import { ProjectFilesService } from './project-files/project-files.service';
import { ProgressPublisher } from './progress.publisher';
import { VideosController } from './videos.controller';
import { TypeOrmVideosRepository, VideosRepository } from './videos.repository';
import { MEDIA_CONFIG } from './tokens';
import { UploadIntake } from './upload-intake';
import { VideosService } from './videos.service';

export const MEDIA_SCHEMA = 'media';
export const mediaEntities = [VideoEntity, UploadGrantEntity, HighlightEntity, DeletedFolderEntity, ShareLinkEntity, ShareLinkViewEntity, BrandKitEntity];
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
  AddFrameRate1764540000000,
  CreateShareLinks1764500000000,
  AddMarkedRanges1764520000000,
  AddPlatform1764510000000,
  CreateBrandKits1764530000000,
  CreateShareLinkViews1764550000000,
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
      { provide: BrandKitsRepository, useClass: TypeOrmBrandKitsRepository },
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
      controllers: [
        VideosController,
        HighlightsController,
        BatchImportController,
        SubtitlesController,
        TranscriptsController,
        ProjectFilesController,
        ShareLinksController,
        BrandKitController,
        AnalyticsController,
      ],
      providers: [
        ...infrastructure.providers,
        VideosService,
        VideoAccess,
        TranscriptsService,
        HighlightsService,
        { provide: ShareLinksRepository, useClass: TypeOrmShareLinksRepository },
        ShareLinksService,
        { provide: AnalyticsRepository, useClass: TypeOrmAnalyticsRepository },
        AnalyticsService,
        BrandKitService,
        LogoImages,
        SubtitlesService,
        ProjectFilesService,
        entitlementsCacheProvider({ ttlMs: config.ENTITLEMENTS_CACHE_MS }),
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
