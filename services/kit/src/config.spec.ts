import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, jetstreamReplicasOf, loadConfig, prepareDirectories, requiredEnvKeys } from './config';

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

  it('reads JETSTREAM_REPLICAS (1 by default, 1-5) for the streams and buckets a process creates', () => {
    expect(jetstreamReplicasOf({})).toBe(1);
    expect(jetstreamReplicasOf({ JETSTREAM_REPLICAS: '3' })).toBe(3);
    expect(() => jetstreamReplicasOf({ JETSTREAM_REPLICAS: '7' })).toThrow(/JETSTREAM_REPLICAS/);
    expect(loadConfig(schema, { NATS_URL: 'nats://x:4222', SECRET: 'abcd' })).toMatchObject({ JETSTREAM_REPLICAS: 1, DATABASE_MIGRATIONS: 'start' });
  });

  it('lists the keys without a default as required', () => {
    expect(requiredEnvKeys(schema).sort()).toEqual(['NATS_URL', 'SECRET']);
  });
});

describe('configured directories', () => {
  const base = mkdtempSync(join(tmpdir(), 'reelsmith-dirs-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('creates missing directories, nested ones too', () => {
    const dir = join(base, 'fresh', 'work');
    prepareDirectories({ WORK_DIR: dir, UNUSED: '' });
    expect(existsSync(dir)).toBe(true);
  });

  it('refuses a directory that cannot be made, naming the setting and the reason', () => {
    const file = join(base, 'a-file');
    writeFileSync(file, 'x');
    expect(() => prepareDirectories({ WORK_DIR: join(file, 'work') })).toThrow(/WORK_DIR=.*a-file\/work cannot be created or written \(ENOTDIR\)/);
  });
});
