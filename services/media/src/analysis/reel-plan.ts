import type { Analysis } from './analysis';
import { flawSpans } from './clean-spans';
import { type Preset, scoreAnalysis } from './scoring';
import { snapToBeats } from './beats';
import { includeMoments } from './must-include';
import { CROSSFADE_SECONDS, MIN_MOMENT, type Moment, selectionSummary, selectMoments } from './selection';
import { type MarkedSpans, outsideOf, pickMoments, reelSeconds, withForbidden, withPicks } from './your-picks';

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
  /** Ranges the creator marked: includes are in the reel whatever they score, excludes never. */
  marked?: MarkedSpans;
}

/** What the engine decided for a new reel: its moments in story order, a summary in words and the per-second score. */
export interface ReelPlan {
  moments: Moment[];
  /** For the creator: how many moments and why ('3 moments: 2 fast action, applause'), or why the reel is short. */
  summary: string;
  /** Per-second score, 0..1 (the editor's timeline). */
  timeline: number[];
}

/**
 * The one entry point from an analysis to a reel's moments: the worker and the benches call this.
 * The creator's picks go in first; the engine fills the rest of the target around them, its moments
 * kept off the picks and off every excluded range (which also bounds every edge that moves later).
 */
export function planReel(analysis: Analysis, options: ReelPlanOptions): ReelPlan {
  const scores = scoreAnalysis(analysis, options.preset);
  const marked = options.marked ?? { include: [], exclude: [] };
  const picks = pickMoments(analysis, scores, marked, options.target, options.preset);
  const forbidden = [...marked.exclude, ...picks];
  // What the picks leave of the target (each engine moment adds a crossfade with them).
  const room = picks.length ? options.target - reelSeconds(picks) - CROSSFADE_SECONDS : options.target;
  let engine: Moment[] = [];
  if (room >= MIN_MOMENT) {
    const selected = selectMoments(analysis, withForbidden(scores, analysis, forbidden), { preset: options.preset, target: room, fill: options.fill });
    const asked = (options.mustInclude ?? []).filter((s) => !marked.exclude.some((e) => s.start < e.end && e.start < s.end));
    engine = outsideOf(
      includeMoments(outsideOf(selected, forbidden), asked, { target: room, duration: analysis.duration, phrases: options.phrases, timeline: scores.score }),
      forbidden,
    );
  }
  let moments = withPicks(picks, engine, options.target);
  // An end moved onto a beat stops before the next shot, the next flawed frame and the next excluded range alike.
  const barriers = [...analysis.cuts, ...flawSpans(scores.badSteps, analysis.step).map((f) => f.start), ...forbidden.map((f) => f.start)];
  if (options.beats?.length) moments = keepPicksWhole(snapToBeats(moments, options.beats, barriers, analysis.speech), picks);
  return {
    moments,
    summary: selectionSummary(moments, options.target, options.fill),
    timeline: scores.score.map((v) => Math.round(v * 100) / 100),
  };
}

/** A beat may lengthen a pick, never cut into it. */
function keepPicksWhole(moments: Moment[], picks: Moment[]): Moment[] {
  return moments.map((m) => {
    const pick = picks.find((p) => p.start === m.start);
    return pick && m.end < pick.end ? { ...m, end: pick.end } : m;
  });
}
