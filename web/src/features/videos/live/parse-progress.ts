import type { VideoProgress } from '../types';
import type { HighlightProgress } from '../../highlights';

/** The data of a `video.progress` event, or null when it is not one. */
export function parseProgressEvent(data: string): VideoProgress | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { videoId, status, stage, percent, errorReason } = parsed as Record<string, unknown>;
  if (typeof videoId !== 'string' || !videoId) return null;
  const value = typeof percent === 'number' && Number.isFinite(percent) ? percent : 0;
  return {
    videoId,
    status: typeof status === 'string' ? status : '',
    stage: typeof stage === 'string' ? stage : '',
    percent: Math.max(0, Math.min(100, value)),
    errorReason: typeof errorReason === 'string' && errorReason ? errorReason : null,
  };
}

/** The data of a `highlight.progress` event, or null when it is not one. */
export function parseHighlightProgressEvent(data: string): HighlightProgress | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { highlightId, videoId, kind, status, stage, percent, errorReason } = parsed as Record<string, unknown>;
  if (typeof highlightId !== 'string' || !highlightId) return null;
  const value = typeof percent === 'number' && Number.isFinite(percent) ? percent : 0;
  return {
    highlightId,
    videoId: typeof videoId === 'string' ? videoId : '',
    kind: kind === 'highlights' || kind === 'export' ? kind : null,
    status: typeof status === 'string' ? status : '',
    stage: typeof stage === 'string' ? stage : '',
    percent: Math.max(0, Math.min(100, value)),
    errorReason: typeof errorReason === 'string' && errorReason ? errorReason : null,
  };
}
