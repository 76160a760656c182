import type { Analysis } from './analysis';

/** A frame no reel should show, and why. */
export type Flaw = 'frozen' | 'whip pan' | 'blown out' | 'black' | 'faded' | 'smeared';

/** The picture barely changed: a codec's frozen garbage or a held frame, when the shot moved before. */
const FROZEN_DIFFERENCE = 0.25;
const FROZEN_STEPS = 3;
/**
 * A whip pan: the camera's shift reached the end of what the analysis looks for (6 of 80 pixels
 * sideways or 3 of 45 up or down in 0.2 s), even then much of the picture does not line up...
 */
const WHIP = 0.066;
const WHIP_MISMATCH = 0.3;
/** ...and the picture is blurred by it: a scene where everything changes at once (confetti, a frenzy) stays sharp. */
const WHIP_SHARPNESS = 0.9;
/** This share of the picture blown out to white. */
const BLOWN = 0.25;
/** Near black and without detail: lens cap, a dark gap, the end of a fade. */
const BLACK_BRIGHTNESS = 22;
const BLACK_SHARPNESS = 3;
/**
 * A fade to black: dim, a good deal darker than a second before, with nothing moving (the whole
 * picture dims at once). A fade is often taken for a transition, so this looks across cuts.
 */
const FADED_BRIGHTNESS = 90;
const FADED_DROP = 1.3;
const FADED_STILL = 0.05;
/** A fade changes the picture a little each step; a cut changes it at once by more than this. */
const FADE_STEP = 25;
/** Much softer than the shot usually is while much of it moves: something close to the lens, heavy blur. */
const SMEARED_SHARPNESS = 0.8;
const SMEARED_MOTION = 0.15;
const SHOT_FOR_SHARPNESS = 5;

/** The shots of an analysis as ranges of steps [from, to), split at the cuts. */
export function shotRanges(analysis: Analysis): Array<{ from: number; to: number }> {
  const n = analysis.motion.length;
  const bounds = [...new Set(analysis.cuts.map((c) => Math.round(c / analysis.step)).filter((i) => i > 0 && i < n))].sort((a, b) => a - b);
  const edges = [0, ...bounds, n];
  return edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1] }));
}

/** Whether a step lies on a cut (or the step after it): its motion is the change of shot, not action. */
export function nearCut(analysis: Analysis): boolean[] {
  const near = new Array<boolean>(analysis.motion.length).fill(false);
  for (const c of analysis.cuts) {
    const i = Math.floor(c / analysis.step);
    for (const j of [i - 1, i, i + 1]) if (j >= 0 && j < near.length) near[j] = true;
  }
  return near;
}

function isFading(analysis: Analysis, i: number): boolean {
  const second = Math.round(1 / analysis.step);
  const brightness = analysis.brightness[i];
  const before = analysis.brightness[i - second];
  if (!(brightness < FADED_BRIGHTNESS && before > FADED_DROP * brightness && analysis.subjectMotion[i] < FADED_STILL)) return false;
  // Dimming step by step, still now, not a hard cut to a darker shot.
  const falling = analysis.brightness[i - 2] > analysis.brightness[i - 1] && analysis.brightness[i - 1] > brightness;
  return falling && analysis.difference.slice(i - second + 1, i + 1).every((d) => d < FADE_STEP);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}

/**
 * Per analysis step, the flaw that keeps the frame out of a reel, if any. Each is judged against its
 * own shot where the picture differs by nature (a sky is soft, a stage is dark).
 */
export function pictureFlaws(analysis: Analysis): Array<Flaw | null> {
  const n = analysis.motion.length;
  const flaws = new Array<Flaw | null>(n).fill(null);
  if (!analysis.sharpness) return flaws;
  const cut = nearCut(analysis);
  for (const shot of shotRanges(analysis)) {
    const steps = Array.from({ length: shot.to - shot.from }, (_, k) => shot.from + k);
    const typicalSharpness = quantile(
      steps.map((i) => analysis.sharpness[i]),
      0.75,
    );
    // A shot's usual sharpness means something only over a few seconds of it.
    const judgedBySharpness = steps.length * analysis.step >= SHOT_FOR_SHARPNESS;
    const moving =
      quantile(
        steps.map((i) => analysis.difference[i]),
        0.5,
      ) > 1.5;
    let still = 0;
    for (const i of steps) {
      still = analysis.difference[i] < FROZEN_DIFFERENCE && !cut[i] ? still + 1 : 0;
      if (moving && still >= FROZEN_STEPS) for (let k = i - still + 1; k <= i; k++) flaws[k] = 'frozen';
      if (flaws[i]) continue;
      if (analysis.clipped[i] >= BLOWN) flaws[i] = 'blown out';
      else if (analysis.brightness[i] < BLACK_BRIGHTNESS && analysis.sharpness[i] < BLACK_SHARPNESS) flaws[i] = 'black';
      else if (isFading(analysis, i)) flaws[i] = 'faded';
      else if (
        !cut[i] &&
        analysis.cameraMotion[i] >= WHIP &&
        analysis.subjectMotion[i] > WHIP_MISMATCH &&
        analysis.sharpness[i] < WHIP_SHARPNESS * typicalSharpness
      )
        flaws[i] = 'whip pan';
      else if (!cut[i] && judgedBySharpness && analysis.sharpness[i] < SMEARED_SHARPNESS * typicalSharpness && analysis.subjectMotion[i] > SMEARED_MOTION)
        flaws[i] = 'smeared';
    }
  }
  return flaws;
}
