import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderArgs, reelLength } from '../src/ffmpeg/args';
import { MediaRepository } from '../src/ffmpeg/media.repository';

/** Seconds of the media file, by ffprobe. */
const durationOf = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

describe('reel rendering with real ffmpeg', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-render-'));
  const source = join(work, 'source.mp4');
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

  beforeAll(() => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=12', '-f', 'lavfi', '-i', 'sine=f=440:d=12',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Starts between frames used to leave a crossfade's tail a frame short, and ffmpeg then waited forever.
  it.each([
    ['between frames', [{ start: 0.37, end: 3.87 }, { start: 5.37, end: 8.87 }]],
    ['on frames', [{ start: 1, end: 3 }, { start: 4, end: 6.5 }, { start: 8, end: 11 }]],
  ])('finishes moments that start %s, at the planned length', async (_, moments) => {
    const output = join(work, `reel-${moments.length}.mp4`);
    const spec = { source, hasAudio: true, moments, quality: '480p', format: 'mp4', aspect: '16:9', crossfade: 0.5, sourceLevel: -20, output } as const;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    expect(durationOf(output)).toBeCloseTo(reelLength(spec), 1);
  });

  it('renders a silent source with silence under every moment', async () => {
    const silent = join(work, 'silent.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silent]);
    const output = join(work, 'reel-silent.mp4');
    const spec = { source: silent, hasAudio: false, moments: [{ start: 1, end: 3.5 }, { start: 6.2, end: 9 }], quality: '480p', format: 'mp4', aspect: '16:9', crossfade: 0.4, output } as const;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'csv=p=0', output], { encoding: 'utf8' });
    const durations = Object.fromEntries(streams.trim().split('\n').map((l) => l.split(',')).map(([type, d]) => [type, Number(d)]));
    expect(durations.video).toBeCloseTo(reelLength(spec), 1);
    expect(durations.audio).toBeCloseTo(reelLength(spec), 1);
  });

  it('blends the picture across a join: half way through, both moments show', async () => {
    const colours = join(work, 'colours.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=320x180:r=30:d=5', '-f', 'lavfi', '-i', 'color=c=blue:s=320x180:r=30:d=5',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', colours]);
    const output = join(work, 'reel-colours.mp4');
    const spec = { source: colours, hasAudio: false, moments: [{ start: 0, end: 3 }, { start: 6, end: 9 }], quality: '480p', format: 'mp4', aspect: '16:9', crossfade: 0.6, output } as const;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    // RGB of one pixel at a time of the reel.
    const pixel = (at: number) => [...execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', output, '-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'])];
    const [before, middle, after] = [pixel(1), pixel(2.4 + 0.3), pixel(4)];
    expect(before[0]).toBeGreaterThan(200);
    expect(before[2]).toBeLessThan(60);
    expect(after[2]).toBeGreaterThan(200);
    expect(after[0]).toBeLessThan(60);
    expect(middle[0]).toBeGreaterThan(70);
    expect(middle[2]).toBeGreaterThan(70);
  });
});
