import { Link } from 'react-router-dom';
import { ArrowRight, Clapperboard, Download, History, Scissors } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNow } from '../../../hooks/use-now';
import { formatDuration, formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import {
  useExports,
  useHighlightProgress,
  HighlightStatusBadge,
  formatLabel,
  qualityLabel,
  qualityNote,
  isFinished,
  type Highlight,
  RetryHighlightButton,
} from '../../highlights';
import { useVideos, useLivePercent, VideoStatusBadge, isInPipeline, type Video } from '../../videos';
import { exportRange, recentEdits } from '../lib/recent-edits';

/** Recent Edits, for real: the editor's exports and the clips cut by trims, newest first. */
export function RecentEdits({ className }: { className?: string }) {
  const exports = useExports();
  const videos = useVideos();
  const now = useNow();
  const items = recentEdits(exports.data ?? [], videos.data ?? []);
  const loading = exports.isLoading || videos.isLoading;

  return (
    <section
      aria-labelledby="recent-edits-heading"
      className={cn('rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5', className)}
      data-testid="recent-edits"
    >
      <div className="flex items-center gap-2">
        <span className="flex size-6 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
          <History className="size-3.5" />
        </span>
        <h2 id="recent-edits-heading" className="text-base font-semibold tracking-tight">
          Recent Edits
        </h2>
      </div>

      {loading ? (
        <div className="mt-4 grid gap-2" aria-busy="true" aria-label="Loading recent edits">
          <Skeleton className="h-14 rounded-xl" />
          <Skeleton className="h-14 rounded-xl" />
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-input px-4 py-8 text-center" data-testid="recent-edits-empty">
          <p className="text-sm font-medium text-foreground">No recent edits</p>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">Exports you make here and clips cut with Quick Trim show up in this list.</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="recent-edits-list">
          {items.map((item) =>
            item.kind === 'export' ? (
              <li key={item.id}>
                <ExportRow highlight={item.highlight} now={now} />
              </li>
            ) : (
              <li key={item.id}>
                <ClipRow video={item.video} now={now} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

const rowClass = 'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border p-2.5 sm:flex-nowrap';
const iconClass = 'flex size-9 shrink-0 items-center justify-center rounded-lg';

function ExportRow({ highlight, now }: { highlight: Highlight; now: number }) {
  const progress = useHighlightProgress(highlight);
  const range = exportRange(highlight, formatDuration);
  const title = `${highlight.videoTitle || 'Video'} - export v${highlight.version}`;
  return (
    <div className={rowClass} data-testid="recent-edit" data-kind="export" data-id={highlight.id} data-status={progress.status}>
      <span className={cn(iconClass, 'bg-brand-soft text-brand')} aria-hidden="true">
        <Clapperboard className="size-4" />
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-semibold text-foreground" title={title}>
          {title}
        </p>
        <p className="mt-0.5 truncate text-xs text-muted-foreground">
          Export{range ? ` ${range}` : ''} · {formatLabel(highlight.format)} <span title={qualityNote(highlight) ?? undefined}>{qualityLabel(highlight)}</span>{' '}
          · {formatRelativeTime(highlight.createdAt, now)}
        </p>
        {!isFinished({ status: progress.status }) && <Progress value={progress.percent} label={`${title} progress`} className="mt-1.5 h-1" />}
        {progress.status === 'error' && progress.errorReason && <p className="mt-1 text-xs text-red-700">{progress.errorReason}</p>}
      </div>
      <div className="flex items-center justify-end gap-2 max-sm:w-full max-sm:pl-12 sm:shrink-0">
        <HighlightStatusBadge status={progress.status} stage={progress.stage} percent={progress.percent} />
        {progress.status === 'error' && <RetryHighlightButton highlight={highlight} label={`Retry ${title}`} />}
        {progress.status === 'ready' && highlight.reel ? (
          <a
            href={highlight.reel.downloadUrl}
            download
            className={buttonVariants({ size: 'sm', variant: 'outline' })}
            aria-label={`Download ${title}`}
            data-testid="recent-edit-download"
          >
            <Download aria-hidden="true" />
            Download
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ClipRow({ video, now }: { video: Video; now: number }) {
  const percent = useLivePercent(video);
  return (
    <div className={rowClass} data-testid="recent-edit" data-kind="clip" data-id={video.id} data-status={video.status}>
      <span className={cn(iconClass, 'bg-muted text-muted-foreground')} aria-hidden="true">
        <Scissors className="size-4" />
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-semibold text-foreground" title={video.title}>
          {video.title}
        </p>
        <p className="mt-0.5 truncate text-xs text-muted-foreground">
          Trimmed clip{video.duration > 0 ? ` · ${formatDuration(video.duration)}` : ''} · {formatRelativeTime(video.createdAt, now)}
        </p>
        {isInPipeline(video) && <Progress value={percent} label={`${video.title} progress`} className="mt-1.5 h-1" />}
      </div>
      <div className="flex items-center justify-end gap-2 max-sm:w-full max-sm:pl-12 sm:shrink-0">
        <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
        <Link
          to={`/video/${video.id}`}
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
          aria-label={`Open ${video.title}`}
          data-testid="recent-edit-open"
        >
          Open
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
