import { runService } from '@reelsmith/kit';
import { configSchema } from './config';
import { MusicModule } from './music.module';

void runService({
  name: 'music',
  configSchema,
  module: (config) => MusicModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
  directories: (config) => ({ MUSIC_CACHE_DIR: config.MUSIC_CACHE_DIR }),
});
