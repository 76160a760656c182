import { useHighlightLiveProgress } from '../../videos';
import { highlightPercent, isFinished } from '../lib/progress';
import type { Highlight } from '../types';

/**
 * Where a reel stands right now: the cached status and stage, overtaken by the live stream's
 * newer word while it renders, with the best percent known.
 */
export function useHighlightProgress(highlight: Pick<Highlight, 'id' | 'status' | 'stage' | 'percent' | 'errorReason'> | null | undefined) {
  const live = useHighlightLiveProgress(highlight && !isFinished(highlight) ? highlight.id : null);
  if (!highlight) return { status: '', stage: '', percent: 0, errorReason: null as string | null };
  const useLive = !!live && !isFinished(highlight);
  const status = useLive ? live.status || highlight.status : highlight.status;
  const stage = useLive ? live.stage || highlight.stage : highlight.stage;
  const errorReason = (useLive ? live.errorReason : null) ?? highlight.errorReason;
  const percent = highlightPercent(stage, status, Math.max(live?.percent ?? 0, highlight.percent ?? 0));
  return { status, stage, percent, errorReason };
}
