/**
 * A plain onset detector for the tests: energy in 40 ms windows every 10 ms, an onset where the
 * energy rises by at least `riseDb` over the window just before, the strongest rise within 80 ms.
 */
export function detectOnsets(samples: Float32Array, rate: number, riseDb = 4): number[] {
  const hop = Math.round(rate * 0.01);
  const window = 4 * hop;
  const frames = Math.floor((samples.length - window) / hop);
  const level = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    let energy = 1e-12;
    for (let i = k * hop; i < k * hop + window; i++) energy += samples[i] * samples[i];
    level[k] = 10 * Math.log10(energy / window);
  }
  const loudest = Math.max(...level);
  const rise = (k: number) => (k >= 4 ? level[k] - level[k - 4] : 0);
  const onsets: number[] = [];
  for (let k = 4; k < frames; k++) {
    if (rise(k) < riseDb || level[k] < loudest - 40) continue;
    let strongest = true;
    for (let j = Math.max(4, k - 8); j <= Math.min(frames - 1, k + 8); j++) {
      if (j !== k && (rise(j) > rise(k) || (rise(j) === rise(k) && j < k))) strongest = false;
    }
    // The rise peaks when the window just before ends at the attack.
    if (strongest) onsets.push((k * hop) / rate);
  }
  return onsets;
}

/** The share of `times` that have an entry of `reference` within `tolerance` seconds. */
export function matchRatio(times: number[], reference: number[], tolerance: number): number {
  if (times.length === 0) return 0;
  const sorted = [...reference].sort((a, b) => a - b);
  let hits = 0;
  for (const t of times) {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    const near = [sorted[lo], sorted[lo - 1]].filter((v) => v !== undefined);
    if (near.some((v) => Math.abs(v - t) <= tolerance)) hits++;
  }
  return hits / times.length;
}
