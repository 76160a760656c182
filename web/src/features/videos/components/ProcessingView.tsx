import { useEffect, useMemo, useRef, useState } from 'react';
import { Check, Circle, Loader2, Sparkles, X } from 'lucide-react';
import { PROCESSING_POLL_INTERVAL, UPLOAD_COMPLETE_DELAY } from '../../../config/constants';
import { Progress } from '../../../components/ui/progress';
import { useNow } from '../../../hooks/use-now';
import { cn } from '../../../lib/utils';
import { useVideo } from '../api/videos';
import { useVideoProgress } from '../live/use-live';
import {
  PROCESSING_STEPS,
  STEP_STATE_LABEL,
  addSample,
  estimateSecondsRemaining,
  furthestAlong,
  pipelinePercent,
  processingSteps,
  stageCaption,
  type ProgressSample,
  type StepState,
} from '../lib/processing';
import type { Video } from '../types';

export type PipelineOutcome = { status: 'processed' } | { status: 'error'; reason: string };

/** Where the pipeline stands for one video: live events, with a 2 s poll as the fallback. */
export function usePipeline(videoId: string) {
  const live = useVideoProgress(videoId);
  const polled = useVideo(videoId, { pollInterval: PROCESSING_POLL_INTERVAL }).data;
  const current = furthestAlong<{ status?: string; stage?: string }>(
    live && { status: live.status, stage: live.stage },
    polled && { status: polled.status, stage: polled.stage },
  );
  const status = current?.status;
  const stage = current?.stage;
  const percent = pipelinePercent(stage, status, live?.percent ?? polled?.percent);
  const failed = status === 'error' || stage === 'failed';
  const errorReason = (failed && (live?.errorReason || polled?.errorReason)) || null;
  return { status, stage, percent, failed, errorReason, lastActiveStage: live?.lastActiveStage, video: polled };
}

const STEP_ICON: Record<StepState, typeof Check> = {
  pending: Circle,
  'in-progress': Loader2,
  complete: Check,
  ready: Sparkles,
  failed: X,
};

/**
 * The processing view of the upload dialog: the four steps driven by the real pipeline, the overall
 * percent and an estimate of the time left from the observed rate. Calls `onFinished` one second
 * after the video is processed, or at once when it failed.
 */
export function ProcessingView({ video, onFinished }: { video: Video; onFinished: (outcome: PipelineOutcome) => void }) {
  const { status, stage, percent, failed, errorReason, lastActiveStage, video: polled } = usePipeline(video.id);
  // Creating Highlights is Complete only once a reel exists; until then the video is ready for them.
  const steps = processingSteps({ uploaded: true, status, stage, lastActiveStage, readyReels: polled?.readyReels ?? video.readyReels });
  const done = status === 'processed' || stage === 'done';
  const now = useNow(1000);

  const [samples, setSamples] = useState<ProgressSample[]>(() => [{ at: Date.now(), percent }]);
  useEffect(() => {
    setSamples((previous) => addSample(previous, { at: Date.now(), percent }));
  }, [percent]);
  const eta = useMemo(() => estimateSecondsRemaining(samples, now), [samples, now]);

  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    if (done) {
      const timer = setTimeout(() => finished.current({ status: 'processed' }), UPLOAD_COMPLETE_DELAY);
      return () => clearTimeout(timer);
    }
    if (failed) finished.current({ status: 'error', reason: errorReason ?? 'Processing failed.' });
    return undefined;
  }, [done, failed, errorReason]);

  return (
    <div className="grid grid-cols-1 gap-5" data-testid="upload-processing">
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-foreground" aria-live="polite">
            {stageCaption(stage, status)}
          </span>
          <span className="font-mono text-sm font-semibold tabular-nums text-foreground" data-testid="processing-percent">
            {percent}%
          </span>
        </div>
        <Progress value={percent} label="Processing progress" barClassName={failed ? 'bg-red-500' : done ? 'bg-emerald-500' : undefined} />
        <p className="text-xs text-muted-foreground" data-testid="processing-eta">
          {failed
            ? 'Processing stopped.'
            : done
              ? 'Finishing up…'
              : eta === null
                ? 'Estimating time remaining…'
                : eta <= 1
                  ? 'Almost done…'
                  : `About ${eta} seconds remaining`}
        </p>
      </div>

      <ol aria-label="Processing steps" className="grid grid-cols-1 gap-2" data-testid="processing-steps">
        {PROCESSING_STEPS.map(({ id, label }) => {
          const state = steps[id];
          const Icon = STEP_ICON[state];
          return (
            <li
              key={id}
              data-testid={`step-${id}`}
              data-state={state}
              className={cn(
                'flex items-center gap-3 rounded-xl border px-3.5 py-2.5 transition-colors',
                state === 'complete' && 'border-emerald-200 bg-emerald-50/60',
                state === 'ready' && 'border-emerald-200 bg-card',
                state === 'in-progress' && 'border-brand/30 bg-brand-soft/60',
                state === 'failed' && 'border-red-200 bg-red-50',
                state === 'pending' && 'border-border bg-card',
              )}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full',
                  state === 'complete' && 'bg-emerald-500 text-white',
                  state === 'ready' && 'bg-emerald-100 text-emerald-700',
                  state === 'in-progress' && 'bg-brand text-white',
                  state === 'failed' && 'bg-red-500 text-white',
                  state === 'pending' && 'bg-muted text-muted-foreground/60',
                )}
              >
                <Icon className={cn('size-3.5', state === 'in-progress' && 'animate-spin')} strokeWidth={2.5} aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1 text-sm font-medium text-foreground">{label}</span>
              <span
                className={cn(
                  'text-xs font-medium',
                  (state === 'complete' || state === 'ready') && 'text-emerald-700',
                  state === 'in-progress' && 'text-brand-strong',
                  state === 'failed' && 'text-red-700',
                  state === 'pending' && 'text-muted-foreground',
                )}
              >
                {STEP_STATE_LABEL[state]}
              </span>
            </li>
          );
        })}
      </ol>

      {failed && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="processing-error">
          <p className="font-semibold">We could not process this video.</p>
          <p className="mt-1 break-words">{errorReason ?? 'Processing failed.'}</p>
        </div>
      )}
    </div>
  );
}
