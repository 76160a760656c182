import { z } from 'zod';

/** Settings every service process reads from its environment. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().min(1),
});

export class ConfigError extends Error {}

/** Parses the environment against a schema; a bad or missing value stops the process with every problem named. */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** The keys a schema needs from the environment because they have no default (used by deploy checks). */
export function requiredEnvKeys(schema: z.AnyZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodTypeAny).isOptional())
    .map(([key]) => key);
}
