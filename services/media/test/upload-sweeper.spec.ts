import { randomUUID } from 'node:crypto';
import { ErrorCode, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { UploadSweeper } from '../src/upload-sweeper';
import { Rpc, startMedia, uploadFile } from './harness';

describe('abandoned uploads', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  const storage = () => new ObjectStorage(storageConfigSchema.parse(process.env));
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\/[^/]+\//, '');

  beforeAll(async () => {
    media = await startMedia();
  }, 120_000);
  afterAll(async () => {
    await media?.stop();
  });

  it('removes uploads nobody completed once they cannot be completed, and keeps everything else', async () => {
    const userId = randomUUID();
    const db = media.api.get(DataSource);
    const abandoned = await uploadFile(media.client, userId, 'h264-aac.mp4');
    const recent = await uploadFile(media.client, userId, 'h264-aac.mp4');
    // A video of before originals/ whose original is still its upload key, its grant long completed.
    const legacy = await uploadFile(media.client, userId, 'h264-aac.mp4');
    const [abandonedKey, recentKey, legacyKey] = [abandoned, recent, legacy].map((u) => keyOf(u.uploadUrl));
    await db.query(`UPDATE "media"."upload_grants" SET "expires_at" = now() - interval '8 hours' WHERE "object_key" = ANY($1)`, [[abandonedKey, legacyKey]]);
    await db.query(`UPDATE "media"."upload_grants" SET "completed_at" = now() - interval '8 hours' WHERE "object_key" = $1`, [legacyKey]);
    await db.query(
      `INSERT INTO "media"."videos" ("user_id", "title", "original_filename", "object_key", "file_size", "status", "stage")
       VALUES ($1, 'Old', 'old.mp4', $2, $3, 'processed', 'done')`,
      [userId, legacyKey, legacy.size],
    );

    expect(await media.api.get(UploadSweeper).sweep()).toBe(2);

    expect(await storage().stat(abandonedKey)).toBeNull();
    expect(await storage().stat(legacyKey)).not.toBeNull();
    expect(await storage().stat(recentKey)).not.toBeNull();
    const grants = await db.query(`SELECT "object_key" FROM "media"."upload_grants" WHERE "object_key" = ANY($1)`, [[abandonedKey, recentKey, legacyKey]]);
    expect(grants.map((g: { object_key: string }) => g.object_key)).toEqual([recentKey]);
    const refused = await rejection(
      media.client.call(Rpc.uploadComplete, {
        userId,
        videoUrl: abandoned.uploadUrl,
        title: 'Late',
        originalFilename: 'late.mp4',
        fileSize: BigInt(abandoned.size),
        duration: 1,
      }),
    );
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
    // Nothing left to do: a second sweep removes nothing.
    expect(await media.api.get(UploadSweeper).sweep()).toBe(0);
  });
});
