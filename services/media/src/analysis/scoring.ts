import type { Analysis } from './analysis';
import { nearCut, pictureFlaws } from './picture-quality';

export const PRESETS = ['auto', 'sport', 'wedding', 'business', 'travel'] as const;
export type Preset = (typeof PRESETS)[number];

export type Feature = 'loud' | 'rise' | 'impact' | 'crowd' | 'speech' | 'action' | 'faces' | 'subject';

/**
 * How much each feature counts, per kind of footage. The seven features of sound, motion and faces
 * sum to 1; a subject in view (an animal, a vehicle, sports gear) adds on top, so footage without one
 * scores as it would without the detector. A scene cut is not among them: it is where shots change,
 * not something that happened.
 */
export const PRESET_WEIGHTS: Record<Preset, Record<Feature, number>> = {
  auto: { loud: 0.15, rise: 0.1, impact: 0.15, crowd: 0.2, speech: 0.05, action: 0.25, faces: 0.1, subject: 0.3 },
  sport: { loud: 0.1, rise: 0.15, impact: 0.15, crowd: 0.25, speech: 0, action: 0.35, faces: 0, subject: 0.3 },
  wedding: { loud: 0.1, rise: 0.1, impact: 0.1, crowd: 0.2, speech: 0.2, action: 0.2, faces: 0.1, subject: 0 },
  business: { loud: 0.1, rise: 0.05, impact: 0.05, crowd: 0.3, speech: 0.3, action: 0.05, faces: 0.15, subject: 0 },
  travel: { loud: 0.15, rise: 0.05, impact: 0.15, crowd: 0.05, speech: 0, action: 0.6, faces: 0, subject: 0.2 },
};

/** Per second: each feature 0..1, the share of the second's frames unfit for a reel, and the weighted score. */
export interface Scores {
  seconds: number;
  features: Record<Feature, number[]>;
  speechRaw: number[];
  /** Per second: the spectrum's flatness (0..1) over its steps with sound; null for a second without. */
  soundFlatness: Array<number | null>;
  /** Per second: what the subject in view is, or null. */
  subjectLabel: Array<string | null>;
  /** Per analysis step: the frame is corrupt, frozen, black, blown out, smeared or mid whip pan. */
  badSteps: boolean[];
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

/** How far each value stands above the median of the ±`radius` values around it, in robust spreads, as 0..1 (1 at `fullAt` spreads). */
export function rollingNormalise(values: number[], spreadFloor: number, radius = BASELINE_SECONDS, fullAt = 4): number[] {
  return values.map((value, i) => {
    const around = values.slice(Math.max(0, i - radius), i + radius + 1);
    const center = median(around);
    const spread = Math.max(median(around.map((v) => Math.abs(v - center))) * 1.4826, spreadFloor);
    return Math.min(1, Math.max(0, (value - center) / spread / fullAt));
  });
}

/** Groups per-step values into whole seconds. */
function perSecond(analysis: Analysis, perStep: number[], combine = mean): number[] {
  const stepsPerSecond = Math.round(1 / analysis.step);
  const seconds = Math.ceil(perStep.length / stepsPerSecond);
  return Array.from({ length: seconds }, (_, s) => combine(perStep.slice(s * stepsPerSecond, (s + 1) * stepsPerSecond)));
}

const max = (values: number[]) => (values.length ? Math.max(...values) : 0);

/** Subject motion counts fully on a still camera and less the more the camera moves (shake, pans). */
const SHAKE = 0.03;
/** Subject motion over this share of the frame (camera movement taken out) is full action. */
const FULL_ACTION = 0.2;

/**
 * Per step, how much the subject moves: the share of the picture that changed once the camera's own
 * movement is taken out, less where the camera moves a lot; nothing on a cut or a flawed frame.
 * (Analyses from before version 3 have only the whole-frame motion.)
 */
function actionPerStep(analysis: Analysis, near: boolean[], flaws: Array<unknown>): number[] {
  const subject = analysis.subjectMotion ?? analysis.motion;
  return subject.map((v, i) => {
    if (near[i] || flaws[i]) return 0;
    const camera = analysis.cameraMotion?.[i] ?? 0;
    return Math.min(1, v / FULL_ACTION) / (1 + (camera / SHAKE) ** 2);
  });
}

/** A subject seen with this confidence counts fully. */
const FULL_SUBJECT = 0.8;

/** Below this a second is silence: no baseline for what counts as loud. */
const SILENCE_DB = -60;

/** Per second, the mean of a per-step value over its steps with sound (louder than SILENCE_DB); null for a second without. */
function overSound(analysis: Analysis, perStep: number[]): Array<number | null> {
  const stepsPerSecond = Math.round(1 / analysis.step);
  return Array.from({ length: Math.ceil(perStep.length / stepsPerSecond) }, (_, s) => {
    const first = s * stepsPerSecond;
    const sounding = perStep.slice(first, first + stepsPerSecond).filter((_, k) => analysis.loudness[first + k] > SILENCE_DB);
    return sounding.length ? mean(sounding) : null;
  });
}

/** Below this a second has no sound at all (digital silence), and its score counts this much. */
const MUTE_DB = -85;
const MUTE_FACTOR = 0.6;

/** A shot this much of whose steps are digital silence was filmed without sound. */
const SILENT_SHOT_SHARE = 0.9;
const SILENT_SHOT_FACTOR = 0.8;

/** Per second: whether it lies in a shot filmed without sound (in a video that has sound elsewhere). */
function silentShotSeconds(analysis: Analysis, seconds: number): boolean[] {
  const unheard = new Array<boolean>(seconds).fill(false);
  const cuts = [...new Set(analysis.cuts)].filter((c) => c > 0 && c < analysis.duration).sort((a, b) => a - b);
  const edges = [0, ...cuts, analysis.duration];
  for (let k = 0; k + 1 < edges.length; k++) {
    const steps = analysis.loudness.slice(Math.round(edges[k] / analysis.step), Math.round(edges[k + 1] / analysis.step));
    if (steps.length === 0 || steps.filter((l) => l <= MUTE_DB).length < SILENT_SHOT_SHARE * steps.length) continue;
    // A second belongs to the shot that holds its middle.
    for (let s = Math.floor(edges[k]); s < Math.min(seconds, Math.ceil(edges[k + 1])); s++)
      if (s + 0.5 >= edges[k] && s + 0.5 < edges[k + 1]) unheard[s] = true;
  }
  return unheard;
}

/** How loud each second is against the sounding (not silent) seconds around it, 0..1. */
function loudAgainstSound(loudness: number[]): number[] {
  const sounding = loudness.map((l, i) => ({ l, i })).filter(({ l }) => l > SILENCE_DB);
  const levels = sounding.map(({ l }) => l);
  // Against the seconds around it, and against the whole video: a long loud section is its own neighbourhood.
  const around = rollingNormalise(levels, 3);
  // A section that stays loud is remarkable at half the excess a single loud second needs.
  const whole = rollingNormalise(levels, 3, levels.length, 2);
  const normalised = around.map((v, k) => Math.max(v, whole[k]));
  const loud = new Array<number>(loudness.length).fill(0);
  sounding.forEach(({ i }, k) => (loud[i] = normalised[k]));
  return loud;
}

/** Per step, a sudden sharp sound against the seconds around it (a hit, a clank, a kick): 0..1. */
function impactPerStep(analysis: Analysis): number[] {
  const onset = rollingNormalise(analysis.flux, 0.004, 10);
  return onset.map((v, i) => v * Math.min(1, Math.max(0, (analysis.crest[i] - 4) / 4)));
}

export function scoreAnalysis(analysis: Analysis, preset: Preset): Scores {
  const loudness = perSecond(analysis, analysis.loudness);
  const seconds = loudness.length;
  // The spectrum's shape where there is sound: a step of silence (flat, no crest, by convention) says
  // nothing of it, and half a second of it would make a jet's last second sound like applause.
  const soundFlatness = overSound(analysis, analysis.flatness);
  const flatness = soundFlatness.map((f) => f ?? 0);
  const crest = overSound(analysis, analysis.crest).map((c) => c ?? 0);
  const voiceBand = perSecond(analysis, analysis.voiceBand);
  const quietest = median(loudness);
  const flaws = pictureFlaws(analysis);
  const badSteps = flaws.map((f) => f !== null);
  const badShare = perSecond(analysis, badSteps.map(Number));

  // How much louder than the three seconds before (sound starting after no sound at all is no rise: it is a join or a dropout).
  const stepsPerSecond = Math.round(1 / analysis.step);
  const rise = loudness.map((l, i) => {
    const before = analysis.loudness.slice(Math.max(0, i - 3) * stepsPerSecond, i * stepsPerSecond);
    // A second half-filled with digital silence is no level to rise from either.
    const sounding = before.filter((b) => b > MUTE_DB);
    return sounding.length === before.length && sounding.length > 0 ? Math.max(0, l - mean(loudness.slice(Math.max(0, i - 3), i))) : 0;
  });
  // Crowds and applause: loud, noise-like (flat spectrum) and dense (low crest factor).
  const crowdRaw = loudness.map((l, i) => flatness[i] * Math.min(1, Math.max(0, (l - quietest) / 12)) * Math.min(1, Math.max(0, (7 - crest[i]) / 3)));
  // Speech: syllables (the voice band rises and falls by 12 dB or more within most steps), formants
  // that keep moving, a spectrum far from flat and no single tone dominating, audible. Tones and
  // beeps keep their spectrum, engines and held notes their level, crowds and applause are flat.
  const modulation = perSecond(analysis, analysis.modulation, median);
  const variation = perSecond(analysis, analysis.variation);
  const tonality = perSecond(analysis, analysis.tonality);
  const guessed = loudness.map((l, i) =>
    voiceBand[i] > 0.15 &&
    modulation[i] >= SPEECH_MODULATION_DB &&
    variation[i] >= SPEECH_VARIATION &&
    tonality[i] < 0.85 &&
    flatness[i] < 0.3 &&
    l > Math.max(quietest - 6, -60)
      ? 1
      : 0,
  );
  // The voice activity model's segments when the analysis has them; the spectral guess otherwise.
  const speechRaw = analysis.speech ? speechSeconds(analysis.speech, seconds) : guessed;

  const features: Record<Feature, number[]> = {
    loud: loudAgainstSound(loudness),
    rise: rollingNormalise(rise, 2),
    impact: analysis.hasAudio ? perSecond(analysis, impactPerStep(analysis), max) : new Array(seconds).fill(0),
    // A second of speech is a voice in a room, not a crowd, however noisy the room (a kitchen, a hall).
    crowd: rollingNormalise(
      crowdRaw.map((c, i) => (speechRaw[i] > 0 ? 0 : c)),
      0.05,
    ),
    speech: speechRaw,
    action: perSecond(analysis, actionPerStep(analysis, nearCut(analysis), flaws)),
    // Faces in the picture (one frame a second): people are what wedding and business reels are about.
    faces: Array.from({ length: seconds }, (_, s) => {
      const count = analysis.faceCount?.[s] ?? 0;
      return count > 0 ? Math.min(1, 0.6 + 0.2 * (count - 1)) : 0;
    }),
    // An animal, a vehicle or sports gear in view: what a viewer follows where sound and motion say little (a dog at play, a jet overhead).
    subject: Array.from({ length: seconds }, (_, s) => Math.min(1, (analysis.subject?.[s] ?? 0) / FULL_SUBJECT)),
  };
  const weights = PRESET_WEIGHTS[preset];
  // Seconds with no sound at all in a video that has sound (a dropout) count less: a moment is
  // stronger when its sound carries it too. A shot filmed without sound (a silent clip in an edit)
  // is scored as a silent video is, on its picture alone: its silence says nothing of it.
  const unheard = silentShotSeconds(analysis, seconds);
  const mute = loudness.map((l, s) => (analysis.hasAudio && quietest > SILENCE_DB && l <= MUTE_DB ? (unheard[s] ? SILENT_SHOT_FACTOR : MUTE_FACTOR) : 1));
  const score = Array.from({ length: seconds }, (_, s) =>
    Math.min(1, mute[s] * (1 - (badShare[s] ?? 0)) * (Object.keys(weights) as Feature[]).reduce((sum, f) => sum + weights[f] * (features[f][s] ?? 0), 0)),
  );
  const subjectLabel = Array.from({ length: seconds }, (_, s) => analysis.subjectLabel?.[s] ?? null);
  return { seconds, features, speechRaw, soundFlatness, subjectLabel, badSteps, score };
}

const REASON_THRESHOLD = 0.35;
/**
 * A crowd or applause is close to white noise; an engine's roar (a jet, a car), as dense and loud,
 * keeps its energy low and is far less flat (media-dev: applause 0.11, a jet overhead 0.05, ffmpeg's
 * brown noise 0.06, pink 0.22). A stretch whose seconds' median flatness is below this is not called
 * applause or a crowd roar, however much it stands out: in a video that is otherwise quiet, a jet does.
 */
const CROWD_FLATNESS = 0.08;

/** What happened in a stretch of seconds, in words: the features that stood out there. */
export function reasonsFor(scores: Scores, start: number, end: number, preset: Preset): string[] {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(scores.seconds, Math.max(from + 1, Math.ceil(end)));
  const peak = (f: Feature) => Math.max(0, ...scores.features[f].slice(from, to));
  const speechBefore = scores.speechRaw.slice(Math.max(0, from - 8), from + 2).some((v) => v > 0);
  const reasons: string[] = [];
  const flatness = scores.soundFlatness.slice(from, to).filter((f): f is number => f !== null);
  if (peak('crowd') >= REASON_THRESHOLD && median(flatness) >= CROWD_FLATNESS) {
    // A crowd at a match roars; elsewhere (and after a speech even at a match) it applauds.
    const applause = preset !== 'sport' || (speechBefore && peak('action') < REASON_THRESHOLD);
    reasons.push(applause ? 'applause' : 'crowd roar');
  }
  if (peak('action') >= REASON_THRESHOLD) reasons.push('fast action');
  if (peak('impact') >= REASON_THRESHOLD) reasons.push('impact');
  const subject = subjectIn(scores, from, to);
  if (subject) reasons.push(subject);
  if (scores.features.faces.slice(from, to).filter((v) => v > 0).length >= Math.max(1, (to - from) / 2)) reasons.push('faces');
  if (scores.speechRaw.slice(from, to).filter((v) => v > 0).length >= Math.max(1, (to - from) / 3)) reasons.push('speech');
  if (peak('loud') >= REASON_THRESHOLD || peak('rise') >= REASON_THRESHOLD) reasons.push('loud moment');
  if (reasons.length === 0) reasons.push('best available');
  return reasons;
}

/** What is in view for at least half of a stretch's seconds ('dog', 'airplane'), if anything. */
function subjectIn(scores: Scores, from: number, to: number): string | undefined {
  const counts = new Map<string, number>();
  for (let s = from; s < to; s++) {
    const label = scores.subjectLabel[s];
    if (label && scores.features.subject[s] > 0) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const [label, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return label && count >= Math.max(1, (to - from) / 2) ? label : undefined;
}

/** 1 for each second at least half covered by speech segments, else 0. */
export function speechSeconds(segments: Array<{ start: number; end: number }>, seconds: number): number[] {
  const covered = new Array<number>(seconds).fill(0);
  for (const { start, end } of segments) {
    for (let s = Math.max(0, Math.floor(start)); s < Math.min(seconds, Math.ceil(end)); s++) {
      covered[s] += Math.max(0, Math.min(end, s + 1) - Math.max(start, s));
    }
  }
  return covered.map((c) => (c >= 0.5 ? 1 : 0));
}
