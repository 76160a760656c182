import { accessSync, constants, mkdirSync } from 'node:fs';
import { z } from 'zod';

/** Settings every service process reads from its environment. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().min(1),
  /**
   * When a process that owns a database schema migrates it: `start` (default: every process at its
   * start, under an advisory lock), `skip` (replicas in a cluster where one Job migrates: start
   * only when no migration is pending), `only` (migrate, then exit 0: that Job).
   */
  DATABASE_MIGRATIONS: z.enum(['start', 'skip', 'only']).default('start'),
  /** Copies of each JetStream stream and KV bucket this process creates: 3 on a NATS cluster of 3 or more. */
  JETSTREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});

/** JETSTREAM_REPLICAS of the environment (default 1); a bad value stops the process. */
export function jetstreamReplicasOf(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = baseConfigSchema.shape.JETSTREAM_REPLICAS.safeParse(env.JETSTREAM_REPLICAS);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: JETSTREAM_REPLICAS: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export type MigrationsMode = z.infer<typeof baseConfigSchema>['DATABASE_MIGRATIONS'];

/** DATABASE_MIGRATIONS of the environment (default `start`); a bad value stops the process. */
export function migrationsModeOf(env: NodeJS.ProcessEnv = process.env): MigrationsMode {
  const parsed = baseConfigSchema.shape.DATABASE_MIGRATIONS.safeParse(env.DATABASE_MIGRATIONS);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: DATABASE_MIGRATIONS: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

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

/**
 * Creates every directory a service is configured to use (name -> path; an empty path means "not
 * used") and checks that it can write there, so a bad setting stops the start, named, instead of
 * failing every job later.
 */
export function prepareDirectories(directories: Record<string, string | undefined>): void {
  const problems: string[] = [];
  for (const [name, dir] of Object.entries(directories)) {
    if (!dir) continue;
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch (err) {
      problems.push(`${name}=${dir} cannot be created or written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
