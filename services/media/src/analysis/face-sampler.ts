import type { FaceStep } from './faces';

/** Below this mean difference (0..255, over the signature's bytes) a second looks like one already looked at. */
const STILL_DIFFERENCE = 3;
/** Every 31st byte of a frame (31 is prime to 3: the colours take turns): enough to tell a still second. */
const SIGNATURE_STRIDE = 31;

const NONE: FaceStep = { count: 0, center: 0.5 };

function signatureOf(rgb: Uint8Array): Uint8Array {
  const signature = new Uint8Array(Math.ceil(rgb.length / SIGNATURE_STRIDE));
  for (let i = 0, j = 0; i < rgb.length; i += SIGNATURE_STRIDE, j++) signature[j] = rgb[i];
  return signature;
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / Math.max(1, a.length);
}

/**
 * Which seconds' frames the face detector looks at, when it cannot look at all of them: the frames
 * wait (a few dozen at most), and the detector always takes the one farthest in time from every
 * second already looked at, so wherever it has to stop, the seconds it did see are spread over the
 * video. A frame that looks like the one looked at nearest to it takes its faces without a detection.
 * Every other second gets the faces of the nearest second looked at.
 */
export class FaceSampler {
  private readonly pending = new Map<number, Uint8Array>();
  /** Seconds looked at (sorted), with their faces and frame signatures. */
  private readonly looked: Array<{ second: number; step: FaceStep; signature: Uint8Array }> = [];
  private seconds = 0;

  constructor(private readonly capacity = 32) {}

  /** The frame of the next second of the video. */
  add(rgb: Uint8Array): void {
    this.pending.set(this.seconds++, rgb);
    if (this.pending.size <= this.capacity) return;
    // Too many waiting: the one with the closest neighbours (waiting or looked at) on both sides goes,
    // so a run of waiting seconds thins out evenly.
    const known = [...this.pending.keys(), ...this.looked.map((l) => l.second)].sort((a, b) => a - b);
    let drop = -1;
    let dropSpan = Infinity;
    for (const second of this.pending.keys()) {
      const i = known.indexOf(second);
      const span = (i > 0 ? second - known[i - 1] : this.seconds) + (i < known.length - 1 ? known[i + 1] - second : this.seconds);
      if (span < dropSpan) {
        drop = second;
        dropSpan = span;
      }
    }
    this.pending.delete(drop);
  }

  get waiting(): number {
    return this.pending.size;
  }

  /**
   * The next frame to run the detector on, or undefined when none waits. Frames that look like the
   * second looked at nearest to them are settled on the way, without a detection.
   */
  next(): { second: number; rgb: Uint8Array } | undefined {
    for (;;) {
      let best = -1;
      let bestDistance = -1;
      for (const second of this.pending.keys()) {
        const distance = this.distanceToLooked(second);
        if (distance > bestDistance) {
          best = second;
          bestDistance = distance;
        }
      }
      if (best < 0) return undefined;
      const rgb = this.pending.get(best)!;
      this.pending.delete(best);
      const nearest = this.nearestLooked(best);
      const signature = signatureOf(rgb);
      if (nearest && nearest.signature.length === signature.length && meanDifference(nearest.signature, signature) < STILL_DIFFERENCE) {
        this.insert({ second: best, step: nearest.step, signature });
        continue;
      }
      return { second: best, rgb };
    }
  }

  /** What the detector found in a second's frame. */
  record(second: number, rgb: Uint8Array, step: FaceStep): void {
    this.insert({ second, step, signature: signatureOf(rgb) });
  }

  /** Faces for every second so far: the seconds not looked at take those of the nearest one that was (the earlier on a tie). */
  result(): FaceStep[] {
    return Array.from({ length: this.seconds }, (_, s) => this.nearestLooked(s)?.step ?? NONE);
  }

  /** How many seconds were settled by a detection or by looking like one. */
  get lookedAt(): number {
    return this.looked.length;
  }

  private insert(entry: { second: number; step: FaceStep; signature: Uint8Array }): void {
    let i = this.looked.length;
    while (i > 0 && this.looked[i - 1].second > entry.second) i--;
    this.looked.splice(i, 0, entry);
  }

  /** Index of the first looked-at second at or after `second`. */
  private after(second: number): number {
    let lo = 0;
    let hi = this.looked.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.looked[mid].second < second) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private nearestLooked(second: number) {
    const i = this.after(second);
    const later = this.looked[i];
    const earlier = this.looked[i - 1];
    if (!earlier) return later;
    if (!later) return earlier;
    return later.second - second < second - earlier.second ? later : earlier;
  }

  private distanceToLooked(second: number): number {
    const nearest = this.nearestLooked(second);
    return nearest ? Math.abs(nearest.second - second) : Infinity;
  }
}
