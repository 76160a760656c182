import { BulkGate } from './bulk-gate';
import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, entitlementsCacheProvider, NatsModule, rpcClientProvider } from '@reelsmith/kit';
import { BatchesController } from './batches.controller';
import { BatchesRepository, TypeOrmBatchesRepository } from './batches.repository';
import { BatchesService } from './batches.service';
import type { BatchesConfig } from './config';
import { BatchEntity } from './entities/batch.entity';
import { BatchVideoEntity } from './entities/batch-video.entity';
import { MediaEventsConsumer } from './media-events.consumer';
import { CreateBatches1763730000000 } from './migrations/1763730000000-CreateBatches';
import { BatchProgressPublisher } from './progress.publisher';
import { BATCHES_CONFIG, MEDIA_RPC } from './tokens';

export const BATCHES_SCHEMA = 'batches';
export const batchesEntities = [BatchEntity, BatchVideoEntity];
export const batchesMigrations = [CreateBatches1763730000000];

@Module({})
export class BatchesModule {
  static register(config: BatchesConfig): DynamicModule {
    return {
      module: BatchesModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: BATCHES_SCHEMA, entities: batchesEntities, migrations: batchesMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'batches' }),
      ],
      controllers: [BatchesController],
      providers: [
        { provide: BATCHES_CONFIG, useValue: config },
        rpcClientProvider(config.NATS_URL, config.MEDIA_RPC_TIMEOUT_MS, 'batches', MEDIA_RPC),
        { provide: BatchesRepository, useClass: TypeOrmBatchesRepository },
        BatchProgressPublisher,
        BatchesService,
        entitlementsCacheProvider({ rpc: MEDIA_RPC }),
        BulkGate,
        MediaEventsConsumer,
      ],
    };
  }
}
