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
});
