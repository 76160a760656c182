import { Readable } from 'node:stream';
import { ObjectStorage, storageConfigSchema } from '../src/storage';

/**
 * The development S3 (scripts/lib/s3rver.cjs, the one npm start runs) replaces an object whole, as
 * S3 and MinIO do: a read that meets a write of the same key gets the old or the new body, never an
 * empty or half-written one. (Transcripts and analyses are JSON objects read while a worker rewrites them.)
 */
describe('ObjectStorage on the development S3', () => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = new ObjectStorage(storageConfigSchema.parse({ ...process.env, S3_MULTIPART: 'false' }));
    await storage.ensureBucket('us-east-1');
  });
  const key = 'derived/race/transcript.json';
  const version = (n: number) => ({ n, words: Array.from({ length: 4000 }, (_, i) => `word-${n}-${i}`) });

  it('reads whole objects while the same key is rewritten', async () => {
    await storage.writeStream(key, Readable.from([Buffer.from(JSON.stringify(version(0)))]), 'application/json');
    const seen = new Set<number>();
    const errors: string[] = [];
    const writes = (async () => {
      for (let n = 1; n <= 40; n++) await storage.writeStream(key, Readable.from([Buffer.from(JSON.stringify(version(n)))]), 'application/json');
    })();
    const reads = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 60; i++) {
          const read = await storage.readJson<ReturnType<typeof version>>(key).catch((err: Error) => {
            errors.push(err.message);
            return null;
          });
          if (read) {
            expect(read.words).toHaveLength(4000);
            seen.add(read.n);
          }
        }
      }),
    );
    await Promise.all([writes, reads]);
    expect(errors).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
    expect((await storage.readJson<ReturnType<typeof version>>(key))?.n).toBe(40);
  });
});
