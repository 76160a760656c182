import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArrowLeft, Download, FolderInput, Loader2 } from 'lucide-react';
import type { BatchReportVideoJson } from '@reelsmith/proto/http';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { downloadBatchReport, putBatchInFolder, type ReportFormat, useBatchReport } from '../api/batches';

const FORMATS: Array<{ format: ReportFormat; label: string }> = [
  { format: 'html', label: 'HTML' },
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

/** What became of one file: its reel in words, why it failed, or that it is on its way. */
function outcome(video: BatchReportVideoJson): string {
  if (video.error) return video.error;
  const reel = video.highlights;
  if (reel?.status === 'ready') return `${formatDuration(reel.reelDuration)} reel, ${reel.moments.length} moment${reel.moments.length === 1 ? '' : 's'}`;
  return reel ? `Reel ${reel.status}` : 'Processing';
}

/** One batch (/bulk-upload?batch=id, where the batch e-mail links): its files and what became of each, the report in three formats, and its videos into a folder. */
export function BatchDetail({ batchId }: { batchId: string }) {
  const report = useBatchReport(batchId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  if (report.isLoading) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (report.isError || !report.data) {
    return (
      <Card className="grid gap-3 p-6" data-testid="batch-detail">
        <p className="text-sm text-red-700">This batch could not be found.</p>
        <Link to="/bulk-upload" className="text-sm font-medium underline underline-offset-2">
          All batches
        </Link>
      </Card>
    );
  }
  const { batch, videos } = report.data;
  const videoIds = videos.flatMap((v) => (v.videoId && v.status === 'processed' ? [v.videoId] : []));

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadBatchReport(batch, format);
    } catch {
      toast({ variant: 'destructive', title: 'Download failed', description: 'Could not download the report' });
    } finally {
      setBusy(null);
    }
  };
  const toFolder = async () => {
    setBusy('folder');
    try {
      const folder = await putBatchInFolder(queryClient, batch, videoIds);
      toast({ title: 'Videos in a folder', description: `${videoIds.length} video${videoIds.length === 1 ? ' is' : 's are'} now in “${folder.name}”.` });
    } catch {
      toast({ variant: 'destructive', title: 'Could not make the folder', description: 'Please try again.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="overflow-hidden" data-testid="batch-detail">
      <div className="grid gap-3 border-b border-border px-5 py-4">
        <Link to="/bulk-upload" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          All batches
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold tracking-tight">{batch.name}</h2>
            <p className="text-sm text-muted-foreground" data-testid="batch-detail-counts">
              {batch.processedVideos} of {batch.totalVideos} processed{batch.failedVideos > 0 ? ` · ${batch.failedVideos} failed` : ''} · {batch.status}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void toFolder()} disabled={busy !== null || videoIds.length === 0} data-testid="batch-to-folder">
            {busy === 'folder' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FolderInput aria-hidden="true" />}
            Put videos in a folder
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Report:</span>
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="ghost"
              size="sm"
              onClick={() => void download(format)}
              disabled={busy !== null}
              data-testid={`batch-report-${format}`}
            >
              {busy === format ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              {label}
            </Button>
          ))}
        </div>
      </div>
      <ol className="divide-y divide-border" data-testid="batch-files">
        {videos.map((video) => (
          <li
            key={video.position}
            className="grid gap-1 px-5 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            data-testid="batch-file"
            data-status={video.status}
          >
            <div className="min-w-0">
              {video.videoId ? (
                <Link to={`/video/${video.videoId}`} className="block truncate font-medium hover:underline">
                  {video.title ?? video.originalFilename}
                </Link>
              ) : (
                <span className="block truncate font-medium">{video.originalFilename}</span>
              )}
              <p className={cn('text-sm', video.error ? 'text-red-700' : 'text-muted-foreground')}>{outcome(video)}</p>
            </div>
            <span className="text-xs tabular-nums text-muted-foreground sm:text-right">
              {[video.duration !== null ? formatDuration(video.duration) : null, video.originalFilename !== video.title ? video.originalFilename : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
