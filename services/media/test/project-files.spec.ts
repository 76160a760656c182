import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@reelsmith/kit';
import type { mediaV1 } from '@reelsmith/proto';
import type { ProjectJson } from '@reelsmith/proto/http';
import { colourSegmentsClip, frameColours } from '../../../test/support/colour-segments';
import { rejection } from '../../../test/support/rpc';
import { VideosRepository } from '../src/videos.repository';
import { Rpc, startMedia, uploadFile, waitForHighlight, waitForStatus } from './harness';

/** Where the colour changes in a list of frame colours (the frame each new colour starts at). */
const changes = (colours: number[]) => colours.flatMap((c, i) => (i > 0 && c !== colours[i - 1] ? [i] : []));

describe('project files of a reel, rendered back with melt', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  const alice = randomUUID();
  const bob = randomUUID();
  const clip = colourSegmentsClip();
  let reel: mediaV1.Highlight;
  let work: string;

  const project = (format: string, userId = alice, highlightId = reel.id) => media.client.call(Rpc.highlightsProject, { userId, highlightId, format });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'reelsmith-project-'));
    media = await startMedia();
    const { uploadUrl, size } = await uploadFile(media.client, alice, clip.file);
    const created = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Colour test: "segments" & cuts',
      originalFilename: 'colour segments.mp4',
      fileSize: BigInt(size),
      duration: 0,
    });
    const video = await waitForStatus(media.client, alice, created.id, ['processed']);
    const first = await media.client.call(Rpc.highlightsGenerate, {
      userId: alice,
      videoId: video.id,
      targetLength: 15,
      render: { quality: '480p', aspect: '9:16' },
    });
    await waitForHighlight(media.client, alice, first.id);
    // The creator's moments: the first crosses a colour change in the source (at 2 s), the joins fall between colours.
    const edited = await media.client.call(Rpc.highlightsEdit, {
      userId: alice,
      highlightId: first.id,
      moments: [
        { start: 1, end: 3.5 },
        { start: 6.5, end: 7.5 },
        { start: 12.2, end: 13.4 },
      ],
      render: { quality: '480p', aspect: '9:16' },
    });
    // Until it is rendered, there is no project to take away.
    const early = await rejection(project('mlt', alice, edited.id));
    expect(early.code).toBe(ErrorCode.CONFLICT);
    expect(early.message).toMatch(/not ready/);
    reel = await waitForHighlight(media.client, alice, edited.id);
    expect(reel.status).toBe('ready');
  }, 240_000);

  afterAll(async () => {
    await media?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('describes the reel in JSON: the source frame rate as probed, frames of each moment, the 9:16 crop path the render used', async () => {
    const file = await project('json');
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(file.filename).toBe('Colour-test-segments-cuts-reel-2.json');
    const json = JSON.parse(file.content) as ProjectJson;
    expect(json.source).toMatchObject({ originalFilename: 'colour segments.mp4', width: 320, height: 180, hasAudio: true });
    expect(json.source.frameRate).toEqual({ num: 30000, den: 1001, fps: 29.97, dropFrame: true });
    expect(json.source.url).toMatch(new RegExp(`^/api/videos/${json.source.videoId}/download\\?uid=${alice}&exp=\\d+&sig=`));
    expect(json.reel).toMatchObject({ id: reel.id, aspect: '9:16', width: 480, height: 854, crossfadeSeconds: 0.4 });
    expect(json.moments.map((m) => [m.sourceInFrame, m.sourceOutFrame, m.recordInFrame, m.recordOutFrame])).toEqual([
      [30, 105, 0, 75],
      [195, 225, 75, 105],
      [366, 402, 105, 141],
    ]);
    expect(json.crop?.widthShare).toBeCloseTo((180 * 480) / 854 / 320, 3);
    // The kept analysis gives every moment its crop path, over the whole moment.
    for (const m of json.moments) {
      expect(m.crop.length).toBeGreaterThan(0);
      expect(m.crop[0].from).toBe(0);
      expect(m.crop.at(-1)!.to).toBeCloseTo(m.end - m.start, 2);
    }
    expect(json.music).toBeNull();
    // The rendered reel is the timeline less a crossfade at each of its two joins.
    expect(reel.reelDuration).toBeCloseTo(json.reel.renderedDuration, 1);
  });

  it('renders with melt to the reel: its length in frames, and every frame the source frame the moments say, cut where they join', async () => {
    const json = JSON.parse((await project('json')).content) as ProjectJson;
    const mlt = await project('mlt');
    expect(mlt.filename).toBe('Colour-test-segments-cuts-reel-2.mlt');
    // Relinked as docs/videos.md says: the original next to the project, under its original name.
    writeFileSync(join(work, 'reel.mlt'), mlt.content);
    copyFileSync(clip.file, join(work, 'colour segments.mp4'));
    const output = join(work, 'melt.mp4');
    execFileSync('melt', ['-quiet', join(work, 'reel.mlt'), '-consumer', `avformat:${output}`, 'vcodec=libx264', 'preset=ultrafast', 'acodec=aac'], {
      cwd: work,
    });

    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=nb_read_frames,width,height,r_frame_rate',
        '-of',
        'json',
        output,
      ]).toString(),
    ).streams[0];
    expect(probe).toMatchObject({ width: 480, height: 854, r_frame_rate: '30000/1001', nb_read_frames: String(json.reel.frames) });

    const source = frameColours(clip.file);
    const rendered = frameColours(output);
    const expected = json.moments.flatMap((m) => source.slice(m.sourceInFrame, m.sourceOutFrame));
    expect(rendered).toEqual(expected);
    // Cuts at the joins (75: lime to yellow, 105: yellow to white), and the source's own change at 2 s inside the first moment.
    expect(changes(rendered)).toEqual([30, 75, 105]);
    expect(changes(source).filter((f) => f > json.moments[0].sourceInFrame && f < json.moments[0].sourceOutFrame)).toEqual([60]);
  }, 120_000);

  it('writes the EDL and FCPXML of the same timeline', async () => {
    const edl = await project('edl');
    expect(edl.contentType).toBe('text/plain; charset=utf-8');
    expect(edl.content).toContain('FCM: DROP FRAME\r\n');
    expect(edl.content).toContain('001  AX       B     C        00:00:01;00 00:00:03;15 00:00:00;00 00:00:02;15\r\n* FROM CLIP NAME: colour segments.mp4');
    const fcpxml = await project('fcpxml');
    expect(fcpxml.content).toContain('<fcpxml version="1.10">');
    expect(fcpxml.content).toContain('frameDuration="1001/30000s" width="480" height="854"');
    expect(fcpxml.content).toContain('<media-rep kind="original-media" src="./colour%20segments.mp4"/>');
  });

  it('probes the frame rate once for a video processed before it was kept, and keeps it', async () => {
    const videos = media.api.get(VideosRepository);
    await videos.update(reel.videoId, { frameRateNum: 0, frameRateDen: 0 });
    const json = JSON.parse((await project('json')).content) as ProjectJson;
    expect(json.source.frameRate).toMatchObject({ num: 30000, den: 1001 });
    expect(await videos.findById(reel.videoId)).toMatchObject({ frameRateNum: 30000, frameRateDen: 1001 });
  });

  it("answers another user's reel as not found and another format as invalid", async () => {
    expect((await rejection(project('mlt', bob))).code).toBe(ErrorCode.NOT_FOUND);
    expect((await rejection(project('mlt', alice, randomUUID()))).code).toBe(ErrorCode.NOT_FOUND);
    const wrong = await rejection(project('docx'));
    expect(wrong.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(wrong.message).toBe('Project files come as edl, fcpxml, mlt, json.');
  });
});
