import { warmMusicCache } from './music-cache';

/**
 * Once per jest run: the music cache filled and the settings every test file shares. Each file's own
 * NATS, S3 and PostgreSQL database are started by file-infra.ts, so files can run at the same time.
 */
export default async function globalSetup(): Promise<void> {
  warmMusicCache();
  process.env.JWT_SECRET ??= 'test-secret-that-is-long-enough-for-hs256-0123456789';
  process.env.MEDIA_URL_SECRET ??= 'test-media-url-secret-long-enough-0123456789';
  Object.assign(process.env, {
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'reelsmith',
    S3_REGION: 'us-east-1',
    S3_MULTIPART: 'false',
  });
  process.env.LOG_LEVEL ??= 'warn';
  process.env.NODE_ENV = 'test';
}
