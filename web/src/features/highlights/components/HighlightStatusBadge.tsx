import { AlertCircle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { stageLabel } from '../lib/progress';

const TONE: Record<string, string> = {
  ready: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  processing: 'bg-brand-soft text-brand-strong ring-brand/25',
  queued: 'bg-muted text-muted-foreground ring-border',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
};

/** 'Queued', 'Analysing 34%', 'Rendering 80%', 'Ready' or 'Failed' as a pill. */
export function HighlightStatusBadge({ status, stage, percent, className }: { status: string; stage: string; percent?: number; className?: string }) {
  const Icon = status === 'ready' ? CheckCircle2 : status === 'error' ? AlertCircle : status === 'processing' ? Loader2 : Clock;
  const working = status !== 'ready' && status !== 'error';
  return (
    <span
      data-testid="highlight-status"
      data-status={status}
      data-stage={stage}
      className={cn(
        'inline-flex max-w-full items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONE[status] ?? TONE.queued,
        className,
      )}
    >
      <Icon className={cn('size-3 shrink-0', status === 'processing' && 'animate-spin')} aria-hidden="true" />
      <span className="truncate">{stageLabel(stage, status)}</span>
      {working && typeof percent === 'number' && status === 'processing' && <span className="font-mono tabular-nums">{percent}%</span>}
    </span>
  );
}
