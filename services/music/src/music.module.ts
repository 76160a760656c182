import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, NatsModule, ObjectStorage, READINESS_CHECKS, type ReadinessCheck } from '@reelsmith/kit';
import { CatalogueSync, MUSIC_OPTIONS } from './catalogue/catalogue-sync.service';
import type { MusicConfig } from './config';
import { TrackEntity } from './entities/track.entity';
import { CreateTracks1763720000000 } from './migrations/1763720000000-CreateTracks';
import { MusicController } from './music.controller';
import { MusicService } from './music.service';
import { MusicGenerator } from './synth/generator';
import { SYNTH_TOOLS, SynthRepository } from './synth/synth.repository';
import { TracksRepository, TypeOrmTracksRepository } from './tracks.repository';

export const MUSIC_SCHEMA = 'music';
export const musicEntities = [TrackEntity];
export const musicMigrations = [CreateTracks1763720000000];

@Module({})
export class MusicModule {
  static register(config: MusicConfig): DynamicModule {
    return {
      module: MusicModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: MUSIC_SCHEMA, entities: musicEntities, migrations: musicMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'music' }),
      ],
      controllers: [MusicController],
      providers: [
        {
          provide: ObjectStorage,
          useFactory: async () => {
            const storage = new ObjectStorage(config);
            await storage.ensureBucket(config.S3_REGION);
            return storage;
          },
        },
        { provide: SYNTH_TOOLS, useValue: { ffmpeg: config.FFMPEG_PATH } },
        { provide: MUSIC_OPTIONS, useValue: { cacheDir: config.MUSIC_CACHE_DIR, concurrency: config.MUSIC_CONCURRENCY } },
        SynthRepository,
        MusicGenerator,
        CatalogueSync,
        MusicService,
        { provide: TracksRepository, useClass: TypeOrmTracksRepository },
        {
          provide: READINESS_CHECKS,
          inject: [CatalogueSync],
          useFactory: (sync: CatalogueSync): ReadinessCheck[] => [{ name: 'catalogue', check: () => sync.readiness() }],
        },
      ],
      exports: [READINESS_CHECKS],
    };
  }
}
