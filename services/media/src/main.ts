import { runService } from '@reelsmith/kit';
import { configSchema } from './config';
import { MediaModule } from './media.module';

void runService({
  name: 'media',
  configSchema,
  module: (config) => MediaModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
