import { runService } from '@reelsmith/kit';
import { configSchema } from './config';
import { NotificationsModule } from './notifications.module';

void runService({
  name: 'notifications',
  configSchema,
  module: (config) => NotificationsModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
});
