import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, entitlementsCacheProvider, NatsModule, rpcClientProvider } from '@reelsmith/kit';
import type { FoldersConfig } from './config';
import { FolderEntity } from './entities/folder.entity';
import { FolderMemberEntity } from './entities/folder-member.entity';
import { FoldersController } from './folders.controller';
import { FoldersRepository, TypeOrmFoldersRepository } from './folders.repository';
import { FoldersService } from './folders.service';
import { CreateFolders1763730000000 } from './migrations/1763730000000-CreateFolders';
import { CreateFolderMembers1764400000000 } from './migrations/1764400000000-CreateFolderMembers';
import { TeamGate } from './team-gate';

export const FOLDERS_SCHEMA = 'folders';
export const foldersEntities = [FolderEntity, FolderMemberEntity];
export const foldersMigrations = [CreateFolders1763730000000, CreateFolderMembers1764400000000];

@Module({})
export class FoldersModule {
  static register(config: FoldersConfig): DynamicModule {
    return {
      module: FoldersModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: FOLDERS_SCHEMA, entities: foldersEntities, migrations: foldersMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'folders' }),
      ],
      controllers: [FoldersController],
      providers: [
        rpcClientProvider(config.NATS_URL, config.RPC_TIMEOUT_MS, 'folders'),
        entitlementsCacheProvider({ ttlMs: config.ENTITLEMENTS_CACHE_MS }),
        TeamGate,
        FoldersService,
        { provide: FoldersRepository, useClass: TypeOrmFoldersRepository },
      ],
    };
  }
}
