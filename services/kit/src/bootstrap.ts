import 'reflect-metadata';
import { setPriority } from 'node:os';
import { type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { z } from 'zod';
import { ProtoRequestDeserializer, ProtoResponseSerializer } from './codec';
import { baseConfigSchema, loadConfig, prepareDirectories } from './config';
import { runMigrationsOnly } from './database.module';
import { HealthController } from './health';
import { createLogger, type Logger, PinoNestLogger } from './logger';
import { RpcMetricsInterceptor, startDefaultMetrics } from './metrics';
import { UnavailableInterceptor } from './unavailable';

type BaseConfig = z.infer<typeof baseConfigSchema>;

export interface ServiceDefinition<S extends z.ZodTypeAny> {
  /** Also the NATS queue group, so replicas share the requests. */
  name: string;
  configSchema: S;
  module: (config: z.infer<S>) => DynamicModule;
  healthPort: (config: z.infer<S>) => number;
  /** false for workers: no NATS request handlers, only what the module starts itself. */
  rpc?: boolean;
  /** Directories the process writes to (setting name -> path): created at start, or the start fails. */
  directories?: (config: z.infer<S>) => Record<string, string | undefined>;
  /**
   * The process's nice value (0-19). Background work (the ffmpeg worker, whose children inherit it)
   * runs above 0 so that, on a machine it shares with the API, reads keep their CPU while it renders.
   */
  niceness?: (config: z.infer<S>) => number;
}

/** The Nest app of one service: its module, NATS request handlers with the proto codec, /healthz /readyz /metrics. */
export async function createServiceApp<S extends z.ZodTypeAny>(
  definition: ServiceDefinition<S>,
  config: z.infer<S> & BaseConfig,
  logger: Logger,
): Promise<INestApplication> {
  @Module({ imports: [definition.module(config)], controllers: [HealthController] })
  class ServiceRoot {}
  const app = await NestFactory.create(ServiceRoot, { logger: new PinoNestLogger(logger) });
  if (definition.rpc === false) return app;
  // Before connectMicroservice: it builds the NATS handlers at once, with the interceptors known then.
  app.useGlobalInterceptors(new RpcMetricsInterceptor(), new UnavailableInterceptor());
  app.connectMicroservice<MicroserviceOptions>(
    {
      transport: Transport.NATS,
      options: {
        servers: [config.NATS_URL],
        name: definition.name,
        queue: definition.name,
        maxReconnectAttempts: -1,
        serializer: new ProtoResponseSerializer(),
        deserializer: new ProtoRequestDeserializer(),
      },
    },
    { inheritAppConfig: true },
  );
  return app;
}

/**
 * The file descriptor of a socket the launcher has already bound for `port` and handed to this
 * process (REELSMITH_LISTEN_FDS="port=fd,...", set by the test stacks of scripts/lib/stack.cjs so
 * that no port number goes from one process to another before it is bound), or undefined when it
 * handed over none (`npm start`, production): then the process binds `port` itself.
 */
export function inheritedSocket(port: number, env: NodeJS.ProcessEnv = process.env): number | undefined {
  for (const pair of (env.REELSMITH_LISTEN_FDS ?? '').split(',')) {
    const [p, fd] = pair.split('=').map(Number);
    if (p === port && Number.isInteger(fd)) return fd;
  }
  return undefined;
}

/** Listens on `port` at `host`, or on the socket the launcher bound for it (inheritedSocket). */
export async function listenApp(app: INestApplication, port: number, host = process.env.HOST ?? '0.0.0.0'): Promise<void> {
  const fd = inheritedSocket(port);
  if (fd === undefined) await app.listen(port, host);
  // Nest passes its arguments on to http.Server#listen, which takes { fd } as well as a port.
  else await app.listen({ fd } as never);
}

/** Runs one service process from its environment; stops gracefully on SIGTERM/SIGINT. */
export async function runService<S extends z.ZodTypeAny>(definition: ServiceDefinition<S>): Promise<void> {
  let logger = createLogger(definition.name);
  try {
    const config = loadConfig(definition.configSchema) as z.infer<S> & BaseConfig;
    logger = createLogger(definition.name, config.LOG_LEVEL);
    if (config.DATABASE_MIGRATIONS === 'only') {
      // The migration Job: the module's description names its databases; nothing else starts.
      definition.module(config);
      const schemas = await runMigrationsOnly();
      logger.info({ schemas }, `${definition.name}: migrations done`);
      process.exit(0);
    }
    prepareDirectories(definition.directories?.(config) ?? {});
    if (definition.niceness) setPriority(definition.niceness(config));
    startDefaultMetrics(definition.name);
    const app = await createServiceApp(definition, config, logger);
    app.enableShutdownHooks();
    await app.startAllMicroservices();
    const port = definition.healthPort(config);
    await listenApp(app, port);
    logger.info({ port }, `${definition.name} ready`);
  } catch (err) {
    logger.fatal({ err }, `${definition.name} failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}
