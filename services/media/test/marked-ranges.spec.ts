import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { YOUR_PICK } from '@reelsmith/proto/http';
import { plantedVideo } from '../../../test/support/planted';
import { rejection } from '../../../test/support/rpc';
import { Rpc, startMedia, uploadFile, waitForHighlight, waitForStatus } from './harness';

/** Two planted events (the first the strongest) and a long calm stretch nothing would pick. */
const clip = () =>
  plantedVideo('marked-ranges', [
    { kind: 'calm', seconds: 8, scene: 0 },
    { kind: 'action', seconds: 4, scene: 1 },
    { kind: 'calm', seconds: 10, scene: 0 },
    { kind: 'applause', seconds: 3, scene: 2 },
    { kind: 'calm', seconds: 12, scene: 3 },
  ]);

type Range = { start: number; end: number };

const touches = (m: { start: number; end: number }, r: { start: number; end: number }) => m.start < r.end - 0.001 && r.start < m.end - 0.001;

describe('must-include and never-include ranges on a real generate', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  const alice = randomUUID();
  let video: mediaV1.Video;
  const footage = clip();
  const strongest = footage.events.find((e) => e.kind === 'action')!;

  beforeAll(async () => {
    media = await startMedia();
    const { uploadUrl, size } = await uploadFile(media.client, alice, footage.file);
    const created = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Ranges',
      originalFilename: 'ranges.mp4',
      fileSize: BigInt(size),
      duration: 0,
    });
    video = await waitForStatus(media.client, alice, created.id, ['processed']);
  }, 120_000);

  afterAll(async () => {
    await media?.stop();
  });

  it('puts a low-scoring included stretch in the reel as your pick, and keeps the excluded strongest event out', async () => {
    const include = [{ start: 28, end: 33 }];
    const exclude = [{ start: strongest.start, end: strongest.end }];
    // Without marks, the strongest event is in the reel and the calm stretch is not.
    const free = await waitForHighlight(
      media.client,
      alice,
      (await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, preset: 'sport', targetLength: 15 })).id,
    );
    expect(free.moments.some((m) => touches(m, strongest))).toBe(true);
    expect(free.moments.some((m) => m.start <= 28 && m.end >= 33)).toBe(false);

    const queued = await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, preset: 'sport', targetLength: 15, include, exclude });
    expect(queued.include).toEqual([expect.objectContaining(include[0])]);
    expect(queued.exclude).toEqual([expect.objectContaining(exclude[0])]);
    const ready = await waitForHighlight(media.client, alice, queued.id);
    expect(ready.status).toBe('ready');
    const pick = ready.moments.find((m) => m.start <= 28 + 0.005 && m.end >= 33 - 0.005);
    expect(pick?.reasons[0]).toBe(YOUR_PICK);
    expect(ready.moments.some((m) => touches(m, strongest))).toBe(false);
    // The engine filled the rest of the reel around the pick (the applause), within the target.
    expect(ready.moments.length).toBeGreaterThan(1);
    expect(ready.reelDuration).toBeLessThanOrEqual(15.5);
    expect(ready.summary).toMatch(/your pick/);
    // The marks stay with the reel.
    const again = await media.client.call(Rpc.highlightsGet, { userId: alice, highlightId: ready.id });
    expect(again.include).toHaveLength(1);
    expect(again.exclude).toHaveLength(1);
  }, 240_000);

  it('refuses ranges that do not fit the video, changing nothing', async () => {
    const before = (await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id })).highlights.length;
    const generate = (extra: { include?: Range[]; exclude?: Range[] }) =>
      rejection(media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, targetLength: 15, ...extra }));
    const outside = await generate({ include: [{ start: 30, end: 60 }] });
    expect(outside.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(outside.message).toContain('include range 30–60 s ends after the video');
    expect((await generate({ include: [{ start: 2, end: 6 }], exclude: [{ start: 5, end: 9 }] })).message).toContain('conflicts');
    expect((await generate({ include: [{ start: 0, end: 20 }] })).message).toContain('longer than the 15 s reel');
    expect((await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id })).highlights).toHaveLength(before);
  }, 60_000);
});
