import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, EventPublisher, type RpcClient } from '@reelsmith/kit';
import { foldersV1, mediaV1 } from '@reelsmith/proto';
import { configSchema as foldersConfigSchema } from '../../folders/src/config';
import { FoldersModule } from '../../folders/src/folders.module';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { configSchema } from '../src/config';
import { MediaModule } from '../src/media.module';
import { VideosRepository } from '../src/videos.repository';

const Media = mediaV1.MediaService.method;
const Folders = foldersV1.FoldersService.method;

/** Media's side of folders: moving videos (asking the folders service) and the deletion event. */
describe('media with the folders service over real NATS and PostgreSQL', () => {
  let media: INestApplication;
  let folders: INestApplication | undefined;
  let client: RpcClient;
  const alice = randomUUID();
  const bob = randomUUID();

  const startFolders = async () => {
    folders = await startServiceApp('folders', foldersConfigSchema, (c) => FoldersModule.register(c));
  };

  beforeAll(async () => {
    media = await startServiceApp('media', configSchema, (c) => MediaModule.register(c), { env: { RPC_TIMEOUT_MS: '1500' } });
    await startFolders();
    client = createRpcClient(process.env.NATS_URL!, 10_000);
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await folders?.close();
    await media.close();
  });

  /** A processed video row, as the pipeline leaves it (the pipeline itself is media.spec.ts's business). */
  const video = (userId: string, title: string) =>
    media.get(VideosRepository).create({ userId, title, originalFilename: `${title}.mp4`, status: 'processed', stage: 'done', duration: 12.5, fileSize: 1234 });

  it('moves a video into a folder of its owner, lists it there, and back to the library', async () => {
    const folder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Cup', description: '', color: '' });
    const v = await video(alice, 'Final');
    const other = await video(alice, 'Warm-up');

    const moved = await client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: folder.id });
    expect(moved).toMatchObject({ id: v.id, folderId: folder.id, title: 'Final', status: 'processed' });
    const inFolder = await client.call(Media.videosList, { userId: alice, folderId: folder.id });
    expect(inFolder.videos.map((x) => x.id)).toEqual([v.id]);
    const all = await client.call(Media.videosList, { userId: alice, folderId: '' });
    expect(all.videos.map((x) => x.id).sort()).toEqual([v.id, other.id].sort());

    const back = await client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: '' });
    expect(back.folderId).toBe('');
    expect((await client.call(Media.videosList, { userId: alice, folderId: folder.id })).videos).toEqual([]);
  });

  it('answers NOT_FOUND for a foreign or unknown folder and for a foreign video, and moves nothing', async () => {
    const bobsFolder = await client.call(Folders.foldersCreate, { userId: bob, name: 'Bob', description: '', color: '' });
    const alicesFolder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Mine', description: '', color: '' });
    const v = await video(alice, 'Keep');
    for (const folderId of [bobsFolder.id, randomUUID(), 'not-a-uuid']) {
      const err = await rejection(client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId }));
      expect({ folderId, code: err.code, message: err.message }).toEqual({ folderId, code: ErrorCode.NOT_FOUND, message: 'Folder not found' });
    }
    const foreignVideo = await rejection(client.call(Media.videosMove, { userId: bob, videoId: v.id, folderId: bobsFolder.id }));
    expect({ code: foreignVideo.code, message: foreignVideo.message }).toEqual({ code: ErrorCode.NOT_FOUND, message: 'Video not found' });
    const intoMine = await rejection(client.call(Media.videosMove, { userId: bob, videoId: v.id, folderId: alicesFolder.id }));
    expect(intoMine.code).toBe(ErrorCode.NOT_FOUND);
    expect((await client.call(Media.videosGet, { userId: alice, videoId: v.id })).folderId).toBe('');
  });

  it('puts the videos of a deleted folder back in the library, with their data intact', async () => {
    const folder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Trips', description: '', color: '#8b5cf6' });
    const a = await video(alice, 'Alps');
    const b = await video(alice, 'Coast');
    await client.call(Media.videosMove, { userId: alice, videoId: a.id, folderId: folder.id });
    await client.call(Media.videosMove, { userId: alice, videoId: b.id, folderId: folder.id });
    const before = await client.call(Media.videosGet, { userId: alice, videoId: a.id });

    await client.call(Folders.foldersDelete, { userId: alice, folderId: folder.id });
    const deadline = Date.now() + 10_000;
    let videos = (await client.call(Media.videosList, { userId: alice, folderId: '' })).videos.filter((x) => [a.id, b.id].includes(x.id));
    while (videos.some((x) => x.folderId !== '') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      videos = (await client.call(Media.videosList, { userId: alice, folderId: '' })).videos.filter((x) => [a.id, b.id].includes(x.id));
    }
    expect(videos.map((x) => x.folderId)).toEqual(['', '']);
    const after = await client.call(Media.videosGet, { userId: alice, videoId: a.id });
    expect({ ...after, folderId: folder.id, thumbnail: '', streamUrl: '', downloadUrl: '', previewUrl: '' }).toEqual({
      ...before,
      thumbnail: '',
      streamUrl: '',
      downloadUrl: '',
      previewUrl: '',
    });
  });

  it('clears only the folder of the user named in the event, and twice is harmless', async () => {
    const folder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Kept', description: '', color: '' });
    const marker = await client.call(Folders.foldersCreate, { userId: alice, name: 'Marker', description: '', color: '' });
    const v = await video(alice, 'Stays');
    const m = await video(alice, 'Marker video');
    await client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: folder.id });
    await client.call(Media.videosMove, { userId: alice, videoId: m.id, folderId: marker.id });
    const publisher = media.get(EventPublisher);
    // A deletion naming Alice's folder id for another user moves nothing of Alice's; the marker,
    // handled after it by the same consumer, says when it has been handled.
    await publisher.publish(foldersV1.FolderDeletedSchema, { folderId: folder.id, userId: bob });
    await publisher.publish(foldersV1.FolderDeletedSchema, { folderId: marker.id, userId: alice });
    await publisher.publish(foldersV1.FolderDeletedSchema, { folderId: marker.id, userId: alice });
    const deadline = Date.now() + 10_000;
    while ((await client.call(Media.videosGet, { userId: alice, videoId: m.id })).folderId !== '' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await client.call(Media.videosGet, { userId: alice, videoId: m.id })).folderId).toBe('');
    expect((await client.call(Media.videosGet, { userId: alice, videoId: v.id })).folderId).toBe(folder.id);
  });

  it('refuses a move into a folder whose deletion media has seen, even if asked too early', async () => {
    // The folders service still has the folder (its answer raced the deletion); media's record wins.
    const folder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Raced', description: '', color: '' });
    const v = await video(alice, 'Late mover');
    await media.get(EventPublisher).publish(foldersV1.FolderDeletedSchema, { folderId: folder.id, userId: alice });
    const deadline = Date.now() + 10_000;
    let err = await rejection(client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: folder.id })).catch(() => undefined);
    while (!err && Date.now() < deadline) {
      await client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: '' });
      await new Promise((r) => setTimeout(r, 100));
      err = await rejection(client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: folder.id })).catch(() => undefined);
    }
    expect({ code: err?.code, message: err?.message }).toEqual({ code: ErrorCode.NOT_FOUND, message: 'Folder not found' });
    expect((await client.call(Media.videosGet, { userId: alice, videoId: v.id })).folderId).toBe('');
  });

  it('leaves no video in a folder deleted while moves into it were under way', async () => {
    const folder = await client.call(Folders.foldersCreate, { userId: alice, name: 'Busy', description: '', color: '' });
    const videos = await Promise.all(Array.from({ length: 12 }, (_, i) => video(alice, `Busy ${i}`)));
    const moves = videos.map((v) => client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: folder.id }).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 5));
    await client.call(Folders.foldersDelete, { userId: alice, folderId: folder.id });
    await Promise.all(moves);
    const ids = new Set(videos.map((v) => v.id));
    const deadline = Date.now() + 10_000;
    let inFolder = Infinity;
    while (inFolder > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      inFolder = (await client.call(Media.videosList, { userId: alice, folderId: '' })).videos.filter((x) => ids.has(x.id) && x.folderId === folder.id).length;
    }
    expect(inFolder).toBe(0);
    // And it stays so: a late move is refused.
    const late = await rejection(client.call(Media.videosMove, { userId: alice, videoId: videos[0].id, folderId: folder.id }));
    expect(late.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('answers UNAVAILABLE when the folders service is down, and keeps the video where it was', async () => {
    const v = await video(alice, 'Waiting');
    await folders!.close();
    folders = undefined;
    const err = await rejection(client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: randomUUID() }));
    expect(err.code).toBe(ErrorCode.UNAVAILABLE);
    expect((await client.call(Media.videosGet, { userId: alice, videoId: v.id })).folderId).toBe('');
    // Back to the library needs no folder lookup.
    expect((await client.call(Media.videosMove, { userId: alice, videoId: v.id, folderId: '' })).folderId).toBe('');
  });
});
