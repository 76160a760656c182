import { runService } from '@reelsmith/kit';
import { BatchesModule } from './batches.module';
import { configSchema } from './config';

void runService({
  name: 'batches',
  configSchema,
  module: (config) => BatchesModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
