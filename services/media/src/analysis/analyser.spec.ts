import { Readable } from 'node:stream';
import { ANALYSIS, WINDOW } from '../ffmpeg/args';
import { type AnalysisDecode, type AnalysisDecodeOptions, FfmpegError, type MediaRepository, type TimedFrame } from '../ffmpeg/media.repository';
import { Analyser } from './analyser';
import { ANALYSIS_VERSION } from './analysis';

/** A picture of small random tiles (the same seed, the same picture), width x height RGB. */
function tiles(seed: number, width: number, height: number): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const tile = 8;
  const colours = Array.from({ length: Math.ceil(width / tile) * Math.ceil(height / tile) }, () => [next() * 255, next() * 255, next() * 255]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = colours[Math.floor(y / tile) * Math.ceil(width / tile) + Math.floor(x / tile)];
      rgb.set(c.map(Math.round), 3 * (y * width + x));
    }
  }
  return rgb;
}

async function* batches(frames: Buffer[], perBatch: number): AsyncGenerator<Buffer[]> {
  for (let i = 0; i < frames.length; i += perBatch) yield frames.slice(i, i + perBatch);
}

/**
 * The repository's part, faked: the analysis decode streams `frames` (5 fps) and no sound; a window
 * decode gives every 30 fps frame of the window, the first picture before `cutAt`, the second after.
 */
function fakeMedia(options: { frames: Buffer[]; cutAt?: number; failure?: FfmpegError }) {
  const calls = { probe: 0, decode: [] as AnalysisDecodeOptions[], windows: [] as Array<Array<{ start: number; duration: number }>> };
  const before = tiles(1, WINDOW.width, WINDOW.height);
  const after = tiles(2, WINDOW.width, WINDOW.height);
  const media = {
    probe: async () => {
      calls.probe++;
      return { width: 640, height: 480 };
    },
    decodeForAnalysis: (_input: string, decodeOptions: AnalysisDecodeOptions): AnalysisDecode => {
      calls.decode.push(decodeOptions);
      return {
        frames: batches(options.frames, 3),
        audio: decodeOptions.hasAudio ? Readable.from([]) : null,
        faces: decodeOptions.faceSize ? batches([], 1) : null,
        ended: Promise.resolve(options.failure ?? null),
      };
    },
    decodeWindows: async (_input: string, windows: Array<{ start: number; duration: number }>): Promise<TimedFrame[][]> => {
      calls.windows.push(windows);
      return windows.map((w) =>
        Array.from({ length: Math.round(w.duration * 30) }, (_, i) => {
          const time = w.start + i / 30;
          return { time, rgb: time < (options.cutAt ?? Infinity) - 1e-6 ? before : after };
        }),
      );
    },
  };
  return { media: media as unknown as MediaRepository, calls };
}

const still = (seed: number, count: number) => Array.from({ length: count }, () => tiles(seed, ANALYSIS.width, ANALYSIS.height));

describe('Analyser', () => {
  it('measures every streamed frame, one step each, and asks for no window when nothing changes', async () => {
    const { media, calls } = fakeMedia({ frames: still(1, 20) });
    const analysis = await new Analyser(media).analyze('clip.mp4', { hasAudio: false, durationSeconds: 4, faces: false });
    expect(analysis.version).toBe(ANALYSIS_VERSION);
    expect(analysis.step).toBeCloseTo(1 / ANALYSIS.fps, 9);
    expect(analysis.motion).toHaveLength(20);
    expect(analysis.cuts).toEqual([]);
    expect(analysis.faceCount).toBeUndefined();
    expect(calls.windows).toEqual([]);
    expect(calls.probe).toBe(0);
    expect(calls.decode).toEqual([expect.objectContaining({ hasAudio: false, durationSeconds: 4, faceSize: undefined, picture: undefined })]);
  });

  it('refines a candidate cut on the frames of its window and keeps the first frame of the new shot', async () => {
    // The picture changes between the 5 fps frames of 2.0 s and 2.2 s; the window's 30 fps frames place it at 2.1 s.
    const { media, calls } = fakeMedia({ frames: [...still(1, 11), ...still(2, 11)], cutAt: 2.1 });
    const analysis = await new Analyser(media).analyze('clip.mp4', { hasAudio: false, durationSeconds: 4.4, faces: false });
    expect(calls.windows).toHaveLength(1);
    expect(calls.windows[0][0].start).toBeLessThan(2.1);
    expect(calls.windows[0][0].start + calls.windows[0][0].duration).toBeGreaterThan(2.1);
    expect(analysis.cuts).toHaveLength(1);
    expect(analysis.cuts[0]).toBeCloseTo(2.1, 3);
  });

  it('sizes the face frames from the known picture, or probes it when unknown', async () => {
    const known = fakeMedia({ frames: still(1, 5) });
    const analysis = await new Analyser(known.media).analyze('clip.mp4', { hasAudio: false, durationSeconds: 1, size: { width: 1280, height: 720 } });
    expect(known.calls.probe).toBe(0);
    expect(known.calls.decode[0]).toMatchObject({ faceSize: { width: 320, height: 180 }, picture: { width: 1280, height: 720 } });
    // Faces were looked for (none streamed here): the analysis says so, unlike an analysis without faces.
    expect(analysis.faceCount).toEqual([]);

    const probed = fakeMedia({ frames: still(1, 5) });
    await new Analyser(probed.media).analyze('clip.mp4', { hasAudio: false, durationSeconds: 1 });
    expect(probed.calls.probe).toBe(1);
    expect(probed.calls.decode[0]).toMatchObject({ faceSize: { width: 320, height: 240 }, picture: { width: 640, height: 480 } });
  });

  it("fails with the decode's error when ffmpeg failed", async () => {
    const { media, calls } = fakeMedia({ frames: still(1, 5), failure: new FfmpegError('moov atom not found') });
    await expect(new Analyser(media).analyze('clip.mp4', { hasAudio: false, durationSeconds: 1, faces: false })).rejects.toThrow('moov atom not found');
    expect(calls.windows).toEqual([]);
  });
});
