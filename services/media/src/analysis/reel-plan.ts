import type { Analysis } from './analysis';
import { flawSpans } from './clean-spans';
import { type Preset, scoreAnalysis } from './scoring';
import { snapToBeats } from './beats';
import { includeMoments } from './must-include';
import { type Moment, selectionSummary, selectMoments } from './selection';

export interface ReelPlanOptions {
  preset: Preset;
  /** Upper bound of the reel's length, seconds. */
  target: number;
  /** Fill the target even with weak moments. */
  fill?: boolean;
  /** Beat times (seconds into the track) when music plays under the reel. */
  beats?: number[];
  /** Where words the user asked for are said (seconds of the source): these go in first (see includeMoments). */
  mustInclude?: Array<{ start: number; end: number }>;
  /** The transcript's phrases, so must-include moments start and end between them. */
  phrases?: Array<{ start: number; end: number }>;
}

/** What the engine decided for a new reel: its moments in story order, a summary in words and the per-second score. */
export interface ReelPlan {
  moments: Moment[];
  /** For the creator: how many moments and why ('3 moments: 2 fast action, applause'), or why the reel is short. */
  summary: string;
  /** Per-second score, 0..1 (the editor's timeline). */
  timeline: number[];
}

/** The one entry point from an analysis to a reel's moments: the worker and the benches call this. */
export function planReel(analysis: Analysis, options: ReelPlanOptions): ReelPlan {
  const scores = scoreAnalysis(analysis, options.preset);
  const selected = selectMoments(analysis, scores, { preset: options.preset, target: options.target, fill: options.fill });
  let moments = includeMoments(selected, options.mustInclude ?? [], {
    target: options.target,
    duration: analysis.duration,
    phrases: options.phrases,
    timeline: scores.score,
  });
  // An end moved onto a beat stops before the next shot and before the next flawed frame alike.
  const barriers = [...analysis.cuts, ...flawSpans(scores.badSteps, analysis.step).map((f) => f.start)];
  if (options.beats?.length) moments = snapToBeats(moments, options.beats, barriers, analysis.speech);
  return {
    moments,
    summary: selectionSummary(moments, options.target, options.fill),
    timeline: scores.score.map((v) => Math.round(v * 100) / 100),
  };
}
