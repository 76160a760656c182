import { AudioFeatureExtractor, FRAME, PcmDecoder } from './audio-features';
import { detectCuts } from './cuts';
import { powerSpectrum } from './fft';
import { VideoFeatureExtractor } from './video-features';

const RATE = 16000;
const STEP = FRAME * 6; // 0.192 s

function sine(hz: number, samples: number, amplitude = 0.5): Float32Array {
  return Float32Array.from({ length: samples }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE));
}

/** Deterministic white noise. */
function noise(samples: number, amplitude = 0.5, seed = 7): Float32Array {
  let state = seed;
  return Float32Array.from({ length: samples }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return amplitude * ((state / 0x7fffffff) * 2 - 1);
  });
}

describe('powerSpectrum', () => {
  it('puts a pure tone in its bin', () => {
    const spectrum = powerSpectrum(sine((RATE / FRAME) * 20, FRAME));
    const peak = spectrum.indexOf(Math.max(...spectrum));
    expect(peak).toBe(20);
  });
});

describe('AudioFeatureExtractor', () => {
  const steps = (samples: Float32Array) => new AudioFeatureExtractor(RATE, STEP).push(samples);

  it('tells noise (crowds, applause) from tones: flat spectrum and a low crest factor', () => {
    const [crowd] = steps(noise(STEP));
    const [tone] = steps(sine(440, STEP));
    expect(crowd.flatness).toBeGreaterThan(0.5);
    expect(tone.flatness).toBeLessThan(0.05);
    expect(crowd.crest).toBeLessThan(5);
    expect(crowd.voiceBand).toBeLessThan(0.5);
    expect(tone.voiceBand).toBeGreaterThan(0.95);
  });

  it('measures loudness in dBFS, with silence at -100', () => {
    const [quiet, loud, silence] = steps(Float32Array.from([...sine(440, STEP, 0.01), ...sine(440, STEP, 0.5), ...new Float32Array(STEP)]));
    expect(loud.loudness).toBeCloseTo(20 * Math.log10(0.5 / Math.SQRT2), 0);
    expect(loud.loudness - quiet.loudness).toBeCloseTo(34, 0);
    expect(silence.loudness).toBe(-100);
  });

  it('sees an onset as spectral flux', () => {
    const [before, onset] = steps(Float32Array.from([...sine(440, STEP, 0.05), ...noise(STEP, 0.6)]));
    expect(onset.flux).toBeGreaterThan(before.flux * 10);
  });

  it('gives the same steps whatever the chunking', () => {
    const signal = Float32Array.from([...noise(STEP), ...sine(300, STEP)]);
    const whole = new AudioFeatureExtractor(RATE, STEP).push(signal);
    const chunked = new AudioFeatureExtractor(RATE, STEP);
    const parts = [signal.subarray(0, 1000), signal.subarray(1000, 5000), signal.subarray(5000)].flatMap((c) => chunked.push(c));
    expect(parts).toEqual(whole);
  });
});

describe('PcmDecoder', () => {
  it('decodes s16le across chunk boundaries', () => {
    const bytes = Buffer.alloc(6);
    [16384, -32768, 0].forEach((v, i) => bytes.writeInt16LE(v, i * 2));
    const decoder = new PcmDecoder();
    const out = [...decoder.decode(bytes.subarray(0, 3)), ...decoder.decode(bytes.subarray(3))];
    expect(out).toEqual([0.5, -1, 0]);
  });
});

describe('VideoFeatureExtractor', () => {
  const W = 32;
  const H = 18;
  const frame = (fill: (x: number, y: number) => number) => Uint8Array.from({ length: W * H }, (_, i) => fill(i % W, Math.floor(i / W)));

  it('sees no motion in a still picture, and motion where things move', () => {
    const video = new VideoFeatureExtractor(W, H);
    const still = frame((x) => x * 8);
    video.push(still);
    expect(video.push(still).motion).toBe(0);
    const moved = video.push(frame((x) => ((x + 6) % W) * 8));
    expect(moved.motion).toBeGreaterThan(0.3);
  });

  it('finds where the motion is, for the 9:16 crop', () => {
    const video = new VideoFeatureExtractor(W, H);
    video.push(frame(() => 50));
    const right = video.push(frame((x) => (x > 24 ? 250 : 50)));
    expect(right.motionCenter).toBeGreaterThan(0.7);
  });

  it('tells the camera panning from the subject moving', () => {
    // A textured scene; the camera pans by 3 pixels, then a bright square moves in a still picture.
    const texture = (x: number, y: number) => ((x * 37 + y * 91) % 23) * 10 + ((x >> 2) % 2) * 20;
    const pan = new VideoFeatureExtractor(W, H);
    pan.push(frame(texture));
    const panned = pan.push(frame((x, y) => texture(x + 3, y)));
    expect(panned.motion).toBeGreaterThan(0.3);
    expect(panned.subjectMotion).toBeLessThan(0.05);
    expect(panned.cameraMotion).toBeCloseTo(3 / W, 3);

    const subject = new VideoFeatureExtractor(W, H);
    subject.push(frame(texture));
    const moved = subject.push(frame((x, y) => (x >= 10 && x < 20 && y >= 5 && y < 15 ? 255 : texture(x, y))));
    expect(moved.cameraMotion).toBe(0);
    expect(moved.subjectMotion).toBeGreaterThan(0.05);
  });

  it('measures the picture itself: detail, brightness and blown-out share', () => {
    const video = new VideoFeatureExtractor(W, H);
    const flat = video.push(frame(() => 250));
    const detailed = video.push(frame((x, y) => ((x + y) % 2 ? 200 : 40)));
    expect(flat.clipped).toBe(1);
    expect(flat.sharpness).toBe(0);
    expect(detailed.sharpness).toBeGreaterThan(100);
    expect(detailed.brightness).toBeCloseTo(120, 0);
  });

  it('ignores single-pixel noise thanks to the blur', () => {
    const video = new VideoFeatureExtractor(W, H);
    video.push(frame(() => 100));
    const speck = video.push(frame((x, y) => (x === 10 && y === 9 ? 140 : 100)));
    expect(speck.motion).toBe(0);
  });
});

describe('detectCuts', () => {
  const calm = (n: number) => Array.from({ length: n }, (_, i) => 0.01 + (i % 3) * 0.01);

  it('finds a hard cut standing above its neighbours', () => {
    const d = calm(40);
    d[20] = 1.2;
    expect(detectCuts(d)).toEqual([20]);
  });

  it('does not take busy footage (every frame changes a lot) for a run of cuts', () => {
    const d = calm(40);
    for (let i = 10; i < 25; i++) d[i] = 0.5 + (i % 4) * 0.05;
    expect(detectCuts(d)).toEqual([]);
  });

  it('keeps one cut per minimum shot length', () => {
    const d = calm(40);
    d[20] = 0.9;
    d[21] = 1.4;
    expect(detectCuts(d)).toEqual([21]);
  });

  it('ignores small changes however sudden', () => {
    const d = calm(40);
    d[20] = 0.2;
    expect(detectCuts(d)).toEqual([]);
  });
});

describe('tone histogram change', () => {
  const W = 32;
  const H = 18;
  it('stays low while a pattern pans and jumps at a cut to another scene', () => {
    const video = new VideoFeatureExtractor(W, H);
    const stripes = (shift: number) => Uint8Array.from({ length: W * H }, (_, i) => (((i % W) + shift) % 8 < 4 ? 30 : 220));
    video.push(stripes(0));
    const pan = video.push(stripes(3));
    const cut = video.push(Uint8Array.from({ length: W * H }, () => 128));
    expect(pan.motion).toBeGreaterThan(0.3);
    expect(pan.histogramDelta).toBeLessThan(0.2);
    expect(cut.histogramDelta).toBeGreaterThan(1);
  });
});
