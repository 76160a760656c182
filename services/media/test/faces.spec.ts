import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cropCenter } from '../src/analysis/analysis';
import { reasonsFor, scoreAnalysis } from '../src/analysis/scoring';
import { renderArgs, reelLength } from '../src/ffmpeg/args';
import { MediaRepository } from '../src/ffmpeg/media.repository';

/**
 * Faces as a signal, offline (@vladmandic/human's bundled models on the WebAssembly backend): a face
 * is found where it is, gives the 'faces' reason, and the 9:16 crop frames it. The face comes from
 * the sample picture the package ships.
 */
describe('faces with real ffmpeg and the bundled face models', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-faces-'));
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const samples = join(dirname(dirname(require.resolve('@vladmandic/human'))), 'assets', 'samples.jpg');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A 640x360 grey picture with one person's head and shoulders at `x`, for 4 s. */
  function personAt(x: number): string {
    const file = join(work, `person-${x}.mp4`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x707070:s=640x360:r=25:d=4', '-i', samples,
      '-filter_complex', `[1:v]crop=210:156:326:0,scale=315:234[f];[0:v][f]overlay=x=${x}:y=60,format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', file]);
    return file;
  }

  it('finds the face, says so, and centres the 9:16 crop on it (right, then left)', async () => {
    for (const [x, side] of [[300, 'right'], [20, 'left']] as const) {
      const file = personAt(x);
      const analysis = await media.analyze(file, { hasAudio: false, durationSeconds: 4 });
      expect(analysis.faceCount?.filter((c) => c > 0).length).toBeGreaterThanOrEqual(3);
      const center = cropCenter(analysis, { start: 0, end: 4 });
      if (side === 'right') expect(center).toBeGreaterThan(0.65);
      else expect(center).toBeLessThan(0.35);
      expect(reasonsFor(scoreAnalysis(analysis, 'wedding'), 0, 4, 'wedding')).toContain('faces');

      // The 9:16 reel shows the person: most of the picture's middle is the face's clip, not the grey.
      const output = join(work, `reel-${side}.mp4`);
      const spec = { source: file, hasAudio: false, moments: [{ start: 0.5, end: 3, cropX: center }], quality: '480p', format: 'mp4', aspect: '9:16', crossfade: 0.4, output,
        sourceSize: { width: 640, height: 360, sampleAspect: 1 } } as const;
      await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
      const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', '1', '-i', output, '-frames:v', '1', '-vf', 'scale=48:86', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
      let grey = 0;
      for (let i = 0; i < rgb.length; i += 3) if (Math.abs(rgb[i] - 0x70) < 6 && Math.abs(rgb[i + 1] - 0x70) < 6 && Math.abs(rgb[i + 2] - 0x70) < 6) grey++;
      expect(grey / (rgb.length / 3)).toBeLessThan(0.5);
    }
  });

  it('finds no face in a test pattern, and gives no faces reason', async () => {
    const file = join(work, 'pattern.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
    const analysis = await media.analyze(file, { hasAudio: false, durationSeconds: 4 });
    expect(analysis.faceCount).toEqual([0, 0, 0, 0]);
    expect(reasonsFor(scoreAnalysis(analysis, 'wedding'), 0, 4, 'wedding')).not.toContain('faces');
  });
});
