/**
 * Shot boundaries on real footage. A cut changes, in one frame and over the whole picture, the
 * structure (the luma pattern once brightness and contrast are normalised) and the mix of colours;
 * a lamp switching on changes the brightness but not the structure, a hand or a dog moving changes a
 * region, a pan or a shaking camera changes every frame alike, and a flash comes back to the same
 * picture a few frames later. The engine finds candidates on the 5 fps analysis stream, then decodes
 * a short window around each at full frame rate and keeps the frame-exact cuts (times are the
 * presentation time of the first frame of the new shot). Fades to or from black and dissolves
 * between steady pictures are found on the 5 fps stream.
 */

const GRID_X = 4;
const GRID_Y = 3;
const HUE_BINS = 12;

/** One small RGB frame reduced to what the cut detector compares. */
export interface Picture {
  width: number;
  height: number;
  /** Luma with the frame's mean removed and divided by its spread: brightness and contrast do not count. */
  z: Float32Array;
  /** Raw luma, 0..255. */
  luma: Float32Array;
  mean: number;
  spread: number;
  /** Colour mix: hue bins weighted by saturation, plus one bin for grey; sums to 1. */
  colours: Float32Array;
}

const SPREAD_FLOOR = 4;

export function pictureOf(rgb: Uint8Array, width: number, height: number): Picture {
  const n = width * height;
  const luma = new Float32Array(n);
  const colours = new Float32Array(HUE_BINS + 1);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[3 * i];
    const g = rgb[3 * i + 1];
    const b = rgb[3 * i + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    luma[i] = y;
    sum += y;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const chroma = max - min;
    // Saturation relative to a mid-grey scale, so dark noise does not count as colour.
    const saturation = max < 24 ? 0 : Math.min(1, chroma / Math.max(64, max));
    if (chroma > 0 && saturation > 0) {
      let hue: number;
      if (max === r) hue = ((g - b) / chroma + 6) % 6;
      else if (max === g) hue = (b - r) / chroma + 2;
      else hue = (r - g) / chroma + 4;
      colours[Math.min(HUE_BINS - 1, Math.floor((hue / 6) * HUE_BINS))] += saturation;
    }
    colours[HUE_BINS] += 1 - saturation;
  }
  for (let i = 0; i <= HUE_BINS; i++) colours[i] /= n;
  const mean = sum / n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (luma[i] - mean) ** 2;
  const spread = Math.sqrt(variance / n);
  const z = new Float32Array(n);
  const scale = 1 / Math.max(spread, SPREAD_FLOOR);
  for (let i = 0; i < n; i++) z[i] = (luma[i] - mean) * scale;
  return { width, height, z, luma, mean, spread, colours };
}

/** How two pictures differ. */
export interface Change {
  /** 1 - correlation of the normalised luma (0 same structure, ~1 unrelated pictures). */
  structure: number;
  /** Half the L1 distance of the colour mixes, 0..1. */
  colour: number;
  /** Share of the grid's cells whose normalised luma changed clearly: a cut changes nearly all. */
  spread: number;
  /** Mean absolute difference of the raw luma, 0..255 (a repeated frame is ~0). */
  pixels: number;
  /**
   * Share of the grid's cells that are textured in both pictures and did not change: the background
   * of a locked-off shot behind something passing close to the lens. After a cut nothing stays.
   */
  kept: number;
  /** What the detector weighs: structure, and colour for cuts between alike structures. */
  score: number;
}

const CELL_CHANGED = 0.55;
const CELL_KEPT = 0.9;
const CELL_TEXTURE = 10;
/** This much of the picture textured and unchanged: the same shot with something passing in front (a logo or a ticker keeps less). */
const KEPT_BACKGROUND = 0.3;

export function compare(a: Picture, b: Picture): Change {
  const { width, height } = a;
  const n = width * height;
  let correlation = 0;
  let pixels = 0;
  const cells = new Float32Array(GRID_X * GRID_Y);
  const counts = new Float32Array(GRID_X * GRID_Y);
  const sumA = new Float32Array(GRID_X * GRID_Y);
  const sumB = new Float32Array(GRID_X * GRID_Y);
  const squaresA = new Float32Array(GRID_X * GRID_Y);
  const squaresB = new Float32Array(GRID_X * GRID_Y);
  const products = new Float32Array(GRID_X * GRID_Y);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(GRID_Y - 1, Math.floor((y * GRID_Y) / height));
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      correlation += a.z[i] * b.z[i];
      pixels += Math.abs(a.luma[i] - b.luma[i]);
      const cell = gy * GRID_X + Math.min(GRID_X - 1, Math.floor((x * GRID_X) / width));
      cells[cell] += Math.abs(a.z[i] - b.z[i]);
      counts[cell]++;
      sumA[cell] += a.luma[i];
      sumB[cell] += b.luma[i];
      squaresA[cell] += a.luma[i] * a.luma[i];
      squaresB[cell] += b.luma[i] * b.luma[i];
      products[cell] += a.luma[i] * b.luma[i];
    }
  }
  // With the spread floor, two flat pictures correlate little; flat against flat is no structure change.
  const flat = Math.min(a.spread, b.spread) < SPREAD_FLOOR ? Math.min(a.spread, b.spread) / SPREAD_FLOOR : 1;
  const structure = Math.max(0, 1 - correlation / n) * flat;
  let changed = 0;
  let kept = 0;
  for (let c = 0; c < cells.length; c++) {
    const difference = cells[c] / counts[c];
    if (difference > CELL_CHANGED) changed++;
    const meanA = sumA[c] / counts[c];
    const meanB = sumB[c] / counts[c];
    const spreadA = Math.sqrt(Math.max(0, squaresA[c] / counts[c] - meanA ** 2));
    const spreadB = Math.sqrt(Math.max(0, squaresB[c] / counts[c] - meanB ** 2));
    // The cell's own correlation: a change of light or of the rest of the picture does not move it.
    const correlation = (products[c] / counts[c] - meanA * meanB) / Math.max(spreadA * spreadB, 1e-6);
    if (correlation >= CELL_KEPT && Math.min(spreadA, spreadB) >= CELL_TEXTURE) kept++;
  }
  let colour = 0;
  for (let i = 0; i < a.colours.length; i++) colour += Math.abs(a.colours[i] - b.colours[i]);
  colour /= 2;
  return { structure, colour, spread: changed / cells.length, kept: kept / cells.length, pixels: pixels / n, score: Math.min(1, structure + 0.5 * colour) };
}

/**
 * The structure change left once the best global shift of the picture is allowed for (searched on a
 * half-size picture): a pan or a whip, however fast, is explained by a shift; a cut is not.
 */
export function shiftedStructure(a: Picture, b: Picture): number {
  return shiftSearch(a, b).shifted;
}

/**
 * A shift explains a change when it leaves at most this share of what no shift leaves: a pan moves
 * the picture; a jump cut inside a scene (the same place seen a few seconds later) changes it where
 * it stands, and no shift does much better than none.
 */
const SHIFT_GAIN = 0.75;

/** A shift this large (half-size pixels, ~6% of the width at the refinement's size) in one frame is a jump, if the camera was still around it. */
const JUMP_SHIFT = 3;
const shiftSize = (s: { dx: number; dy: number }) => Math.max(Math.abs(s.dx), Math.abs(s.dy));

/** Whether a global shift of the picture (a pan, a whip, a shake) explains the change from a to b. */
export function explainedByShift(a: Picture, b: Picture, threshold: number): boolean {
  const { shifted, unshifted } = shiftSearch(a, b);
  return shifted < threshold && shifted <= SHIFT_GAIN * unshifted;
}

/** The structure change left after the best shift, and with no shift, both on the half-size picture. */
export function shiftSearch(a: Picture, b: Picture): { shifted: number; unshifted: number; dx: number; dy: number } {
  const w = a.width >> 1;
  const h = a.height >> 1;
  const half = (p: Picture) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = 2 * y * p.width + 2 * x;
        out[y * w + x] = (p.z[i] + p.z[i + 1] + p.z[i + p.width] + p.z[i + p.width + 1]) / 4;
      }
    return out;
  };
  const za = half(a);
  const zb = half(b);
  const maxX = Math.floor(w / 3);
  const maxY = Math.floor(h / 3);
  let best = Infinity;
  let unshifted = Infinity;
  let bestX = 0;
  let bestY = 0;
  for (let dy = -maxY; dy <= maxY; dy++) {
    for (let dx = -maxX; dx <= maxX; dx++) {
      // Normalised correlation over the overlap.
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0,
        n = 0;
      for (let y = Math.max(0, -dy); y < Math.min(h, h - dy); y++) {
        for (let x = Math.max(0, -dx); x < Math.min(w, w - dx); x++) {
          const va = za[y * w + x];
          const vb = zb[(y + dy) * w + x + dx];
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
          n++;
        }
      }
      const cov = sab / n - (sa / n) * (sb / n);
      const varA = saa / n - (sa / n) ** 2;
      const varB = sbb / n - (sb / n) ** 2;
      const ncc = cov / Math.sqrt(Math.max(varA * varB, 1e-6));
      const left = 1 - Math.max(0, ncc);
      if (left < best) [best, bestX, bestY] = [left, dx, dy];
      if (dx === 0 && dy === 0) unshifted = left;
    }
  }
  return { shifted: best, unshifted, dx: bestX, dy: bestY };
}

/** Nearly no picture (black, a white flash frame, a washed-out burst of light): not a shot of its own. */
const isBlank = (p: Picture) => p.spread < 3 || (p.mean > 215 && p.spread < 20);
/** A frame repeated by a frame-rate conversion. */
const isRepeat = (c: Change) => c.pixels < 0.6;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface TimedPicture {
  time: number;
  picture: Picture;
}

export interface HardCutOptions {
  /** The change must reach this many times the median change of the frames around it. */
  ratio: number;
  /** A change below this is never a cut. */
  minimum: number;
  /** Share of the grid that must change. */
  spread: number;
  /** Frames on each side that form the baseline. */
  window: number;
  /** Frames after the cut that must not come back to the old picture (flash test). */
  flashFrames: number;
  /** The change left once a global shift is allowed for must reach this (pans and whips do not). */
  shifted: number;
  /** Mean luma difference a cut must reach (noise in a flat sky changes the normalised structure). */
  pixels: number;
}

export const HARD_CUTS: HardCutOptions = { ratio: 3, minimum: 0.3, spread: 0.4, window: 3, flashFrames: 4, shifted: 0.3, pixels: 4 };

/** A change below this that recurs around it is flicker (a hologram, a strobe), not a run of cuts. */
const FLICKER_CEILING = 0.6;
const FLICKER_SPAN = 8;

/** A colour change this large over a steady structure is a cut between alike-looking scenes. */
const COLOUR_CUT = 0.3;

/**
 * A change stands out when it is `ratio` times the quieter side's level (a cut into a busy shot
 * still stands out against the calm one) and clearly above the busier side's.
 */
export function standsOut(value: number, before: number[], after: number[], ratio: number): boolean {
  const sides = [before, after].filter((side) => side.length > 0).map(median);
  if (sides.length === 0) return true;
  return value >= ratio * Math.min(...sides) && value >= Math.max(...sides) + 0.2;
}

/** Per distinct frame: the change from the previous distinct frame. */
interface Step {
  index: number;
  time: number;
  change: Change;
  repeat: boolean;
}

const NO_CHANGE: Change = { structure: 0, colour: 0, spread: 0, kept: 1, pixels: 0, score: 0 };

/**
 * Hard cuts in a run of consecutive frames (full frame rate): the times of the first frame of each
 * new shot. Repeated frames and blank frames (flashes, black) are stepped over.
 */
export function hardCuts(frames: TimedPicture[], options: HardCutOptions = HARD_CUTS, from = -Infinity, to = Infinity): number[] {
  const kept: TimedPicture[] = [];
  const steps: Step[] = [];
  for (const frame of frames) {
    if (isBlank(frame.picture)) continue;
    const previous = kept[kept.length - 1];
    if (previous) {
      const change = compare(previous.picture, frame.picture);
      // A repeated frame: no change (it counts in the baselines), and the picture stays the previous one.
      if (isRepeat(change)) {
        steps.push({ index: kept.length - 1, time: frame.time, change: NO_CHANGE, repeat: true });
        continue;
      }
      steps.push({ index: kept.length, time: frame.time, change, repeat: false });
    }
    kept.push(frame);
  }
  const cuts: number[] = [];
  for (let s = 0; s < steps.length; s++) {
    const { change, index, time, repeat } = steps[s];
    if (repeat || time < from || time > to) continue;
    if (change.kept >= KEPT_BACKGROUND) continue;
    const before = kept[index - 1].picture;
    const after = kept[index].picture;
    // Spread over the frame; or the whole structure gone with nothing textured left (flat areas stay flat).
    const structural =
      change.pixels >= options.pixels && change.score >= options.minimum && (change.spread >= options.spread || (change.score >= 0.8 && change.kept < 0.1));
    // Same structure, another colour, about as bright: another scene lit alike, not a lamp switching on.
    const colourOnly = !structural && change.colour >= COLOUR_CUT && Math.abs(after.mean - before.mean) < 25;
    if (!structural && !colourOnly) continue;
    const value = (x: Step) => (colourOnly ? x.change.colour : x.change.score);
    const beforeSide = steps.slice(Math.max(0, s - options.window), s).map(value);
    const afterSide = steps.slice(s + 1, s + 1 + options.window).map(value);
    if (!standsOut(value(steps[s]), beforeSide, afterSide, options.ratio)) continue;
    // A flash or a passing object: a later frame comes back to the picture before.
    let returns = false;
    for (let k = 1; k <= options.flashFrames && index + k < kept.length; k++) {
      const again = compare(before, kept[index + k].picture);
      if ((colourOnly ? again.colour : again.score) < 0.5 * value(steps[s])) returns = true;
    }
    if (returns) continue;
    if (colourOnly) {
      cuts.push(time);
      continue;
    }
    if (change.score < FLICKER_CEILING) {
      const alike = steps
        .slice(Math.max(0, s - FLICKER_SPAN), s + FLICKER_SPAN + 1)
        .filter((x) => x !== steps[s] && x.change.score >= 0.7 * change.score).length;
      if (alike >= 2) continue;
    }
    if (explainedByShift(before, after, options.shifted) && !jumpCut(steps, s, kept, change)) continue;
    cuts.push(time);
  }
  return cuts;
}

/**
 * A jump cut in one scene: the picture moves by JUMP_SHIFT or more in one frame while the camera
 * holds still on the frames around it (a pan or a shake moves it on those frames too, and a camera
 * cannot jump and stop dead in a frame).
 */
function jumpCut(steps: Step[], s: number, kept: TimedPicture[], change: Change): boolean {
  if (shiftSize(shiftSearch(kept[steps[s].index - 1].picture, kept[steps[s].index].picture)) < JUMP_SHIFT) return false;
  const around = [s - 2, s - 1, s + 1, s + 2].map((j) => steps[j]).filter((x): x is Step => x !== undefined && !x.repeat);
  if (around.length < 4) return false;
  return around.every((x) => x.change.score <= 0.25 * change.score && shiftSize(shiftSearch(kept[x.index - 1].picture, kept[x.index].picture)) <= 1);
}

/** A stretch between two analysis samples where a cut may be: refined at full frame rate. */
export interface Candidate {
  after: number;
  until: number;
  /** How strongly the 5 fps frames changed there. */
  score: number;
  /** A dip to or from black too quick to judge at 5 fps: refined by `fadesAt`, not `hardCuts`. */
  fade?: boolean;
}

const COARSE = { minimum: 0.2, spread: 0.3, ratio: 1.5, window: 4, shifted: 0.2, colour: 0.3, unrelated: 0.6 };
/** Below this a 5 fps step is steady (a still, a locked-off shot). */
const STEADY = 0.08;
const RING = 16;
const DARK = 20;
/** Black, the end of a fade: dark and nearly flat (a dark scene keeps its contrast). */
const BLACK_SPREAD = 10;
const isBlack = (p: Picture) => p.mean < DARK && p.spread < BLACK_SPREAD;
/** A fade's bright end is at least 3 times as bright as its black end, plus this (dark scenes fade too). */
const FADE_LIFT = 10;

/** Mean absolute difference of the raw luma, 0..255. */
function lumaDistance(a: Picture, b: Picture): number {
  let sum = 0;
  for (let i = 0; i < a.luma.length; i++) sum += Math.abs(a.luma[i] - b.luma[i]);
  return sum / a.luma.length;
}

/** Residual of `middle` against the best mix of `a` and `b`, relative to how far a is from b: ~0 in a dissolve. */
export function blendResidual(a: Picture, middle: Picture, b: Picture): number {
  return blendOf(a, middle, b).residual;
}

/** The best mix of `a` and `b` for `middle` (alpha: the share of a) and what it leaves unexplained. */
export function blendOf(a: Picture, middle: Picture, b: Picture): { alpha: number; residual: number } {
  let ab = 0,
    mb = 0;
  for (let i = 0; i < a.luma.length; i++) {
    const d = a.luma[i] - b.luma[i];
    ab += d * d;
    mb += (middle.luma[i] - b.luma[i]) * d;
  }
  if (ab === 0) return { alpha: 0, residual: 1 };
  const alpha = Math.min(1, Math.max(0, mb / ab));
  let residual = 0;
  for (let i = 0; i < a.luma.length; i++) residual += (middle.luma[i] - (alpha * a.luma[i] + (1 - alpha) * b.luma[i])) ** 2;
  return { alpha, residual: Math.sqrt(residual / ab) };
}

/**
 * Reads the 5 fps analysis pictures as they stream by and keeps: where a hard cut may be (refined
 * later at full frame rate), dissolves between steady pictures, and fades to and from black.
 * Holds the last few pictures only.
 */
export class ShotTracker {
  private readonly times: number[] = [];
  private readonly scores: number[] = [];
  private readonly changes: Array<Change | null> = [];
  private readonly means: number[] = [];
  private readonly ring: Picture[] = [];
  private readonly suspects: number[] = [];
  readonly gradual: number[] = [];
  private darkSince: number | null = null;
  private dissolvedUntil = 0;
  private lastFadeOut: { at: number; darkAt: number } | null = null;

  push(time: number, picture: Picture): void {
    const previous = this.ring[this.ring.length - 1];
    const change = previous ? compare(previous, picture) : null;
    this.times.push(time);
    this.changes.push(change);
    this.scores.push(change ? change.score : 0);
    this.means.push(picture.mean);
    this.ring.push(picture);
    if (this.ring.length > RING) this.ring.shift();
    const k = this.times.length - 1;
    const spread = change && (change.spread >= COARSE.spread || (change.score >= 0.8 && change.kept < 0.1));
    if (change && ((change.pixels >= HARD_CUTS.pixels && change.score >= COARSE.minimum && spread) || change.colour >= COARSE.colour)) {
      const pictures = this.ring;
      if (
        change.colour >= COARSE.colour ||
        !explainedByShift(pictures[pictures.length - 2], picture, COARSE.shifted) ||
        shiftSize(shiftSearch(pictures[pictures.length - 2], picture)) >= JUMP_SHIFT
      )
        this.suspects.push(k);
    }
    this.dissolveEndingAt(k);
    this.fades(k, picture);
  }

  /** A run of changing steps between two steady pictures that differ, each middle picture a mix of both. */
  private dissolveEndingAt(k: number): void {
    // Steps k and k-1 steady, the run before them changing, a steady step before the run.
    if (k < 4 || this.scores[k] >= STEADY || this.scores[k - 1] >= STEADY) return;
    // Back to the last steady pair of steps: a dissolve seen at 5 fps may dip below steady for a step.
    let start = k - 2;
    while (start > 1 && !(this.scores[start] < STEADY && this.scores[start - 1] < STEADY) && k - start < RING - 2) start--;
    if (this.scores[start] >= STEADY || this.scores[start - 1] >= STEADY) return;
    const at = (step: number) => this.ring[this.ring.length - 1 - (k - step)];
    const after = at(k - 1);
    if (!after) return;
    // A slow dissolve changes little per step (under STEADY): the steady pair found may be inside it.
    // Back while the earlier pictures are farther from the end: a steady still does not move away.
    while (start > 1 && k - start < RING - 2 && at(start - 1) && lumaDistance(at(start - 1), after) > lumaDistance(at(start), after) + 1) start--;
    const runLength = k - 2 - start;
    const before = at(start);
    if (runLength < 1 || !before) return;
    const change = compare(before, after);
    if (change.score < 0.4 || change.spread < 0.5 || change.kept >= KEPT_BACKGROUND) return;
    if (start < this.dissolvedUntil) return;
    // Every middle picture a mix of both ends, and at least one a real mix (a hard cut between two
    // 5 fps frames shows one end or the other: the full-rate refinement finds those).
    let mixed = false;
    for (let step = start + 1; step <= k - 2; step++) {
      const { alpha, residual } = blendOf(before, at(step), after);
      if (residual > 0.35) return;
      if (alpha > 0.15 && alpha < 0.85) mixed = true;
    }
    if (!mixed) return;
    this.dissolvedUntil = k - 1;
    this.gradual.push((this.times[start] + this.times[k - 1]) / 2);
  }

  /** Fades: the mean luma falls smoothly to black (or rises from it) over at least 0.6 s. */
  private fades(k: number, picture: Picture): void {
    const dark = isBlack(picture);
    if (dark && this.darkSince === null) {
      this.darkSince = k;
      const start = this.smoothRun(k, -1);
      if (start !== null) this.lastFadeOut = { at: (this.times[start] + this.times[k]) / 2, darkAt: this.times[k] };
      // Fallen to black in a step or two: a cut to black, or a fade too short for 5 fps to tell.
      else this.quickFall = k > 0 && Math.max(...this.means.slice(Math.max(0, k - 3), k)) >= this.means[k] + QUICK_CHANGE;
    } else if (!dark && this.darkSince !== null) {
      const darkStart = this.darkSince;
      this.darkSince = null;
      this.pendingFadeIn = { darkStart, lastDark: k - 1 };
    }
    if (this.pendingFadeIn && !dark) {
      // A fade-in ends where the luma stops rising.
      const rising = this.means[k] > this.means[k - 1] + 1;
      if (!rising || this.times.length - 1 - this.pendingFadeIn.lastDark > RING - 2) {
        const { darkStart, lastDark } = this.pendingFadeIn;
        this.pendingFadeIn = null;
        const end = rising ? k : k - 1;
        const steps = end - lastDark;
        const valid = steps >= 3 && this.means[end] >= 3 * this.means[lastDark] + FADE_LIFT && this.smooth(lastDark, end);
        const fadeOut = this.lastFadeOut;
        this.lastFadeOut = null;
        const quickFall = this.quickFall;
        this.quickFall = false;
        const quickRise = !valid && this.means[end] >= this.means[lastDark] + QUICK_CHANGE;
        if ((quickFall || quickRise) && this.times[lastDark] - this.times[darkStart] < QUICK_DIP_DARK) {
          // A short dip (or a cut to or from black): judged on every frame of it, fall and rise together.
          this.fadeSuspects.push({ after: this.times[darkStart] - QUICK_FADE, until: this.times[end] + REFINE_MARGIN, score: 1, fade: true });
          return;
        }
        if (fadeOut && this.times[lastDark] - fadeOut.darkAt < 1.5 && valid) {
          // A dip to black: one transition, in the dark.
          this.gradual.push((this.times[darkStart] + this.times[lastDark]) / 2);
          return;
        }
        if (fadeOut) this.gradual.push(fadeOut.at);
        if (valid) this.gradual.push((this.times[lastDark] + this.times[end]) / 2);
      }
    }
  }

  private pendingFadeIn: { darkStart: number; lastDark: number } | null = null;
  private quickFall = false;
  private readonly fadeSuspects: Candidate[] = [];

  /** The first step of a smooth fall of the luma ending at dark step k, or null. */
  private smoothRun(k: number, direction: -1): number | null {
    let start = k;
    // Back to where the luma started falling.
    while (start > 0 && this.means[start - 1] - this.means[start] >= 0.5 && k - start < 50) start--;
    if (direction !== -1 || k - start < 3) return null;
    if (this.means[start] < 3 * this.means[k] + FADE_LIFT) return null;
    return this.smooth(start, k) ? start : null;
  }

  /** No single step carries more than half of the luma change between two steps. */
  private smooth(from: number, to: number): boolean {
    const total = Math.abs(this.means[to] - this.means[from]);
    for (let s = from + 1; s <= to; s++) if (Math.abs(this.means[s] - this.means[s - 1]) > 0.5 * total) return false;
    return total > 0;
  }

  /**
   * The stretches to refine, and the gradual transitions found (seconds). Refinement decodes a window
   * around each: on shaky footage with many candidates only the strongest whose windows add up to a
   * third of the video (at least 12 s) are kept, so the analysis stays within a decode of the file.
   */
  finish(): { candidates: Candidate[]; gradual: number[] } {
    if (this.lastFadeOut) this.gradual.push(this.lastFadeOut.at);
    else if (this.quickFall && this.darkSince !== null)
      this.fadeSuspects.push({ after: this.times[this.darkSince] - QUICK_FADE, until: this.times[this.darkSince] + REFINE_MARGIN, score: 1, fade: true });
    this.lastFadeOut = null;
    this.quickFall = false;
    const candidates: Candidate[] = [...this.fadeSuspects];
    for (const k of this.suspects) {
      const colourCut = (this.changes[k]?.colour ?? 0) >= COARSE.colour;
      const before = this.scores.slice(Math.max(1, k - COARSE.window), k);
      const after = this.scores.slice(k + 1, k + 1 + COARSE.window);
      // At 5 fps a busy shot changes almost as much as a cut: only the quieter side must be far below.
      const quiet = Math.min(...[before, after].filter((x) => x.length).map(median), Infinity);
      // A change to another picture altogether is looked at whatever surrounds it (fast-cut edits).
      // (Not deep inside a long run of such changes: noise-like footage, a strobe; its edges still count.)
      const busy = [...before, ...after].filter((v) => v >= COARSE.unrelated).length;
      const unrelated = this.scores[k] >= COARSE.unrelated && busy <= 2 * COARSE.window - 2;
      if (!colourCut && !unrelated && this.scores[k] < COARSE.ratio * (quiet === Infinity ? 0 : quiet)) continue;
      candidates.push({ after: this.times[k - 1], until: this.times[k], score: this.scores[k] });
    }
    const duration = this.times.length ? this.times[this.times.length - 1] : 0;
    candidates.sort((a, b) => a.after - b.after);
    return { candidates: withinBudget(candidates, Math.max(12, duration / 3)), gradual: [...this.gradual].sort((a, b) => a - b) };
  }
}

/** A dip whose black lasts less than this is one transition; the fall before it may take this long (seconds). */
const QUICK_DIP_DARK = 1.5;
const QUICK_FADE = 1.0;
/** A change of mean luma into or out of black that is worth a look at every frame. */
const QUICK_CHANGE = 15;
/** At full frame rate a fade takes at least this many frames, none of them carrying half of the change. */
const FADE_FRAMES = 4;

/**
 * Fades to and from black among consecutive frames (full frame rate): the mean luma falls to black
 * (or rises from it) over at least FADE_FRAMES frames, each frame a small part of the change (a cut
 * to black does it in one frame). A fall and a rise around less than QUICK_DIP_DARK s of black are
 * one dip, reported in the black; otherwise each is reported at its middle.
 */
export function fadesAt(frames: TimedPicture[]): number[] {
  const means = frames.map((f) => f.picture.mean);
  const found: number[] = [];
  const gradual = (from: number, to: number) => {
    const total = Math.abs(means[to] - means[from]);
    if (Math.abs(to - from) < FADE_FRAMES || Math.max(means[from], means[to]) < 3 * Math.min(means[from], means[to]) + FADE_LIFT) return false;
    for (let i = Math.min(from, to) + 1; i <= Math.max(from, to); i++) if (Math.abs(means[i] - means[i - 1]) > 0.5 * total) return false;
    return true;
  };
  for (let i = 0; i < means.length; i++) {
    const black = (k: number) => isBlack(frames[k].picture);
    if (!black(i) || (i > 0 && black(i - 1))) continue;
    let last = i;
    while (last + 1 < means.length && black(last + 1)) last++;
    // The fall runs from where the luma starts falling to where it stops (the black may go on darkening).
    let start = i;
    while (start > 0 && means[start - 1] > means[start] + 0.3) start--;
    let bottom = i;
    while (bottom < last && means[bottom + 1] < means[bottom] - 0.3) bottom++;
    let end = last;
    while (end + 1 < means.length && means[end + 1] > means[end] + 0.3) end++;
    let floor = last;
    while (floor > i && means[floor - 1] < means[floor] - 0.3) floor--;
    const fall = start < i && gradual(start, bottom);
    const rise = end > last && gradual(end, floor);
    const time = (k: number) => frames[k].time;
    if (fall && rise && time(last) - time(i) < QUICK_DIP_DARK) found.push((time(i) + time(last)) / 2);
    else {
      if (fall) found.push((time(start) + time(i)) / 2);
      if (rise) found.push((time(last) + time(end)) / 2);
    }
    i = last;
  }
  return found;
}

/** Seconds decoded on each side of a candidate cut (refineCuts): enough frames for the local baseline and the flash test. */
export const REFINE_MARGIN = 0.4;

/** Seconds decoded to refine these candidates: their windows, overlapping ones decoded once. */
export function refineSeconds(candidates: Candidate[]): number {
  let seconds = 0;
  let end = -Infinity;
  for (const c of [...candidates].sort((a, b) => a.after - b.after)) {
    const start = Math.max(c.after - REFINE_MARGIN, end);
    const stop = c.until + REFINE_MARGIN;
    if (stop > start) seconds += stop - start;
    end = Math.max(end, stop);
  }
  return seconds;
}

/**
 * The strongest candidates whose refinement decodes at most `seconds` (in time order). The cost is
 * the decoded stretch, not the count: a fast-cut edit's candidates share one window, while a shaky
 * clip's scattered ones each cost a window.
 */
export function withinBudget(candidates: Candidate[], seconds: number): Candidate[] {
  if (refineSeconds(candidates) <= seconds + 1e-9) return candidates;
  const kept: Candidate[] = [];
  for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
    if (refineSeconds([...kept, c]) <= seconds + 1e-9) kept.push(c);
  }
  return kept.sort((a, b) => a.after - b.after);
}
