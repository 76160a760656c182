import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frameExact } from '../src/analysis/selection';
import { type RenderSpec, renderArgs, reelLength } from '../src/ffmpeg/args';
import { Analyser } from '../src/analysis/analyser';
import { MediaRepository } from '../src/ffmpeg/media.repository';

/** What an ffmpeg run prints on stderr (where its filters log). */
const runStderr = (args: string[]) => spawnSync('ffmpeg', ['-hide_banner', ...args], { encoding: 'utf8' }).stderr;

/** Seconds of the media file, by ffprobe. */
const durationOf = (file: string) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

describe('reel rendering with real ffmpeg', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-render-'));
  const source = join(work, 'source.mp4');
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(media);

  beforeAll(() => {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=30:d=12',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=12',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Starts between frames used to leave a crossfade's tail a frame short, and ffmpeg then waited forever.
  it.each([
    [
      'between frames',
      [
        { start: 0.37, end: 3.87 },
        { start: 5.37, end: 8.87 },
      ],
    ],
    [
      'on frames',
      [
        { start: 1, end: 3 },
        { start: 4, end: 6.5 },
        { start: 8, end: 11 },
      ],
    ],
  ])('finishes moments that start %s, at the planned length', async (_, moments) => {
    const output = join(work, `reel-${moments.length}.mp4`);
    const spec = {
      source,
      hasAudio: true,
      moments,
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.5,
      sourceLevel: -20,
      output,
    } satisfies RenderSpec;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    expect(durationOf(output)).toBeCloseTo(reelLength(spec), 1);
  });

  it('keeps picture and sound in sync when the picture starts late (video from 0.8 s, sound from 0)', async () => {
    // A flash at 2.0 s and a beep at 2.0 s of the source, then a second flash and beep at 4.0 s.
    const parts = join(work, 'flash-beep.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      "color=c=black:s=320x180:r=25:d=5,drawbox=c=white:t=fill:enable='between(t,1.2,1.36)+between(t,3.2,3.36)'",
      '-f',
      'lavfi',
      '-i',
      "sine=f=1000:d=6,volume='between(t,2,2.16)+between(t,4,4.16)':eval=frame",
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      parts,
    ]);
    const late = join(work, 'late-picture.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-itsoffset', '0.8', '-i', parts, '-i', parts, '-map', '0:v', '-map', '1:a', '-c', 'copy', late]);
    const output = join(work, 'reel-late.mp4');
    const spec = {
      source: late,
      hasAudio: true,
      moments: [
        { start: 0, end: 3 },
        { start: 3.5, end: 5.5 },
      ],
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.4,
      sourceLevel: -10,
      output,
    } satisfies RenderSpec;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    const flashes = [...runStderr(['-i', output, '-an', '-vf', "select='gt(scene,0.3)',showinfo", '-f', 'null', '-']).matchAll(/pts_time:([\d.]+)/g)].map((m) =>
      Number(m[1]),
    );
    const beeps = [...runStderr(['-i', output, '-vn', '-af', 'silencedetect=n=-30dB:d=0.1', '-f', 'null', '-']).matchAll(/silence_end: ([\d.]+)/g)].map((m) =>
      Number(m[1]),
    );
    // Moment 1 (0-3 s) holds the first flash and beep at 2.0 s; moment 2 (3.5-5.5 s) the second at
    // 0.5 s into it, which is 2.6 + 0.5 = 3.1 s into the reel (after a 0.4 s crossfade).
    expect(beeps[0]).toBeCloseTo(2.0, 1);
    expect(beeps[1]).toBeCloseTo(3.1, 1);
    expect(flashes.length).toBeGreaterThanOrEqual(2);
    expect(Math.abs(flashes[0] - beeps[0])).toBeLessThan(0.08);
    expect(Math.abs(flashes.find((t) => t > 2.5)! - beeps[1])).toBeLessThan(0.08);
  });

  it('renders a silent source with silence under every moment', async () => {
    const silent = join(work, 'silent.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=25:d=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      silent,
    ]);
    const output = join(work, 'reel-silent.mp4');
    const spec = {
      source: silent,
      hasAudio: false,
      moments: [
        { start: 1, end: 3.5 },
        { start: 6.2, end: 9 },
      ],
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.4,
      output,
    } satisfies RenderSpec;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'csv=p=0', output], { encoding: 'utf8' });
    const durations = Object.fromEntries(
      streams
        .trim()
        .split('\n')
        .map((l) => l.split(','))
        .map(([type, d]) => [type, Number(d)]),
    );
    expect(durations.video).toBeCloseTo(reelLength(spec), 1);
    expect(durations.audio).toBeCloseTo(reelLength(spec), 1);
  });

  it('blends the picture across a join: half way through, both moments show', async () => {
    const colours = join(work, 'colours.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=320x180:r=30:d=5',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=320x180:r=30:d=5',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      colours,
    ]);
    const output = join(work, 'reel-colours.mp4');
    const spec = {
      source: colours,
      hasAudio: false,
      moments: [
        { start: 0, end: 3 },
        { start: 6, end: 9 },
      ],
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.6,
      output,
    } satisfies RenderSpec;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    // RGB of one pixel at a time of the reel.
    const pixel = (at: number) => [
      ...execFileSync('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(at),
        '-i',
        output,
        '-frames:v',
        '1',
        '-vf',
        'scale=1:1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ]),
    ];
    const [before, middle, after] = [pixel(1), pixel(2.4 + 0.3), pixel(4)];
    expect(before[0]).toBeGreaterThan(200);
    expect(before[2]).toBeLessThan(60);
    expect(after[2]).toBeGreaterThan(200);
    expect(after[0]).toBeLessThan(60);
    expect(middle[0]).toBeGreaterThan(70);
    expect(middle[2]).toBeGreaterThan(70);
  });

  /** RGB of every pixel of one frame of a file (the n-th, or the last with n = -1), and its size. */
  function frameOf(file: string, n: number): { rgb: Buffer; width: number; height: number } {
    const [width, height, count] = execFileSync(
      'ffprobe',
      ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=width,height,nb_read_frames', '-of', 'csv=p=0', file],
      { encoding: 'utf8' },
    )
      .trim()
      .split(',')
      .map(Number);
    const index = n < 0 ? count + n : n;
    const rgb = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return { rgb, width, height };
  }

  /** Width over height of the white square in a frame (bright pixels along the middle row and column). */
  function squareShape({ rgb, width, height }: { rgb: Buffer; width: number; height: number }): number {
    const bright = (x: number, y: number) => rgb[3 * (y * width + x)] > 200 && rgb[3 * (y * width + x) + 2] > 200;
    let across = 0;
    let down = 0;
    for (let x = 0; x < width; x++) if (bright(x, Math.floor(height / 2))) across++;
    for (let y = 0; y < height; y++) if (bright(Math.floor(width / 2), y)) down++;
    return across / down;
  }

  it('keeps the shape of an anamorphic picture (704x576 stored, pixels 16:11): fills 16:9, squares stay square, also in 9:16', async () => {
    const sd = join(work, 'anamorphic.mp4');
    // A square shown 240x240: stored 165 wide (240 * 11/16) and 240 high, on a grey picture.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x808080:s=704x576:r=25:d=3',
      '-vf',
      'drawbox=x=270:y=168:w=165:h=240:color=white:t=fill,setsar=16/11,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      sd,
    ]);
    const facts = await media.probe(sd);
    expect({ width: facts.width, height: facts.height }).toEqual({ width: 1024, height: 576 });
    for (const aspect of ['16:9', '9:16'] as const) {
      const output = join(work, `reel-anamorphic-${aspect.replace(':', 'x')}.mp4`);
      const spec = {
        source: sd,
        hasAudio: false,
        moments: [{ start: 0.5, end: 2.5 }],
        quality: '480p',
        format: 'mp4',
        aspect,
        crossfade: 0.4,
        output,
        sourceSize: { width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect },
      } satisfies RenderSpec;
      await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
      const frame = frameOf(output, 10);
      expect(frame.width / frame.height).toBeCloseTo(aspect === '16:9' ? 854 / 480 : 480 / 854, 2);
      expect(squareShape(frame)).toBeGreaterThan(0.95);
      expect(squareShape(frame)).toBeLessThan(1.05);
      // No bars: the picture reaches the left and right edges (grey, not black).
      const edge = (x: number) => frame.rgb[3 * (Math.floor(frame.height / 4) * frame.width + x)];
      expect(edge(2)).toBeGreaterThan(100);
      expect(edge(frame.width - 3)).toBeGreaterThan(100);
    }
  });

  it('renders a moment snapped to cuts from the first frame of the new shot to the last frame before the next', async () => {
    // Red for 47 frames, green for 66, blue after: the cuts fall between the 5 fps analysis frames.
    const shots = join(work, 'shots.mp4');
    const shot = (colour: string, frames: number, grid: number) =>
      `color=c=${colour}:s=320x180:r=30,drawgrid=w=${grid}:h=${grid}:t=3:color=white,trim=end_frame=${frames},setpts=PTS-STARTPTS`;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-filter_complex',
      `${shot('0xc02020', 47, 61)}[a];${shot('0x20c020', 66, 37)}[b];${shot('0x2020c0', 60, 83)}[c];[a][b][c]concat=n=3:v=1,format=yuv420p[v]`,
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      shots,
    ]);
    const { cuts } = await analyser.analyze(shots, { hasAudio: false, durationSeconds: 173 / 30 });
    expect(cuts).toHaveLength(2);
    const moment = frameExact({ start: cuts[0], end: cuts[1] }, cuts);
    const output = join(work, 'reel-shots.mp4');
    const spec = {
      source: shots,
      hasAudio: false,
      moments: [moment],
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.4,
      output,
      sourceSize: { width: 320, height: 180, sampleAspect: 1 },
    } satisfies RenderSpec;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    for (const n of [0, -1]) {
      const { rgb, width, height } = frameOf(output, n);
      // Green, nothing of the red or blue shots (mean colour of the frame).
      const mean = [0, 1, 2].map((c) => rgb.reduce((sum, v, k) => (k % 3 === c ? sum + v : sum), 0) / (width * height));
      expect(mean[1]).toBeGreaterThan(mean[0] + 60);
      expect(mean[1]).toBeGreaterThan(mean[2] + 60);
    }
    expect(durationOf(output)).toBeCloseTo(66 / 30, 1);
  });
});
