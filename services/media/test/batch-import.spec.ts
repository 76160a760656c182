import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ErrorCode, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { emptyVideo, fakeVideo, tinyClip } from '../../../test/support/batch-media';
import { rejection } from '../../../test/support/rpc';
import { Rpc, startMedia, waitForStatus } from './harness';

describe('media.videos.import: videos of bulk batches from stored objects', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let storage: ObjectStorage;
  const alice = randomUUID();
  const bob = randomUUID();
  const batchId = randomUUID();

  const store = async (userId: string, path: string) => {
    const key = `uploads/${userId}/${randomUUID()}`;
    await storage.writeStream(key, createReadStream(path), 'video/mp4');
    return key;
  };

  beforeAll(async () => {
    media = await startMedia();
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
  }, 60_000);
  afterAll(async () => {
    await media?.stop();
  });

  it("makes a video of the batch with the caller's id, processes it, and answers a retry with the same video", async () => {
    const key = await store(alice, tinyClip(3));
    const videoId = randomUUID();
    const request = { userId: alice, videoId, objectKey: key, title: '', originalFilename: 'dir/goal.mp4', batchId };
    const video = await media.client.call(Rpc.videosImport, request);
    expect(video).toMatchObject({ id: videoId, title: 'goal', originalFilename: 'goal.mp4', batchId, status: 'uploaded' });
    expect(video.duration).toBeGreaterThan(1);
    expect((await media.client.call(Rpc.videosImport, request)).id).toBe(videoId);
    // Checked and kept where no upload can write; the streamed upload is gone.
    expect(await storage.stat(key)).toBeNull();
    const original = await media.client.call(Rpc.objectResolve, { userId: alice, videoId, kind: mediaV1.ObjectKind.DOWNLOAD });
    expect(original).toMatchObject({ key: key.replace(/^uploads\//, 'originals/'), contentType: 'video/mp4' });
    expect((await waitForStatus(media.client, alice, videoId, ['processed', 'error'])).status).toBe('processed');
    expect((await media.client.call(Rpc.videosList, { userId: alice })).videos).toHaveLength(1);
  });

  it('refuses what complete-upload refuses, deletes the object and says why', async () => {
    for (const [path, code, message] of [
      [fakeVideo(), ErrorCode.UNPROCESSABLE, /^This file is not a video we can read/],
      [emptyVideo(), ErrorCode.UNPROCESSABLE, /^The file is empty\.$/],
    ] as const) {
      const key = await store(alice, path);
      const failure = await rejection(
        media.client.call(Rpc.videosImport, { userId: alice, videoId: randomUUID(), objectKey: key, title: '', originalFilename: 'x.mp4', batchId }),
      );
      expect(failure.code).toBe(code);
      expect(failure.message).toMatch(message);
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.stat(key.replace(/^uploads\//, 'originals/'))).toBeNull();
    }
    const missing = await rejection(
      media.client.call(Rpc.videosImport, {
        userId: alice,
        videoId: '',
        objectKey: `uploads/${alice}/${randomUUID()}`,
        title: '',
        originalFilename: 'x.mp4',
        batchId,
      }),
    );
    expect(missing.code).toBe(ErrorCode.UNPROCESSABLE);
  });

  it("only imports the caller's own uploads", async () => {
    const key = await store(bob, tinyClip(0));
    const failure = await rejection(
      media.client.call(Rpc.videosImport, { userId: alice, videoId: randomUUID(), objectKey: key, title: '', originalFilename: 'x.mp4', batchId }),
    );
    expect(failure.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(await storage.stat(key)).not.toBeNull();
    expect((await media.client.call(Rpc.videosList, { userId: bob })).videos).toEqual([]);
  });
});
