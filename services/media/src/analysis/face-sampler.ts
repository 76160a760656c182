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
 * A waiting frame's claim to be looked at: how much it differs from the nearest second looked at
 * (0..255; another shot is 30 and more) plus this much per second between them.
 */
const TIME_WEIGHT = 2;

/**
 * Which seconds' frames the face detector looks at, when it cannot look at all of them: the frames
 * wait (a few dozen at most), and the detector takes the one least like the seconds looked at around
 * it (another shot first), and farthest from them in time; wherever it has to stop, the seconds it
 * did see cover the shots and spread over the video; once the cuts are known, a shot no second
 * looked at shows can still get one. A frame that looks like a second looked at just before or
 * after it takes that second's faces without a detection. Every other second gets the faces of the
 * nearest second looked at in its shot.
 */
export class FaceSampler {
  private readonly pending = new Map<number, { rgb: Uint8Array; signature: Uint8Array }>();
  /** Seconds looked at (sorted), with their faces and frame signatures. */
  private readonly looked: Array<{ second: number; step: FaceStep; signature: Uint8Array }> = [];
  private seconds = 0;

  constructor(private readonly capacity = 32) {}

  /** The frame of the next second of the video. */
  add(rgb: Uint8Array): void {
    this.pending.set(this.seconds++, { rgb, signature: signatureOf(rgb) });
  }

  /** Frames added so far (seconds of video). */
  get added(): number {
    return this.seconds;
  }

  /**
   * Keeps at most `capacity` frames waiting among the seconds before `before`: the one with the
   * closest neighbours (waiting or looked at) on both sides goes first, so a run of waiting seconds
   * thins out evenly.
   */
  thin(before = Infinity): void {
    for (;;) {
      // Waiting seconds are in order: added in order.
      const waiting = [...this.pending.keys()].filter((second) => second < before);
      if (waiting.length <= this.capacity) return;
      let drop = -1;
      let dropSpan = Infinity;
      waiting.forEach((second, j) => {
        const i = this.after(second);
        const earlier = Math.max(waiting[j - 1] ?? -Infinity, this.looked[i - 1]?.second ?? -Infinity);
        const later = Math.min(waiting[j + 1] ?? Infinity, this.looked[i]?.second ?? Infinity);
        const span = (earlier > -Infinity ? second - earlier : this.seconds) + (later < Infinity ? later - second : this.seconds);
        if (span < dropSpan) {
          drop = second;
          dropSpan = span;
        }
      });
      this.pending.delete(drop);
    }
  }

  get waiting(): number {
    return this.pending.size;
  }

  /**
   * The next frame (of a second before `before`) to run the detector on, or undefined when none
   * waits. Frames that look like a second looked at around them are settled on the way, without a
   * detection.
   */
  next(before = Infinity): { second: number; rgb: Uint8Array } | undefined {
    let best = -1;
    let bestRank = -1;
    for (const [second, frame] of this.pending) {
      if (second >= before) continue;
      // The more alike of the seconds looked at just before and just after this one.
      const i = this.after(second);
      const near = [this.looked[i - 1], this.looked[i]]
        .filter((l) => l !== undefined)
        .map((l) => ({ ...l, difference: meanDifference(l.signature, frame.signature) }))
        .sort((a, b) => a.difference - b.difference)[0];
      if (!near) {
        // Nothing looked at yet: the first second.
        if (best < 0 || second < best) [best, bestRank] = [second, Infinity];
        continue;
      }
      if (near.difference < STILL_DIFFERENCE) {
        this.pending.delete(second);
        this.insert({ second, step: near.step, signature: frame.signature });
        continue;
      }
      const rank = near.difference + TIME_WEIGHT * Math.abs(near.second - second);
      if (rank > bestRank) [best, bestRank] = [second, rank];
    }
    if (best < 0) return undefined;
    const { rgb } = this.pending.get(best)!;
    this.pending.delete(best);
    return { second: best, rgb };
  }

  /** What the detector found in a second's frame. */
  record(second: number, rgb: Uint8Array, step: FaceStep): void {
    this.insert({ second, step, signature: signatureOf(rgb) });
  }

  /**
   * A waiting frame of a shot (between the given cuts, seconds) that no second looked at shows, or
   * undefined when every shot with a waiting frame has been seen: its middle waiting second.
   */
  nextInUnseenShot(cuts: number[]): { second: number; rgb: Uint8Array } | undefined {
    const bounds = [0, ...cuts, Infinity];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const [from, to] = [bounds[i], bounds[i + 1]];
      if (this.looked.some((l) => l.second >= from && l.second < to)) continue;
      const waiting = [...this.pending.keys()].filter((s) => s >= from && s < to).sort((a, b) => a - b);
      if (waiting.length === 0) continue;
      const second = waiting[waiting.length >> 1];
      const { rgb } = this.pending.get(second)!;
      this.pending.delete(second);
      return { second, rgb };
    }
    return undefined;
  }

  /**
   * Faces for every second so far: a second not looked at takes those of the nearest second looked
   * at in its own shot (between the given cuts), or, when none was, the nearest one at all (the
   * earlier on a tie). Its subject is that of the nearest second of its shot where subjects were
   * looked for (null when none was: another shot's subject says nothing of this one).
   */
  result(cuts: number[] = []): FaceStep[] {
    const bounds = [0, ...cuts, Infinity];
    const nearestOf = <T extends { second: number }>(list: T[], s: number) =>
      list.length ? list.reduce((a, b) => (Math.abs(b.second - s) < Math.abs(a.second - s) ? b : a)) : undefined;
    return Array.from({ length: this.seconds }, (_, s) => {
      const shot = bounds.findIndex((b, i) => s >= b && s < bounds[i + 1]);
      const [from, to] = [bounds[shot], bounds[shot + 1]];
      const inShot = this.looked.filter((l) => l.second >= from && l.second < to);
      const faces = (nearestOf(inShot, s) ?? this.nearestLooked(s))?.step ?? NONE;
      const subject = nearestOf(
        inShot.filter((l) => l.step.subject !== undefined),
        s,
      )?.step.subject;
      return { count: faces.count, center: faces.center, subject: subject ?? null };
    });
  }

  /**
   * A waiting frame (once the cuts are known) farther than `reach` seconds from every second of its
   * shot where subjects were looked for, the farthest first; undefined when there is none. A subject
   * may be in view for only part of a long shot (a jet that climbs out of the picture).
   */
  nextForSubjects(cuts: number[], reach: number): { second: number; rgb: Uint8Array } | undefined {
    const bounds = [0, ...cuts, Infinity];
    const looks = this.looked.filter((l) => l.step.subject !== undefined).map((l) => l.second);
    let best: { second: number; distance: number } | undefined;
    for (const second of this.pending.keys()) {
      const shot = shotAt(bounds, second);
      // The subject looks just before and just after this second, if they are in its shot.
      const i = firstNotBefore(looks, (l) => l < second);
      const near = [looks[i - 1], looks[i]].filter((l) => l !== undefined && l >= shot.from && l < shot.to);
      const distance = Math.min(Infinity, ...near.map((l) => Math.abs(l - second)));
      if (distance > reach && (!best || distance > best.distance)) best = { second, distance };
    }
    if (!best) return undefined;
    const { rgb } = this.pending.get(best.second)!;
    this.pending.delete(best.second);
    return { second: best.second, rgb };
  }

  /** Whether subjects were looked for within `reach` seconds of a second (in its own shot, once the cuts are known). */
  subjectsLookedNear(second: number, reach: number, cuts?: number[]): boolean {
    const sameShot = (other: number) => !cuts || !cuts.some((c) => Math.min(second, other) < c && c <= Math.max(second, other));
    return this.looked.some((l) => l.step.subject !== undefined && Math.abs(l.second - second) <= reach && sameShot(l.second));
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
    return firstNotBefore(this.looked, (l) => l.second < second);
  }

  private nearestLooked(second: number) {
    const i = this.after(second);
    const later = this.looked[i];
    const earlier = this.looked[i - 1];
    if (!earlier) return later;
    if (!later) return earlier;
    return later.second - second < second - earlier.second ? later : earlier;
  }
}

/** Index of the first item of a sorted list that is not before the point `isBefore` describes (binary search). */
function firstNotBefore<T>(items: T[], isBefore: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (isBefore(items[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The shot (between consecutive `bounds`: 0, the cuts, Infinity) a second is in. */
function shotAt(bounds: number[], second: number): { from: number; to: number } {
  const i = Math.max(0, firstNotBefore(bounds, (b) => b <= second) - 1);
  return { from: bounds[i], to: bounds[i + 1] };
}
