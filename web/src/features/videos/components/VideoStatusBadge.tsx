import { AlertCircle, CheckCircle2, CloudUpload, Loader2 } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { statusLabel } from '../lib/video-list';
import type { VideoStatus } from '../types';

const TONE: Record<string, string> = {
  processed: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  processing: 'bg-brand-soft text-brand-strong ring-brand/25',
  uploaded: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
};

const ICON: Record<string, typeof CheckCircle2> = {
  processed: CheckCircle2,
  processing: Loader2,
  uploaded: CloudUpload,
  error: AlertCircle,
};

/**
 * Status pill: processed reads 'Ready for highlights', or how many reels are ready once
 * some are ('2 reels ready'); an unknown status shows raw, in grey.
 */
export function VideoStatusBadge({ status, readyReels = 0, className }: { status: VideoStatus; readyReels?: number; className?: string }) {
  const Icon = ICON[status];
  return (
    <span
      data-testid="video-status"
      data-status={status}
      data-ready-reels={readyReels}
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONE[status] ?? 'bg-muted text-muted-foreground ring-border',
        className,
      )}
    >
      {Icon && <Icon className={cn('size-3 shrink-0', status === 'processing' && 'animate-spin')} aria-hidden="true" />}
      <span className="truncate">{statusLabel(status, readyReels)}</span>
    </span>
  );
}
