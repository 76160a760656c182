import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { ErrorCode, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { anyUnpack, AnySchema } from '@bufbuild/protobuf/wkt';
import { contractRegistry, mediaV1, progressSubject } from '@reelsmith/proto';
import { FILMSTRIP, type WaveformJson } from '@reelsmith/proto/http';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { Rpc, startMedia, uploadFile, waitForStatus } from './harness';

/** A JPEG's pixel size, from its start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let i = 2; i + 9 < bytes.length;) {
    const marker = bytes[i + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error('not a JPEG with a frame header');
}

describe('media service and worker over real NATS, PostgreSQL, S3 and ffmpeg', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let storage: ObjectStorage;
  let dataSource: DataSource;
  let nc: NatsConnection;
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    media = await startMedia();
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
    dataSource = media.api.get(DataSource);
    nc = await connect({ servers: process.env.NATS_URL });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await media?.stop();
  });

  const complete = (userId: string, videoUrl: string, fileSize: number, extra: Partial<mediaV1.UploadCompleteRequest> = {}) =>
    media.client.call(Rpc.uploadComplete, {
      userId,
      videoUrl,
      title: 'Match day',
      originalFilename: 'match.mp4',
      fileSize: BigInt(fileSize),
      duration: 0,
      language: '',
      ...extra,
    });
  const countVideos = async () => Number((await dataSource.query('SELECT count(*) FROM media.videos'))[0].count);

  it('takes a browser-ready MP4 from upload to processed, with live progress and no proxy', async () => {
    const stages: string[] = [];
    const sub = nc.subscribe(progressSubject(alice), {
      callback: (_, msg) => stages.push((anyUnpack(fromBinary(AnySchema, msg.data), contractRegistry) as mediaV1.VideoProgress).stage),
    });
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'h264-aac.mp4');
    const created = await complete(alice, uploadUrl, size);
    expect(created).toMatchObject({ status: 'uploaded', title: 'Match day', originalFilename: 'match.mp4', fileSize: BigInt(size) });
    expect(created.duration).toBeCloseTo(4, 0);

    const done = await waitForStatus(media.client, alice, created.id, ['processed', 'error']);
    sub.unsubscribe();
    expect(done).toMatchObject({ status: 'processed', stage: 'done', width: 640, height: 360, videoCodec: 'h264', audioCodec: 'aac' });
    expect(done.thumbnail).toMatch(new RegExp(`^/api/videos/${done.id}/thumbnail\\?uid=${alice}&exp=\\d+&sig=`));
    expect(done.streamUrl).toContain(`/api/videos/${done.id}/stream?`);
    expect(stages).toEqual(expect.arrayContaining(['queued', 'validating', 'thumbnail', 'done']));
    expect(stages).not.toContain('transcoding');

    const stream = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.STREAM });
    expect(stream.key).toMatch(new RegExp(`^originals/${alice}/`));
    const thumb = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.THUMBNAIL });
    expect((await storage.readHead(thumb.key, 3)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The editor's timeline: a filmstrip of FILMSTRIP's frames and the sound's peaks, made while processing.
    expect(stages).toEqual(expect.arrayContaining(['filmstrip', 'waveform']));
    expect(done.filmstrip).toMatch(new RegExp(`^/api/videos/${done.id}/filmstrip\\?uid=${alice}&exp=\\d+&sig=`));
    const strip = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.FILMSTRIP });
    expect(strip.contentType).toBe('image/jpeg');
    expect(jpegSize(await storage.readHead(strip.key, 1_000_000))).toEqual({
      width: FILMSTRIP.columns * FILMSTRIP.width,
      height: FILMSTRIP.rows * FILMSTRIP.height,
    });
    const wave = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.WAVEFORM });
    const { peaks } = JSON.parse((await storage.readHead(wave.key, 100_000)).toString('utf8')) as WaveformJson;
    expect(peaks.length).toBeGreaterThanOrEqual(990);
    expect(peaks.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...peaks)).toBeGreaterThan(0.05); // the clip's tone is heard
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
  });

  it('makes no waveform for a video without sound, and says so', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'silent.mp4');
    const done = await waitForStatus(media.client, alice, (await complete(alice, uploadUrl, size)).id, ['processed', 'error']);
    expect(done.status).toBe('processed');
    expect(done.filmstrip).not.toBe('');
    expect(done.waveform).toBe('');
    expect((await rejection(media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.WAVEFORM }))).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await rejection(media.client.call(Rpc.objectResolve, { userId: bob, videoId: done.id, kind: mediaV1.ObjectKind.FILMSTRIP }))).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it.each([
    ['vp9-opus.webm', 480, 270, 'vp9'],
    ['mpeg4.mov', 320, 240, 'mpeg4'],
    ['silent.mp4', 320, 240, 'h264'],
    ['h264-aac.mkv', 320, 240, 'h264'],
    ['phone-rotated.mp4', 360, 640, 'h264'],
  ] as const)('processes %s (%ix%i, %s)', async (file, width, height, codec) => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, file);
    const created = await complete(alice, uploadUrl, size, { originalFilename: file });
    const done = await waitForStatus(media.client, alice, created.id, ['processed', 'error']);
    expect(done).toMatchObject({ status: 'processed', width, height, videoCodec: codec });
    const stream = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: done.id, kind: mediaV1.ObjectKind.STREAM });
    const needsProxy = /\.(webm|mov|mkv)$/.test(file);
    expect(stream.key.startsWith(`derived/${done.id}/proxy.mp4`)).toBe(needsProxy);
    expect(stream.contentType).toBe('video/mp4');
  });

  it.each([
    ['not-a-video.mp4', ErrorCode.UNPROCESSABLE, /not a video we can read/],
    ['empty.mp4', ErrorCode.INVALID_ARGUMENT, /The file is empty/],
    ['truncated.mp4', ErrorCode.UNPROCESSABLE, /not a video we can read/],
  ] as const)('refuses %s at completion, creates nothing and removes the object', async (file, code, message) => {
    const before = await countVideos();
    const { uploadUrl, size } = await uploadFile(media.client, alice, file);
    const err = await rejection(complete(alice, uploadUrl, size));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    expect(await countVideos()).toBe(before);
    const key = new URL(uploadUrl).pathname.replace('/reelsmith/', '');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.stat(key.replace(/^uploads\//, 'originals/'))).toBeNull();
  });

  it('refuses a size lie, a foreign or reused URL, a blank title and a path as file name', async () => {
    const before = await countVideos();
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'silent.mp4');
    const cases: Array<[Promise<unknown>, ErrorCode, RegExp]> = [
      [complete(alice, uploadUrl, size + 1), ErrorCode.INVALID_ARGUMENT, /size does not match/],
      [complete(bob, uploadUrl, size), ErrorCode.NOT_FOUND, /unknown/],
      [complete(alice, uploadUrl, size, { title: '   ' }), ErrorCode.INVALID_ARGUMENT, /enter a title/],
      [complete(alice, uploadUrl, size, { originalFilename: '../../etc/passwd' }), ErrorCode.INVALID_ARGUMENT, /file name is not valid/],
      [complete(alice, 'http://evil.example/reelsmith/uploads/x', size), ErrorCode.INVALID_ARGUMENT, /not an upload URL/],
      [complete(alice, 'not a url', size), ErrorCode.INVALID_ARGUMENT, /not a URL/],
    ];
    for (const [call, code, message] of cases) {
      const err = await rejection(call);
      expect({ code: err.code, message: err.message }).toEqual({ code, message: expect.stringMatching(message) });
    }
    expect(await countVideos()).toBe(before);

    await complete(alice, uploadUrl, size);
    const reused = await rejection(complete(alice, uploadUrl, size));
    expect(reused.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('moves a completed upload to a key no upload URL can write, and serves what was checked', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'vp9-opus.webm');
    const uploadKey = new URL(uploadUrl).pathname.replace('/reelsmith/', '');
    const video = await complete(alice, uploadUrl, size);
    expect(await storage.stat(uploadKey)).toBeNull();

    // The URL still works for a while: whatever it stores now is nobody's video.
    expect((await fetch(uploadUrl, { method: 'PUT', body: '<script>alert(1)</script>', headers: { 'content-type': 'text/html' } })).status).toBe(200);
    const preview = await media.client.call(Rpc.objectResolve, { userId: alice, filename: video.filename, kind: mediaV1.ObjectKind.PREVIEW });
    expect(preview).toMatchObject({ key: `originals/${alice}/${video.filename}`, contentType: 'video/webm', size: BigInt(size) });
    expect((await storage.readHead(preview.key, 4)).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    const download = await media.client.call(Rpc.objectResolve, { userId: alice, videoId: video.id, kind: mediaV1.ObjectKind.DOWNLOAD });
    expect(download).toMatchObject({ key: preview.key, contentType: 'video/webm' });

    // The original keeps the upload's name, so the preview link names it; other names find nothing.
    expect(video.filename).toBe(uploadKey.split('/').pop());
    for (const [userId, filename] of [
      [bob, video.filename],
      [alice, randomUUID()],
      [alice, `../${video.filename}`],
      [alice, ''],
    ]) {
      const err = await rejection(media.client.call(Rpc.objectResolve, { userId, filename, kind: mediaV1.ObjectKind.PREVIEW }));
      expect(err.code).toBe(ErrorCode.NOT_FOUND);
    }
    const done = await waitForStatus(media.client, alice, video.id, ['processed', 'error']);
    expect(done.status).toBe('processed');
  });

  it('refuses an upload completed long after its URL expired, and uses each grant once even when raced', async () => {
    const late = await uploadFile(media.client, alice, 'silent.mp4');
    const lateKey = new URL(late.uploadUrl).pathname.replace('/reelsmith/', '');
    await dataSource.query(`UPDATE media.upload_grants SET expires_at = now() - interval '7 hours' WHERE object_key = $1`, [lateKey]);
    const expired = await rejection(complete(alice, late.uploadUrl, late.size));
    expect({ code: expired.code, message: expired.message }).toEqual({ code: ErrorCode.INVALID_ARGUMENT, message: expect.stringMatching(/expired/) });

    const before = await countVideos();
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'silent.mp4');
    const [grant] = await dataSource.query('SELECT expires_at FROM media.upload_grants WHERE object_key = $1', [
      new URL(uploadUrl).pathname.replace('/reelsmith/', ''),
    ]);
    const minutesLeft = (new Date(grant.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(5);
    expect(minutesLeft).toBeLessThanOrEqual(10);
    const outcomes = await Promise.allSettled([complete(alice, uploadUrl, size), complete(alice, uploadUrl, size)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await countVideos()).toBe(before + 1);
  });

  it("answers another user's video ids with 404 and lists only the caller's", async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'silent.mp4');
    const video = await complete(alice, uploadUrl, size);
    for (const call of [
      media.client.call(Rpc.videosGet, { userId: bob, videoId: video.id }),
      media.client.call(Rpc.videosDelete, { userId: bob, videoId: video.id }),
      media.client.call(Rpc.videosTrim, { userId: bob, videoId: video.id, start: '0:00', end: '0:02' }),
      media.client.call(Rpc.objectResolve, { userId: bob, videoId: video.id, kind: mediaV1.ObjectKind.DOWNLOAD }),
      media.client.call(Rpc.videosGet, { userId: alice, videoId: 'not-a-uuid' }),
    ]) {
      expect((await rejection(call)).code).toBe(ErrorCode.NOT_FOUND);
    }
    const { videos } = await media.client.call(Rpc.videosList, { userId: bob });
    expect(videos).toEqual([]);
    const mine = await media.client.call(Rpc.videosList, { userId: alice });
    expect(mine.videos[0].id).toBe(video.id);
  });

  it('cuts a real clip as a new video, and refuses trims against the spec rules', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'h264-aac.mp4');
    const source = await waitForStatus(media.client, alice, (await complete(alice, uploadUrl, size)).id, ['processed']);
    for (const [start, end, message] of [
      ['0:03', '0:01', 'Start time must be before end time.'],
      ['0:01', '0:09', 'Times must be within the video duration.'],
      ['0:01.2', '0:01.8', 'Trimmed clip must be at least 1 second long.'],
      ['one', '0:02', 'Times must look like m:ss, for example 1:05.'],
    ]) {
      const err = await rejection(media.client.call(Rpc.videosTrim, { userId: alice, videoId: source.id, start, end }));
      expect({ code: err.code, message: err.message }).toEqual({ code: ErrorCode.INVALID_ARGUMENT, message });
    }
    const clip = await media.client.call(Rpc.videosTrim, { userId: alice, videoId: source.id, start: '0:01', end: '0:03' });
    expect(clip).toMatchObject({ sourceVideoId: source.id, title: 'Match day (0:01-0:03)' });
    const done = await waitForStatus(media.client, alice, clip.id, ['processed', 'error']);
    expect(done.status).toBe('processed');
    expect(done.duration).toBeGreaterThan(1.8);
    expect(done.duration).toBeLessThan(2.3);
    expect(done.fileSize).toBeGreaterThan(0n);
  });

  it('deletes a video with its objects', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'vp9-opus.webm');
    const video = await waitForStatus(media.client, alice, (await complete(alice, uploadUrl, size)).id, ['processed']);
    const keys = await Promise.all(
      [mediaV1.ObjectKind.DOWNLOAD, mediaV1.ObjectKind.STREAM, mediaV1.ObjectKind.THUMBNAIL].map(
        async (kind) => (await media.client.call(Rpc.objectResolve, { userId: alice, videoId: video.id, kind })).key,
      ),
    );
    await media.client.call(Rpc.videosDelete, { userId: alice, videoId: video.id });
    for (const key of keys) expect(await storage.stat(key)).toBeNull();
    expect((await rejection(media.client.call(Rpc.videosGet, { userId: alice, videoId: video.id }))).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('has migrations that match the entities (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
