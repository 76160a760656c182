import { runService } from '@reelsmith/kit';
import { AuthModule } from './auth.module';
import { configSchema } from './config';

void runService({
  name: 'auth',
  configSchema,
  module: (config) => AuthModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
