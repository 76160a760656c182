import { runService } from '@reelsmith/kit';
import { BillingModule } from './billing.module';
import { configSchema } from './config';

void runService({
  name: 'billing',
  configSchema,
  module: (config) => BillingModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
