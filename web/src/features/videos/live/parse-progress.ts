import type { VideoProgress } from '../types';

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
