import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, NatsModule } from '@reelsmith/kit';
import type { FoldersConfig } from './config';
import { FolderEntity } from './entities/folder.entity';
import { FoldersController } from './folders.controller';
import { FoldersRepository, TypeOrmFoldersRepository } from './folders.repository';
import { FoldersService } from './folders.service';
import { CreateFolders1763730000000 } from './migrations/1763730000000-CreateFolders';

export const FOLDERS_SCHEMA = 'folders';
export const foldersEntities = [FolderEntity];
export const foldersMigrations = [CreateFolders1763730000000];

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
      providers: [FoldersService, { provide: FoldersRepository, useClass: TypeOrmFoldersRepository }],
    };
  }
}
