import { runService } from '@reelsmith/kit';
import { configSchema } from './config';
import { FoldersModule } from './folders.module';

void runService({
  name: 'folders',
  configSchema,
  module: (config) => FoldersModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
