/**
 * Ties the deployment files to the code: the zod config schema of each service
 * (services/<name>/src/config.ts, export `configSchema`) and the keys it needs from the
 * environment (`requiredEnvKeys`, exported by services/kit/src/config.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { z } from 'zod';
import { requiredEnvKeys } from '../../services/kit/src/config';
import { REPO_ROOT } from './helm-binary';

/**
 * The config module of a process name as the image's entrypoint knows it: `gateway` ->
 * services/gateway/src/config.ts; `media-worker` -> services/media/src/config.ts unless
 * services/media-worker exists.
 */
export function configPathFor(processName: string): string {
  const direct = path.join(REPO_ROOT, 'services', processName, 'src', 'config.ts');
  if (fs.existsSync(direct)) return direct;
  const worker = /^(.+)-worker$/.exec(processName);
  if (worker) {
    const base = path.join(REPO_ROOT, 'services', worker[1], 'src', 'config.ts');
    if (fs.existsSync(base)) return base;
  }
  throw new Error(`no services/${processName}/src/config.ts for process '${processName}'`);
}

/** `configSchema` of the process's config module; for `<service>-worker`, its `workerConfigSchema` when exported. */
export function configSchemaFor(processName: string): z.AnyZodObject {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each process has its own config module
  const mod = require(configPathFor(processName)) as { configSchema?: z.AnyZodObject; workerConfigSchema?: z.AnyZodObject };
  const schema = (/-worker$/.test(processName) && mod.workerConfigSchema) || mod.configSchema;
  if (!schema) throw new Error(`${configPathFor(processName)} exports no configSchema`);
  return schema;
}

export function requiredKeysFor(processName: string): string[] {
  return requiredEnvKeys(configSchemaFor(processName));
}

/** Environment names that hold secrets and may never carry a literal value (an S3 access key id is a user name, not one). */
export const SECRET_ENV_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL|API_?KEY|DATABASE_URL/i;
