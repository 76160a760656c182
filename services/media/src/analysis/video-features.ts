/** What one analysed frame (low resolution, gray) shows compared with the previous one. */
export interface VideoStep {
  /** Share of pixels that changed clearly after a blur: camera or subject motion, 0..1. */
  motion: number;
  /** Mean absolute difference of the blurred frames, 0..255: what the cut detector reads. */
  difference: number;
  /** Horizontal centre of the changed pixels, 0..1 (0.5 when nothing moved): where to crop a 9:16 reel. */
  motionCenter: number;
  /**
   * How much the brightness histogram changed, 0..2. A pan or a moving subject keeps the picture's
   * mix of tones; a cut to another scene changes it: this is what the cut detector reads.
   */
  histogramDelta: number;
}

const BINS = 16;

function histogram(frame: Uint8Array): Float32Array {
  const bins = new Float32Array(BINS);
  for (const v of frame) bins[v >> 4] += 1;
  for (let i = 0; i < BINS; i++) bins[i] /= frame.length;
  return bins;
}

const CHANGED = 18;

/** 3x3 box blur: camera noise and compression blocks stop counting as motion. */
export function boxBlur(frame: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(frame.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += frame[yy * width + xx];
          count++;
        }
      }
      out[y * width + x] = Math.round(sum / count);
    }
  }
  return out;
}

/** Compares each frame with the one before; holds only the previous (blurred) frame. */
export class VideoFeatureExtractor {
  private previous: Uint8Array | null = null;
  private previousHistogram: Float32Array | null = null;

  constructor(private readonly width: number, private readonly height: number) {}

  get frameBytes(): number {
    return this.width * this.height;
  }

  push(frame: Uint8Array): VideoStep {
    const blurred = boxBlur(frame, this.width, this.height);
    const tones = histogram(blurred);
    const previous = this.previous;
    const previousTones = this.previousHistogram;
    this.previous = blurred;
    this.previousHistogram = tones;
    if (!previous || !previousTones) return { motion: 0, difference: 0, motionCenter: 0.5, histogramDelta: 0 };
    let histogramDelta = 0;
    for (let i = 0; i < BINS; i++) histogramDelta += Math.abs(tones[i] - previousTones[i]);
    let changed = 0;
    let total = 0;
    let xSum = 0;
    for (let i = 0; i < blurred.length; i++) {
      const d = Math.abs(blurred[i] - previous[i]);
      total += d;
      if (d > CHANGED) {
        changed++;
        xSum += i % this.width;
      }
    }
    return {
      motion: changed / blurred.length,
      difference: total / blurred.length,
      motionCenter: changed > 0 ? xSum / changed / (this.width - 1) : 0.5,
      histogramDelta,
    };
  }
}
