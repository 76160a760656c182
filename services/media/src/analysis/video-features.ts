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
  /**
   * Share of pixels that still changed clearly once the camera's own movement (the best whole-frame
   * shift) is taken out: what the subject did, 0..1.
   */
  subjectMotion: number;
  /** How far the whole picture moved since the previous frame, in shares of its width and height: pans, tilts, shake. */
  cameraMotion: number;
  /** Mean absolute Laplacian of the (unblurred) frame: fine detail; blur and a covered lens lower it. */
  sharpness: number;
  /** Mean luma, 0..255. */
  brightness: number;
  /** Share of pixels blown out to white. */
  clipped: number;
}

const BINS = 16;

function histogram(frame: Uint8Array): Float32Array {
  const bins = new Float32Array(BINS);
  for (const v of frame) bins[v >> 4] += 1;
  for (let i = 0; i < BINS; i++) bins[i] /= frame.length;
  return bins;
}

const CHANGED = 18;
/** The camera's movement is looked for up to this many pixels (of 80) sideways and this many (of 45) up or down per step. */
const SHIFT_X = 6;
const SHIFT_Y = 3;

/** The whole-frame shift (dx, dy) that best lines `frame` up with `previous`, on every second pixel. */
export function globalShift(frame: Uint8Array, previous: Uint8Array, width: number, height: number): { dx: number; dy: number } {
  let best = { dx: 0, dy: 0, error: Infinity };
  for (let dy = -SHIFT_Y; dy <= SHIFT_Y; dy++) {
    for (let dx = -SHIFT_X; dx <= SHIFT_X; dx++) {
      let error = 0;
      let count = 0;
      for (let y = Math.max(0, dy); y < height + Math.min(0, dy); y += 2) {
        for (let x = Math.max(0, dx); x < width + Math.min(0, dx); x += 2) {
          error += Math.abs(frame[y * width + x] - previous[(y - dy) * width + x - dx]);
          count++;
        }
      }
      // Ties go to the smaller shift: a still camera over a still scene stays still.
      const mean = error / count + 0.02 * (Math.abs(dx) + Math.abs(dy));
      if (mean < best.error) best = { dx, dy, error: mean };
    }
  }
  return { dx: best.dx, dy: best.dy };
}

/** Mean absolute Laplacian: how much fine detail a frame holds. */
function sharpnessOf(frame: Uint8Array, width: number, height: number): number {
  let sum = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      sum += Math.abs(4 * frame[i] - frame[i - 1] - frame[i + 1] - frame[i - width] - frame[i + width]);
    }
  }
  return sum / ((width - 2) * (height - 2));
}

/** What a frame shows on its own: detail, brightness and the share of blown-out or black pixels. */
function pictureQuality(frame: Uint8Array, width: number, height: number) {
  let sum = 0;
  let clipped = 0;
  for (const v of frame) {
    sum += v;
    if (v >= 245) clipped++;
  }
  return { sharpness: sharpnessOf(frame, width, height), brightness: sum / frame.length, clipped: clipped / frame.length };
}

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

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}

  /** Share of the overlapping pixels that changed clearly once `previous` is moved by (dx, dy). */
  private changedAfterShift(frame: Uint8Array, previous: Uint8Array, dx: number, dy: number): number {
    const { width, height } = this;
    let changed = 0;
    let count = 0;
    for (let y = Math.max(0, dy); y < height + Math.min(0, dy); y++) {
      for (let x = Math.max(0, dx); x < width + Math.min(0, dx); x++) {
        if (Math.abs(frame[y * width + x] - previous[(y - dy) * width + x - dx]) > CHANGED) changed++;
        count++;
      }
    }
    return count ? changed / count : 0;
  }

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
    const quality = pictureQuality(frame, this.width, this.height);
    if (!previous || !previousTones) return { motion: 0, difference: 0, motionCenter: 0.5, histogramDelta: 0, subjectMotion: 0, cameraMotion: 0, ...quality };
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
    const { dx, dy } = globalShift(blurred, previous, this.width, this.height);
    return {
      motion: changed / blurred.length,
      difference: total / blurred.length,
      motionCenter: changed > 0 ? xSum / changed / (this.width - 1) : 0.5,
      histogramDelta,
      subjectMotion: this.changedAfterShift(blurred, previous, dx, dy),
      cameraMotion: Math.hypot(dx / this.width, dy / this.height),
      ...quality,
    };
  }
}
