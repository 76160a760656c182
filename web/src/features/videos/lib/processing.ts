import type { VideoStage, VideoStatus } from '../types';

/**
 * The processing view of the upload dialog, driven by the real pipeline:
 *   queued -> cutting -> validating -> thumbnail -> filmstrip -> [waveform] -> [transcoding] -> done   (or failed)
 * Upload Complete: done once complete-upload answered. File Validation: stage 'validating'.
 * AI Analysis: stages 'thumbnail', 'filmstrip', 'waveform' and 'transcoding'. Creating Highlights: once the video is
 * 'processed' (stage 'done') it reads 'Ready for highlights', and Complete only when a reel of it is
 * ready (a processed video has no highlights until they are asked for).
 */

export const PROCESSING_STEPS = [
  { id: 'upload', label: 'Upload Complete' },
  { id: 'validation', label: 'File Validation' },
  { id: 'analysis', label: 'AI Analysis' },
  { id: 'highlights', label: 'Creating Highlights' },
] as const;

export type ProcessingStepId = (typeof PROCESSING_STEPS)[number]['id'];
/** 'ready': the last step of a processed video with no reel yet (nothing has been created, so not Complete). */
export type StepState = 'pending' | 'in-progress' | 'complete' | 'ready' | 'failed';

export const STEP_STATE_LABEL: Record<StepState, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  complete: 'Complete',
  ready: 'Ready for highlights',
  failed: 'Failed',
};

/** Where each stage starts in the pipeline's percent (what the worker publishes on entering it). */
const STAGE_START: Record<string, number> = {
  queued: 0,
  cutting: 2,
  validating: 35,
  thumbnail: 45,
  filmstrip: 46,
  waveform: 48,
  transcoding: 50,
  done: 100,
  failed: 100,
};

const STAGE_ORDER = ['queued', 'cutting', 'validating', 'thumbnail', 'filmstrip', 'waveform', 'transcoding', 'done'];

/** Rank of a stage in the pipeline (-1 for failed or unknown). */
export function stageRank(stage: VideoStage | undefined): number {
  return stage ? STAGE_ORDER.indexOf(stage) : -1;
}

/** A percent for a video known only from its stage and status (polled data carries no percent). */
export function stagePercent(stage: VideoStage | undefined, status?: VideoStatus): number {
  if (status === 'processed' || status === 'error') return 100;
  return (stage && STAGE_START[stage]) || 0;
}

/** The best percent we know: the live one when there is one, never below what the stage implies. */
export function pipelinePercent(stage: VideoStage | undefined, status: VideoStatus | undefined, livePercent?: number): number {
  const fromStage = stagePercent(stage, status);
  const live = typeof livePercent === 'number' && Number.isFinite(livePercent) ? livePercent : 0;
  return Math.round(Math.min(100, Math.max(fromStage, live)));
}

/** Which of the four steps a stage belongs to (queued/cutting: none yet, waiting for validation). */
function stepOfStage(stage: VideoStage | undefined): ProcessingStepId | null {
  switch (stage) {
    case 'validating':
      return 'validation';
    case 'thumbnail':
    case 'filmstrip':
    case 'waveform':
    case 'transcoding':
      return 'analysis';
    case 'done':
      return 'highlights';
    default:
      return null;
  }
}

export type PipelineState = {
  /** complete-upload has answered. */
  uploaded: boolean;
  status?: VideoStatus;
  stage?: VideoStage;
  /** For a failure: the last stage seen before it, so the failing step can be marked. */
  lastActiveStage?: VideoStage;
  /** Highlight reels of the video that are ready (the server's count; absent: none known). */
  readyReels?: number;
};

/**
 * Pending / In Progress / Complete (or Failed) for each of the four steps. Creating Highlights is
 * Complete only when a reel exists; a processed video without one is 'ready' for highlights.
 */
export function processingSteps({ uploaded, status, stage, lastActiveStage, readyReels = 0 }: PipelineState): Record<ProcessingStepId, StepState> {
  const steps: Record<ProcessingStepId, StepState> = {
    upload: uploaded ? 'complete' : 'in-progress',
    validation: 'pending',
    analysis: 'pending',
    highlights: 'pending',
  };
  if (!uploaded) return steps;

  if (status === 'processed' || stage === 'done') {
    return { upload: 'complete', validation: 'complete', analysis: 'complete', highlights: readyReels > 0 ? 'complete' : 'ready' };
  }

  const failed = status === 'error' || stage === 'failed';
  const current = stepOfStage(failed ? lastActiveStage : stage);
  const order: ProcessingStepId[] = ['validation', 'analysis', 'highlights'];
  if (!current) {
    // Queued (or failed before validation began): validation is where it stands.
    if (failed) steps.validation = 'failed';
    return steps;
  }
  const at = order.indexOf(current);
  order.forEach((id, i) => {
    if (i < at) steps[id] = 'complete';
    else if (i === at) steps[id] = failed ? 'failed' : 'in-progress';
  });
  return steps;
}

/** A short line about what the pipeline is doing right now. */
export function stageCaption(stage: VideoStage | undefined, status?: VideoStatus): string {
  if (status === 'processed' || stage === 'done') return 'Your video is ready.';
  if (status === 'error' || stage === 'failed') return 'Processing failed.';
  switch (stage) {
    case 'queued':
      return 'Waiting for a free processing slot…';
    case 'cutting':
      return 'Preparing your video…';
    case 'validating':
      return 'Checking the file’s streams and length…';
    case 'thumbnail':
      return 'Decoding frames for analysis…';
    case 'filmstrip':
      return 'Laying out frames for the editor’s timeline…';
    case 'waveform':
      return 'Measuring the sound for the editor’s waveform…';
    case 'transcoding':
      return 'Analysing frames and preparing smooth playback…';
    default:
      return 'Processing…';
  }
}

export type ProgressSample = { at: number; percent: number };

const ETA_WINDOW_MS = 30_000;

/**
 * Keeps the percent observed over time (a new sample only when the percent moves) and
 * drops those older than the window, so the rate follows the pipeline's current pace.
 */
export function addSample(samples: readonly ProgressSample[], sample: ProgressSample): ProgressSample[] {
  const last = samples[samples.length - 1];
  if (last && sample.percent <= last.percent) return samples as ProgressSample[];
  const next = [...samples, sample];
  const first = next.findIndex((s) => sample.at - s.at <= ETA_WINDOW_MS);
  // Always keep one sample before the window so a slow stretch still yields a rate.
  return next.slice(Math.max(0, first - 1));
}

/**
 * Seconds left at the observed rate, or null while there is too little to go on
 * (fewer than two samples, or less than half a second between them).
 */
export function estimateSecondsRemaining(samples: readonly ProgressSample[], now: number): number | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const elapsed = (last.at - first.at) / 1000;
  const gained = last.percent - first.percent;
  if (elapsed < 0.5 || gained <= 0) return null;
  if (last.percent >= 100) return 0;
  const rate = gained / elapsed;
  const sinceLast = Math.max(0, (now - last.at) / 1000);
  return Math.max(0, Math.ceil((100 - last.percent) / rate - sinceLast));
}

type PipelinePoint = { status?: VideoStatus; stage?: VideoStage };

const isFinal = (p: PipelinePoint) => p.status === 'processed' || p.status === 'error' || p.stage === 'done' || p.stage === 'failed';

/**
 * Of two views of the same video (the live stream and a poll), the one further along: a finished
 * state wins, then the later stage. A poll answered before the latest event cannot move it back.
 */
export function furthestAlong<T extends PipelinePoint>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  if (isFinal(a) !== isFinal(b)) return isFinal(a) ? a : b;
  return stageRank(b.stage) > stageRank(a.stage) ? b : a;
}
