import { createLogger, listenApp, loadConfig, startDefaultMetrics } from '@reelsmith/kit';
import { configSchema } from './config';
import { createGatewayApp } from './gateway.app';

/**
 * Idle keep-alive connections are closed after 65 s rather than Node's 5 s: a client (or a load
 * balancer, whose idle timeout is usually 60 s) that reuses a connection at the moment the server
 * closes it gets a reset instead of an answer.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main() {
  let logger = createLogger('gateway');
  try {
    const config = loadConfig(configSchema);
    logger = createLogger('gateway', config.LOG_LEVEL);
    startDefaultMetrics('gateway');
    const app = await createGatewayApp(config, logger);
    app.enableShutdownHooks();
    const server = app.getHttpServer();
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    await listenApp(app, config.PORT);
    logger.info({ port: config.PORT }, `gateway ready on http://localhost:${config.PORT}`);
  } catch (err) {
    logger.fatal({ err }, `gateway failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();
