import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertCircle, CheckCircle2, Clock, Download, Layers, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { useNow } from '../../../hooks/use-now';
import { formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { type Batch, downloadBatchReport, useBatches } from '../api/batches';
import { batchPercent, batchTone, type BatchTone } from '../lib/bulk-rules';

const BADGE: Record<BatchTone, string> = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  orange: 'bg-brand-soft text-brand-strong ring-brand/25',
  grey: 'bg-muted text-muted-foreground ring-border',
};
const BAR: Record<BatchTone, string> = { green: 'bg-emerald-500', red: 'bg-red-500', orange: 'bg-brand', grey: 'bg-muted-foreground/40' };
const ICON: Record<BatchTone, typeof CheckCircle2> = { green: CheckCircle2, red: AlertCircle, orange: Loader2, grey: Clock };

function BatchStatusBadge({ status }: { status: string }) {
  const tone = batchTone(status);
  const Icon = ICON[tone];
  return (
    <span
      data-testid="batch-status"
      data-status={status}
      data-tone={tone}
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset', BADGE[tone])}
    >
      <Icon className={cn('size-3', tone === 'orange' && 'animate-spin')} aria-hidden="true" />
      {status}
    </span>
  );
}

function BatchRow({ batch, now }: { batch: Batch; now: number }) {
  const [downloading, setDownloading] = useState(false);
  const tone = batchTone(batch.status);
  const percent = batchPercent(batch);
  const report = async () => {
    setDownloading(true);
    try {
      await downloadBatchReport(batch);
      toast({ title: 'Report downloaded', description: `The report of “${batch.name}” was saved.` });
    } catch {
      toast({ variant: 'destructive', title: 'Download failed', description: 'Could not download the report' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-5"
      data-testid="batch-row"
      data-batch-id={batch.id}
      data-status={batch.status}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-medium" data-testid="batch-name">
            <Link to={`/bulk-upload?batch=${encodeURIComponent(batch.id)}`} className="hover:underline" aria-label={`${batch.name}: open the batch`}>
              {batch.name}
            </Link>
          </h3>
          <BatchStatusBadge status={batch.status} />
        </div>
        {batch.description && <p className="mt-0.5 truncate text-sm text-muted-foreground">{batch.description}</p>}
        <div className="mt-2.5 flex items-center gap-3">
          <Progress value={percent} label={`Progress of ${batch.name}`} className="h-1.5 max-w-xs" barClassName={BAR[tone]} />
          <span className="shrink-0 font-mono text-xs font-semibold tabular-nums" data-testid="batch-percent">
            {percent}%
          </span>
        </div>
        <p className="mt-1.5 text-xs text-muted-foreground" data-testid="batch-counts">
          {batch.processedVideos} of {batch.totalVideos} processed
          {batch.failedVideos > 0 && <span className="text-red-600"> · {batch.failedVideos} failed</span>}
          <span> · {formatRelativeTime(batch.createdAt, now)}</span>
        </p>
      </div>
      {batch.status === 'completed' && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void report()}
          disabled={downloading}
          data-testid="batch-report"
          className="self-start sm:self-center"
        >
          {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          Report
        </Button>
      )}
    </li>
  );
}

/** The user's batches with coloured status, live progress (processed / total) and the report when completed. */
export function BatchList() {
  const { data, isLoading, isError } = useBatches();
  const now = useNow(30_000);
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between border-b border-border px-5 py-4">
        <div>
          <h2 className="text-base font-semibold tracking-tight">Your batches</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">Progress updates live while videos are processed.</p>
        </div>
        {data && data.length > 0 && <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium tabular-nums">{data.length}</span>}
      </div>
      {isLoading ? (
        <div className="grid gap-4 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="p-6 text-sm text-red-600">The batches could not be loaded. Please refresh the page.</p>
      ) : !data?.length ? (
        <div className="flex flex-col items-center gap-2 px-6 py-14 text-center" data-testid="batches-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Layers className="size-6" aria-hidden="true" />
          </span>
          <p className="font-medium">No batches yet</p>
          <p className="max-w-xs text-sm text-muted-foreground">Name a batch, pick your videos and start it. Each batch shows up here with its progress.</p>
        </div>
      ) : (
        <ul className="divide-y divide-border" data-testid="batch-list">
          {data.map((batch) => (
            <BatchRow key={batch.id} batch={batch} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
