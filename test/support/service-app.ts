import type { DynamicModule, INestApplication } from '@nestjs/common';
import { createLogger, createServiceApp, loadConfig } from '@reelsmith/kit';
import type { z } from 'zod';

/**
 * One service in this process for an integration test: its module (and NATS request handlers unless
 * `rpc` is false) over the run's real infrastructure, silent, its health endpoints on a free port.
 */
export async function startServiceApp<S extends z.ZodTypeAny>(
  name: string,
  configSchema: S,
  module: (config: z.infer<S>) => DynamicModule,
  options: { rpc?: boolean; env?: Record<string, string> } = {},
): Promise<INestApplication> {
  const config = loadConfig(configSchema, { ...process.env, ...options.env });
  const app = await createServiceApp({ name, configSchema, module, healthPort: () => 0, rpc: options.rpc }, config, createLogger(name, 'silent'));
  if (options.rpc !== false) await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return app;
}
