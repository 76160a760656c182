import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cropPath } from '../src/analysis/crop-path';
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
      const crop = cropPath(analysis, { start: 0.5, end: 3 });
      expect(crop).toHaveLength(1);
      const center = crop[0].x0;
      if (side === 'right') expect(center).toBeGreaterThan(0.65);
      else expect(center).toBeLessThan(0.35);
      expect(reasonsFor(scoreAnalysis(analysis, 'wedding'), 0, 4, 'wedding')).toContain('faces');

      // The 9:16 reel shows the person: most of the picture's middle is the face's clip, not the grey.
      const output = join(work, `reel-${side}.mp4`);
      const spec = { source: file, hasAudio: false, moments: [{ start: 0.5, end: 3, crop }], quality: '480p', format: 'mp4', aspect: '9:16', crossfade: 0.4, output,
        sourceSize: { width: 640, height: 360, sampleAspect: 1 } } as const;
      await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
      expect(greyShare(output, 1)).toBeLessThan(0.5);
    }
  });

  /** Share of a reel frame at `at` seconds that is the grey background rather than the person. */
  function greyShare(reel: string, at: number): number {
    const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', reel, '-frames:v', '1', '-vf', 'scale=48:86', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    let grey = 0;
    for (let i = 0; i < rgb.length; i += 3) if (Math.abs(rgb[i] - 0x70) < 6 && Math.abs(rgb[i + 1] - 0x70) < 6 && Math.abs(rgb[i + 2] - 0x70) < 6) grey++;
    return grey / (rgb.length / 3);
  }

  it('frames the person in every shot of a moment: left in the first shot, right after the cut', async () => {
    const left = personAt(20);
    const right = personAt(300);
    const file = join(work, 'two-shots.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', left, '-i', right, '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', file]);
    const analysis = await media.analyze(file, { hasAudio: false, durationSeconds: 8 });
    expect(analysis.cuts.some((t) => Math.abs(t - 4) < 0.1)).toBe(true);
    const crop = cropPath(analysis, { start: 1, end: 7 });
    expect(crop[0].x0).toBeLessThan(0.35);
    expect(crop[crop.length - 1].x1).toBeGreaterThan(0.65);

    const output = join(work, 'reel-two-shots.mp4');
    const spec = { source: file, hasAudio: false, moments: [{ start: 1, end: 7, crop }], quality: '480p', format: 'mp4', aspect: '9:16', crossfade: 0.4, output,
      sourceSize: { width: 640, height: 360, sampleAspect: 1 } } as const;
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(30_000), durationSeconds: reelLength(spec) });
    // One crop for the whole moment would show grey in one of the two shots.
    expect(greyShare(output, 1.5)).toBeLessThan(0.5);
    expect(greyShare(output, 4.5)).toBeLessThan(0.5);
  });

  it('finds no face in a test pattern, and gives no faces reason', async () => {
    const file = join(work, 'pattern.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
    const analysis = await media.analyze(file, { hasAudio: false, durationSeconds: 4 });
    expect(analysis.faceCount).toEqual([0, 0, 0, 0]);
    expect(reasonsFor(scoreAnalysis(analysis, 'wedding'), 0, 4, 'wedding')).not.toContain('faces');
  });
});
