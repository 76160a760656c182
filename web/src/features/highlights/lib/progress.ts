import type { Highlight, HighlightStage, HighlightStatus } from '../types';

/**
 * A reel's way through the worker: queued -> analysing -> selecting -> rendering -> done (or
 * failed). Edits and exports skip analysing and selecting. The worker publishes these percents on
 * entering each stage (and finer ones within analysing and rendering).
 */
const STAGE_START: Record<string, number> = {
  queued: 0,
  analysing: 2,
  selecting: 60,
  rendering: 62,
  done: 100,
  failed: 100,
};

const STAGE_LABEL: Record<string, string> = {
  queued: 'Queued',
  analysing: 'Analysing',
  selecting: 'Selecting moments',
  rendering: 'Rendering',
  done: 'Ready',
  failed: 'Failed',
};

const STATUS_LABEL: Record<string, string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  error: 'Failed',
};

export const isFinished = (h: Pick<Highlight, 'status'>) => h.status === 'ready' || h.status === 'error';
export const isInFlight = (h: Pick<Highlight, 'status'>) => !isFinished(h);

export function statusLabel(status: HighlightStatus): string {
  return STATUS_LABEL[status] ?? status;
}

/** 'Analysing', 'Rendering' ... an unknown stage shows as it came. */
export function stageLabel(stage: HighlightStage, status?: HighlightStatus): string {
  if (status === 'ready') return 'Ready';
  if (status === 'error') return 'Failed';
  return STAGE_LABEL[stage] ?? (stage || 'Queued');
}

/** The best percent known: the live one, never below what the stage implies; 100 once finished. */
export function highlightPercent(stage: HighlightStage | undefined, status: HighlightStatus | undefined, livePercent?: number): number {
  if (status === 'ready' || status === 'error') return 100;
  const fromStage = (stage && STAGE_START[stage]) || 0;
  const live = typeof livePercent === 'number' && Number.isFinite(livePercent) ? livePercent : 0;
  return Math.round(Math.min(100, Math.max(fromStage, live)));
}

/** '12.4 s', '1 min 05 s'; an em dash when unknown. */
export function formatSeconds(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 0.05) return '< 0.1 s';
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
