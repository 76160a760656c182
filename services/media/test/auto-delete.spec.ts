import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EventPublisher, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { notificationsV1 } from '@reelsmith/proto';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { Rpc, startMedia, uploadFile, waitForStatus } from './harness';

/** Auto-delete after 30 days: media acts on evt.notifications.auto.delete.due (sent daily by notifications). */
describe('auto-delete of old processed videos', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let nc: NatsConnection;
  let events: EventPublisher;
  let dataSource: DataSource;
  let storage: ObjectStorage;
  const alice = randomUUID();
  const bob = randomUUID();

  async function processed(userId: string, title: string) {
    const { uploadUrl, size } = await uploadFile(media.client, userId, 'h264-aac.mp4');
    const video = await media.client.call(Rpc.uploadComplete, {
      userId,
      videoUrl: uploadUrl,
      title,
      originalFilename: `${title}.mp4`,
      fileSize: BigInt(size),
      duration: 0,
    });
    await waitForStatus(media.client, userId, video.id, ['processed']);
    return video.id;
  }

  const ageDays = (id: string, days: number) =>
    dataSource.query(`UPDATE media.videos SET created_at = now() - ($2 * interval '1 day') WHERE id = $1`, [id, days]);
  const idsOf = async (userId: string) => (await media.client.call(Rpc.videosList, { userId, folderId: '' })).videos.map((v) => v.id).sort();

  beforeAll(async () => {
    media = await startMedia();
    nc = await connect({ servers: process.env.NATS_URL });
    events = new EventPublisher(nc.jetstream(), 'notifications');
    dataSource = media.api.get(DataSource);
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
  }, 120_000);

  afterAll(async () => {
    await nc?.drain();
    await media?.stop();
  });

  it("deletes the user's processed videos created before the cut-off, with their objects, and nothing else", async () => {
    const old = await processed(alice, 'old');
    const recent = await processed(alice, 'recent');
    const othersOld = await processed(bob, 'bobs-old');
    await ageDays(old, 40);
    await ageDays(othersOld, 40);
    const [{ object_key: objectKey, thumbnail_key: thumbnailKey }] = await dataSource.query(
      'SELECT object_key, thumbnail_key FROM media.videos WHERE id = $1',
      [old],
    );
    expect(await storage.stat(objectKey)).not.toBeNull();

    const before = timestampFromDate(new Date(Date.now() - 30 * 86_400_000));
    await events.publish(notificationsV1.AutoDeleteDueSchema, { userId: alice, before, day: '2026-11-24' });
    const deadline = Date.now() + 20_000;
    while ((await idsOf(alice)).includes(old) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

    expect(await idsOf(alice)).toEqual([recent]);
    expect(await idsOf(bob)).toEqual([othersOld]);
    expect(await storage.stat(objectKey)).toBeNull();
    if (thumbnailKey) expect(await storage.stat(thumbnailKey)).toBeNull();
  });
});
