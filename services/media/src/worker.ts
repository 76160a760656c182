import { runService } from '@reelsmith/kit';
import { workerConfigSchema } from './config';
import { WorkerModule } from './worker/worker.module';

void runService({
  name: 'media-worker',
  configSchema: workerConfigSchema,
  module: (config) => WorkerModule.register(config),
  healthPort: (config) => config.HEALTH_PORT,
  rpc: false,
  directories: (config) => ({ WORK_DIR: config.WORK_DIR }),
  niceness: (config) => config.WORKER_NICE,
});
