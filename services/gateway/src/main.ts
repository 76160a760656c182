import { createLogger, loadConfig, startDefaultMetrics } from '@reelsmith/kit';
import { configSchema } from './config';
import { createGatewayApp } from './gateway.app';

async function main() {
  let logger = createLogger('gateway');
  try {
    const config = loadConfig(configSchema);
    logger = createLogger('gateway', config.LOG_LEVEL);
    startDefaultMetrics('gateway');
    const app = await createGatewayApp(config, logger);
    app.enableShutdownHooks();
    await app.listen(config.PORT, process.env.HOST ?? '0.0.0.0');
    logger.info({ port: config.PORT }, `gateway ready on http://localhost:${config.PORT}`);
  } catch (err) {
    logger.fatal({ err }, `gateway failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();
