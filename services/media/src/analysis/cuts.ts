/**
 * Adaptive content cut detector over the per-frame change of the tone histogram: a frame is a cut
 * when its change stands far above the changes around it and above an absolute floor. A fast pan
 * keeps the picture's tones (and changes every frame alike), so it is not taken for a cut.
 * Returns step indices.
 */
export interface CutOptions {
  /** Steps on each side that form the local baseline. */
  window: number;
  /** How many times the local baseline a difference must reach. */
  ratio: number;
  /** A change below this is never a cut (histogram L1 distance, 0..2). */
  minimum: number;
  /** Shortest shot, in steps: no two cuts closer than this. */
  minShotSteps: number;
}

export const DEFAULT_CUTS: CutOptions = { window: 4, ratio: 3, minimum: 0.3, minShotSteps: 3 };

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function detectCuts(differences: number[], options: CutOptions = DEFAULT_CUTS): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < differences.length; i++) {
    const d = differences[i];
    if (d < options.minimum) continue;
    const around = [...differences.slice(Math.max(1, i - options.window), i), ...differences.slice(i + 1, i + 1 + options.window)];
    const baseline = median(around);
    const isPeak = around.every((v) => v <= d);
    if (!isPeak || d < options.ratio * baseline) continue;
    const last = cuts[cuts.length - 1];
    if (last !== undefined && i - last < options.minShotSteps) {
      if (differences[last] < d) cuts[cuts.length - 1] = i;
      continue;
    }
    cuts.push(i);
  }
  return cuts;
}
