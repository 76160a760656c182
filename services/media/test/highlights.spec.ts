import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { shortPlantedClip } from '../../../test/support/planted';
import { rejection } from '../../../test/support/rpc';
import { sourceCacheDir } from '../src/worker/source-cache';
import { Rpc, startMedia, uploadFile, waitForHighlight, waitForStatus } from './harness';

/** Sizes of the source copies the in-process worker keeps for edits and exports. */
function cachedCopies(): number[] {
  const dir = sourceCacheDir(process.env.WORK_DIR || tmpdir());
  return existsSync(dir) ? readdirSync(dir).map((name) => statSync(join(dir, name)).size) : [];
}

/** Codec, size and length of a stored reel, read back with ffprobe. */
async function probeReel(storage: ObjectStorage, key: string) {
  const dir = mkdtempSync(join(tmpdir(), 'reel-'));
  try {
    const file = join(dir, 'reel');
    await storage.downloadFile(key, file);
    const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString());
    const video = out.streams.find((s: { codec_type: string }) => s.codec_type === 'video');
    const audio = out.streams.find((s: { codec_type: string }) => s.codec_type === 'audio');
    return {
      duration: Number(out.format.duration),
      format: out.format.format_name as string,
      codec: video.codec_name,
      width: video.width,
      height: video.height,
      audio: audio?.codec_name,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('AI highlights: analysis, selection and rendering over real infrastructure', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let storage: ObjectStorage;
  const alice = randomUUID();
  const bob = randomUUID();
  let video: mediaV1.Video;
  const clip = shortPlantedClip();

  beforeAll(async () => {
    media = await startMedia();
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
    const { uploadUrl, size } = await uploadFile(media.client, alice, clip.file);
    const created = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Derby',
      originalFilename: 'derby.mp4',
      fileSize: BigInt(size),
      duration: 0,
    });
    video = await waitForStatus(media.client, alice, created.id, ['processed']);
  }, 120_000);

  afterAll(async () => {
    await media?.stop();
  });

  const resolveReel = (highlightId: string) => media.client.call(Rpc.objectResolve, { userId: alice, highlightId, kind: mediaV1.ObjectKind.REEL_DOWNLOAD });
  const resolvePoster = (highlightId: string, userId = alice) =>
    media.client.call(Rpc.objectResolve, { userId, highlightId, kind: mediaV1.ObjectKind.REEL_POSTER });

  it('finds the planted moment, explains it, and renders a 15 s reel in story order', async () => {
    // Default render options: 1080p MP4 16:9.
    const queued = await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, preset: 'sport', targetLength: 15 });
    expect(queued).toMatchObject({ status: 'queued', version: 1, kind: 'highlights', preset: 'sport', targetLength: 15 });
    const ready = await waitForHighlight(media.client, alice, queued.id);
    expect(ready.status).toBe('ready');
    const [event] = clip.events;
    const found = ready.moments.find((m) => m.start <= event.start + 1 && m.end >= event.end - 1);
    expect(found?.reasons).toEqual(expect.arrayContaining(['crowd roar', 'fast action']));
    ready.moments.forEach((m, i) => i > 0 && expect(m.start).toBeGreaterThanOrEqual(ready.moments[i - 1].end));
    expect(ready.timeline.length).toBe(Math.ceil(clip.duration));
    // 40 s of footage with one big moment: the target is an upper bound, so the reel holds that moment
    // and no calm padding.
    expect(ready.moments).toHaveLength(1);
    expect(ready.reelDuration).toBeGreaterThan(3.5);
    expect(ready.reelDuration).toBeLessThan(9);
    // Analysed once: by this job (its seconds recorded), or already in the background after processing (none).
    const analysisSeconds = ready.timings?.analysisSeconds;
    expect(analysisSeconds === undefined || analysisSeconds > 0).toBe(true);
    expect(ready.streamUrl).toContain(`/api/highlights/${ready.id}/stream?`);

    const object = await resolveReel(ready.id);
    expect(object.filename).toBe('Derby - highlights v1.mp4');
    const reel = await probeReel(storage, object.key);
    // The source is 640x360: the reel is never upscaled past the lowest quality (480p), whatever was chosen.
    expect(reel).toMatchObject({ codec: 'h264', width: 854, height: 480, audio: 'aac' });
    // ... and the highlight says so: 1080p was chosen, 480p is what the file is.
    expect(ready).toMatchObject({ render: expect.objectContaining({ quality: '1080p' }), renderedQuality: '480p', reelWidth: 854, reelHeight: 480 });
    // The engine's own summary of what it picked is kept with the reel ('1 strong moment found...').
    expect(ready.summary).toMatch(new RegExp(`^${ready.moments.length} \\S`));
    // The poster is a frame of the reel, in the reel's shape, stored beside it.
    expect(ready.posterUrl).toContain(`/api/highlights/${ready.id}/poster?`);
    const poster = await resolvePoster(ready.id);
    expect(poster).toMatchObject({ key: `derived/${video.id}/reels/${ready.id}.jpg`, contentType: 'image/jpeg' });
    expect(await probeReel(storage, poster.key)).toMatchObject({ codec: 'mjpeg', width: 854, height: 480 });
    expect((await rejection(resolvePoster(ready.id, bob))).code).toBe(ErrorCode.NOT_FOUND);
    expect(reel.duration).toBeCloseTo(ready.reelDuration, 0);
    // The analysed source stays on the worker's disk for the edits and exports that follow.
    expect(cachedCopies()).toEqual([statSync(clip.file).size]);
  }, 120_000);

  it('gives the owner the kept analysis: frame-exact shot boundaries and per-step signals', async () => {
    const analysis = await media.client.call(Rpc.videosAnalysis, { userId: alice, videoId: video.id });
    expect(analysis.cuts).toHaveLength(clip.cuts.length);
    analysis.cuts.forEach((t, i) => expect(t).toBeCloseTo(clip.cuts[i], 2));
    expect(analysis.step).toBeCloseTo(0.2, 5);
    expect(analysis.loudness.length).toBe(Math.round(clip.duration / analysis.step));
    expect(analysis.motion.length).toBe(analysis.loudness.length);
    // A planted clip of colours and patterns: a face count per second, all 0.
    expect(analysis.faceCount).toEqual(Array.from({ length: Math.ceil(clip.duration) }, () => 0));
    const err = await rejection(media.client.call(Rpc.videosAnalysis, { userId: bob, videoId: video.id }));
    expect({ code: err.code, message: err.message }).toEqual({ code: ErrorCode.NOT_FOUND, message: 'Video not found' });
  });

  it('makes a new version from the kept analysis in another size, format and aspect', async () => {
    const queued = await media.client.call(Rpc.highlightsGenerate, {
      userId: alice,
      videoId: video.id,
      preset: 'auto',
      targetLength: 15,
      fillToLength: true,
      render: { quality: '480p', format: 'avi', aspect: '9:16' },
    });
    const ready = await waitForHighlight(media.client, alice, queued.id);
    expect(ready).toMatchObject({ status: 'ready', version: 2, fillToLength: true });
    // Filled to length on request: weaker seconds pad the reel to about its target (moments that come to
    // touch are one stretch of footage, so this may be one long moment).
    expect(ready.moments.reduce((sum, m) => sum + m.end - m.start, 0)).toBeGreaterThan(12);
    expect(ready.reelDuration).toBeGreaterThan(12);
    expect(ready.reelDuration).toBeLessThan(16.5);
    expect(ready.streamUrl).toBe('');
    const reel = await probeReel(storage, (await resolveReel(ready.id)).key);
    expect(reel).toMatchObject({ format: 'avi', codec: 'mpeg4', width: 480, height: 854, audio: 'mp3' });
    expect(ready).toMatchObject({ renderedQuality: '480p', reelWidth: 480, reelHeight: 854 });
    // A 9:16 reel's poster is portrait, like the reel (not the source's landscape thumbnail).
    expect(await probeReel(storage, (await resolvePoster(ready.id)).key)).toMatchObject({ codec: 'mjpeg', width: 480, height: 854 });
    const { highlights } = await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id });
    expect(highlights.map((h) => h.version)).toEqual([2, 1]);
  }, 120_000);

  it('re-renders edited moments as a new version', async () => {
    const { highlights } = await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id });
    const edited = await media.client.call(Rpc.highlightsEdit, {
      userId: alice,
      highlightId: highlights[1].id,
      moments: [
        { start: 22, end: 26 },
        { start: 10, end: 14, reasons: ['crowd roar'] },
      ],
    });
    const ready = await waitForHighlight(media.client, alice, edited.id);
    expect(ready.moments.map((m) => [m.start, m.end])).toEqual([
      [10, 14],
      [22, 26],
    ]);
    expect(ready.moments[1].reasons.length).toBeGreaterThan(0);
    expect(ready.timings?.analysisSeconds).toBeUndefined();
    expect(ready.timings?.selectionSeconds).toBeUndefined();
    expect(ready.timings?.renderSeconds).toBeGreaterThan(0);
    expect(ready.reelDuration).toBeCloseTo(7.6, 1);
    // Edited moments are the creator's: no engine summary; the file is described all the same.
    expect(ready).toMatchObject({ summary: '', renderedQuality: '480p', reelWidth: 854, reelHeight: 480 });
    const reel = await probeReel(storage, (await resolveReel(ready.id)).key);
    expect(reel.duration).toBeCloseTo(7.6, 0);
  }, 120_000);

  it('exports a trimmed stretch in the chosen format and lists it', async () => {
    const queued = await media.client.call(Rpc.exportsCreate, {
      userId: alice,
      videoId: video.id,
      start: '0:05',
      end: '0:12',
      render: { format: 'mov', quality: '720p' },
    });
    const ready = await waitForHighlight(media.client, alice, queued.id);
    expect(ready).toMatchObject({ status: 'ready', kind: 'export' });
    const object = await resolveReel(ready.id);
    expect(object.filename).toBe('Derby - export v1.mov');
    const reel = await probeReel(storage, object.key);
    expect(reel).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(reel.duration).toBeCloseTo(7, 0);
    const { highlights } = await media.client.call(Rpc.exportsList, { userId: alice });
    expect(highlights[0]).toMatchObject({ id: ready.id, videoTitle: 'Derby' });
  }, 120_000);

  it('refuses bad requests with clear errors and creates nothing', async () => {
    const cases: Array<[Promise<unknown>, ErrorCode, string]> = [
      [
        media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, preset: 'cooking' }),
        ErrorCode.INVALID_ARGUMENT,
        'Preset must be one of auto, sport, wedding, business, travel.',
      ],
      [
        media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, targetLength: 45 }),
        ErrorCode.INVALID_ARGUMENT,
        'Target length must be one of 15, 30, 60, 90 seconds.',
      ],
      [media.client.call(Rpc.highlightsGenerate, { userId: bob, videoId: video.id }), ErrorCode.NOT_FOUND, 'Video not found'],
      [
        media.client.call(Rpc.exportsCreate, { userId: alice, videoId: video.id, start: '0:30', end: '0:10' }),
        ErrorCode.INVALID_ARGUMENT,
        'Start time must be before end time.',
      ],
    ];
    for (const [call, code, message] of cases) {
      const err = await rejection(call);
      expect({ code: err.code, message: err.message }).toEqual({ code, message });
    }
    const { highlights } = await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id });
    expect(highlights).toHaveLength(3);
    expect((await rejection(media.client.call(Rpc.highlightsGet, { userId: bob, highlightId: highlights[0].id }))).code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await rejection(media.client.call(Rpc.highlightsEdit, { userId: alice, highlightId: highlights[0].id, moments: [{ start: 1, end: 1.5 }] }))).message,
    ).toBe('Every moment must be at least 1 second long.');
  });

  it("counts each video's ready reels in the list and in the video (exports are not reels)", async () => {
    const { highlights } = await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id });
    expect(highlights.filter((h) => h.status === 'ready')).toHaveLength(3);
    const { videos } = await media.client.call(Rpc.videosList, { userId: alice, folderId: '' });
    expect(videos.find((v) => v.id === video.id)?.readyReels).toBe(3);
    expect((await media.client.call(Rpc.videosGet, { userId: alice, videoId: video.id })).readyReels).toBe(3);
    // A queued reel is not ready yet.
    const queued = await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, targetLength: 15, render: { quality: '480p' } });
    expect((await media.client.call(Rpc.videosList, { userId: alice, folderId: '' })).videos.find((v) => v.id === video.id)?.readyReels).toBe(3);
    await waitForHighlight(media.client, alice, queued.id);
    expect((await media.client.call(Rpc.videosGet, { userId: alice, videoId: video.id })).readyReels).toBe(4);
  }, 120_000);

  it('answers 409 for a video that is not processed yet', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'slow.webm');
    const pending = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Later',
      originalFilename: 'later.webm',
      fileSize: BigInt(size),
      duration: 0,
    });
    const err = await rejection(media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: pending.id }));
    expect(err.code).toBe(ErrorCode.CONFLICT);
    expect(err.message).toMatch(/^Highlights can be made only from a processed video; this one is (uploaded|processing)\.$/);
    await media.client.call(Rpc.videosDelete, { userId: alice, videoId: pending.id });
  });

  it('deletes the reels, their posters and the analysis with the video', async () => {
    const { highlights } = await media.client.call(Rpc.highlightsList, { userId: alice, videoId: video.id });
    const { highlights: exports } = await media.client.call(Rpc.exportsList, { userId: alice });
    const reels = [...highlights, ...exports.filter((h) => h.videoId === video.id)];
    const keys = (await Promise.all(reels.map(async (h) => [(await resolveReel(h.id)).key, (await resolvePoster(h.id)).key]))).flat();
    expect(keys).toHaveLength(2 * reels.length);
    for (const key of keys) expect(await storage.stat(key)).not.toBeNull();
    await media.client.call(Rpc.videosDelete, { userId: alice, videoId: video.id });
    for (const key of [...keys, `derived/${video.id}/analysis.json`]) expect(await storage.stat(key)).toBeNull();
    // The worker drops its local copy when it hears of the deletion.
    for (let i = 0; i < 50 && cachedCopies().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(cachedCopies()).toEqual([]);
    expect((await rejection(media.client.call(Rpc.highlightsGet, { userId: alice, highlightId: highlights[0].id }))).code).toBe(ErrorCode.NOT_FOUND);
  });
});
