import type { Analysis } from './analysis';

export const PRESETS = ['auto', 'sport', 'wedding', 'business', 'travel'] as const;
export type Preset = (typeof PRESETS)[number];

export type Feature = 'loud' | 'rise' | 'flux' | 'crowd' | 'speech' | 'motion' | 'cut' | 'faces';

/** How much each feature counts, per kind of footage. Each row sums to 1. */
export const PRESET_WEIGHTS: Record<Preset, Record<Feature, number>> = {
  auto: { loud: 0.15, rise: 0.15, flux: 0.15, crowd: 0.2, speech: 0.05, motion: 0.2, cut: 0.05, faces: 0.05 },
  sport: { loud: 0.1, rise: 0.15, flux: 0.1, crowd: 0.3, speech: 0, motion: 0.3, cut: 0.05, faces: 0 },
  wedding: { loud: 0.15, rise: 0.1, flux: 0.1, crowd: 0.2, speech: 0.15, motion: 0.15, cut: 0.05, faces: 0.1 },
  business: { loud: 0.1, rise: 0.1, flux: 0.05, crowd: 0.3, speech: 0.25, motion: 0.05, cut: 0.05, faces: 0.1 },
  travel: { loud: 0.15, rise: 0.05, flux: 0.15, crowd: 0.05, speech: 0, motion: 0.35, cut: 0.25, faces: 0 },
};

/** Per second: each feature 0..1 against the video's own rolling baseline, and the weighted score. */
export interface Scores {
  seconds: number;
  features: Record<Feature, number[]>;
  speechRaw: number[];
  score: number[];
}

const BASELINE_SECONDS = 30;
const SPEECH_MODULATION_DB = 12;
const SPEECH_VARIATION = 0.12;

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** How far each value stands above the median of the ±30 s around it, in robust spreads, as 0..1. */
export function rollingNormalise(values: number[], spreadFloor: number): number[] {
  return values.map((value, i) => {
    const around = values.slice(Math.max(0, i - BASELINE_SECONDS), i + BASELINE_SECONDS + 1);
    const center = median(around);
    const spread = Math.max(median(around.map((v) => Math.abs(v - center))) * 1.4826, spreadFloor);
    return Math.min(1, Math.max(0, (value - center) / spread / 4));
  });
}

/** Groups the steps of an analysis into whole seconds. */
function perSecond(analysis: Analysis, key: keyof Pick<Analysis, 'loudness' | 'flux' | 'flatness' | 'crest' | 'voiceBand' | 'tonality' | 'modulation' | 'variation' | 'motion'>, combine = mean): number[] {
  const perStep = analysis[key];
  const stepsPerSecond = Math.round(1 / analysis.step);
  const seconds = Math.ceil(perStep.length / stepsPerSecond);
  return Array.from({ length: seconds }, (_, s) => combine(perStep.slice(s * stepsPerSecond, (s + 1) * stepsPerSecond)));
}

export function scoreAnalysis(analysis: Analysis, preset: Preset): Scores {
  const loudness = perSecond(analysis, 'loudness');
  const seconds = loudness.length;
  const flatness = perSecond(analysis, 'flatness');
  const crest = perSecond(analysis, 'crest');
  const voiceBand = perSecond(analysis, 'voiceBand');
  const quietest = median(loudness);

  const rise = loudness.map((l, i) => Math.max(0, l - mean(loudness.slice(Math.max(0, i - 3), i)) || 0));
  // Crowds and applause: loud, noise-like (flat spectrum) and dense (low crest factor).
  const crowdRaw = loudness.map((l, i) =>
    flatness[i] * Math.min(1, Math.max(0, (l - quietest) / 12)) * Math.min(1, Math.max(0, (7 - crest[i]) / 3)));
  // Speech: syllables (the voice band rises and falls by 12 dB or more within most steps), formants
  // that keep moving, a spectrum far from flat and no single tone dominating, audible. Tones and
  // beeps keep their spectrum, engines and held notes their level, crowds and applause are flat.
  const modulation = perSecond(analysis, 'modulation', median);
  const variation = perSecond(analysis, 'variation');
  const tonality = perSecond(analysis, 'tonality');
  const speechRaw = loudness.map((l, i) =>
    (voiceBand[i] > 0.15 && modulation[i] >= SPEECH_MODULATION_DB && variation[i] >= SPEECH_VARIATION && tonality[i] < 0.85 && flatness[i] < 0.3 && l > Math.max(quietest - 6, -60) ? 1 : 0));
  const cutRaw = Array.from({ length: seconds }, (_, s) => (analysis.cuts.some((c) => c >= s && c < s + 1) ? 1 : 0));

  const features: Record<Feature, number[]> = {
    loud: rollingNormalise(loudness, 3),
    rise: rollingNormalise(rise, 2),
    flux: rollingNormalise(perSecond(analysis, 'flux'), 0.002),
    crowd: rollingNormalise(crowdRaw, 0.05),
    speech: speechRaw,
    motion: rollingNormalise(perSecond(analysis, 'motion'), 0.02),
    cut: cutRaw,
    // Faces in the picture (one frame a second): people are what wedding and business reels are about.
    faces: Array.from({ length: seconds }, (_, s) => {
      const count = analysis.faceCount?.[s] ?? 0;
      return count > 0 ? Math.min(1, 0.6 + 0.2 * (count - 1)) : 0;
    }),
  };
  const weights = PRESET_WEIGHTS[preset];
  const score = Array.from({ length: seconds }, (_, s) =>
    (Object.keys(weights) as Feature[]).reduce((sum, f) => sum + weights[f] * features[f][s], 0));
  return { seconds, features, speechRaw, score };
}

const REASON_THRESHOLD = 0.35;

/** Readable reasons for a stretch of seconds: the features that stood out there. */
export function reasonsFor(scores: Scores, start: number, end: number, preset: Preset): string[] {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(scores.seconds, Math.ceil(end));
  const peak = (f: Feature) => Math.max(0, ...scores.features[f].slice(from, to));
  const speechBefore = scores.speechRaw.slice(Math.max(0, from - 8), from + 2).some((v) => v > 0);
  const reasons: string[] = [];
  if (peak('crowd') >= REASON_THRESHOLD) {
    const applause = preset === 'wedding' || preset === 'business' || (speechBefore && peak('motion') < REASON_THRESHOLD);
    reasons.push(applause ? 'applause' : 'crowd roar');
  }
  if (peak('motion') >= REASON_THRESHOLD) reasons.push('fast action');
  if (peak('cut') > 0) reasons.push('scene change');
  if (scores.features.faces.slice(from, to).filter((v) => v > 0).length >= Math.max(1, (to - from) / 2)) reasons.push('faces');
  if (scores.speechRaw.slice(from, to).filter((v) => v > 0).length >= Math.max(1, (to - from) / 3)) reasons.push('speech');
  if (reasons.length === 0 && (peak('rise') >= REASON_THRESHOLD || peak('loud') >= REASON_THRESHOLD)) reasons.push('loud moment');
  if (reasons.length === 0) reasons.push('steady scene');
  return reasons;
}
