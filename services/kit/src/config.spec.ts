import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig, requiredEnvKeys } from './config';

const schema = baseConfigSchema.extend({ SECRET: z.string().min(4), PORT: z.coerce.number().default(8080) });

describe('service configuration', () => {
  it('parses and applies defaults', () => {
    const config = loadConfig(schema, { NATS_URL: 'nats://x:4222', SECRET: 'abcd' });
    expect(config).toMatchObject({ PORT: 8080, LOG_LEVEL: 'info', NODE_ENV: 'development' });
  });

  it('names every problem at once', () => {
    expect(() => loadConfig(schema, { SECRET: 'ab', PORT: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { SECRET: 'ab' })).toThrow(/NATS_URL: Required; SECRET: String must contain at least 4/);
  });

  it('lists the keys without a default as required', () => {
    expect(requiredEnvKeys(schema).sort()).toEqual(['NATS_URL', 'SECRET']);
  });
});
