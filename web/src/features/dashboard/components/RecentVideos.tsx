import { Link } from 'react-router-dom';
import { ArrowRight, Upload, Video as VideoIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatDuration, formatFileSize, formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useLivePercent, VideoStatusBadge, VideoThumbnail, isInPipeline, type Video } from '../../videos';

/** The first videos of the list; clicking one selects it for the preview panel. */
export function RecentVideos({
  videos,
  loading,
  error,
  selectedId,
  now,
  onSelect,
  onUpload,
  className,
}: {
  videos: Video[];
  loading: boolean;
  /** The list could not be loaded and none was loaded before. */
  error: Error | null;
  selectedId: string | null;
  now: number;
  onSelect: (video: Video) => void;
  onUpload: () => void;
  className?: string;
}) {
  return (
    <section aria-labelledby="recent-videos-heading" className={cn('flex flex-col rounded-2xl border border-border bg-card p-5 shadow-xs', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-videos-heading" className="text-base font-semibold tracking-tight">
          Recent Videos
        </h2>
        <Link
          to="/videos"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-strong hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View all
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Pick a video to preview and trim it.</p>

      {loading ? (
        <ul className="mt-4 grid grid-cols-1 gap-2.5" aria-busy="true" aria-label="Loading videos">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex gap-3 rounded-xl border border-border p-2.5">
              <div className="aspect-video w-28 shrink-0 animate-pulse rounded-lg bg-muted" />
              <div className="flex flex-1 flex-col gap-2 py-1">
                <div className="h-3.5 w-3/4 animate-pulse rounded bg-muted" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
              </div>
            </li>
          ))}
        </ul>
      ) : error ? (
        <div className="mt-4 rounded-xl border border-dashed border-input px-4 py-8 text-center" data-testid="recent-videos-error">
          <p className="text-sm font-medium text-foreground">Your videos could not be loaded</p>
          <p className="mt-1 text-sm text-muted-foreground">{error.message}</p>
        </div>
      ) : videos.length === 0 ? (
        <div className="mt-4 flex flex-1 flex-col items-center justify-center rounded-xl border border-dashed border-input px-4 py-10 text-center">
          <VideoIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 text-sm font-medium text-foreground">No videos yet</p>
          <p className="mt-1 text-sm text-muted-foreground">Your uploads will show up here.</p>
          <Button size="sm" className="mt-4" onClick={onUpload}>
            <Upload aria-hidden="true" />
            Upload a video
          </Button>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-2.5" data-testid="recent-videos">
          {videos.map((video) => (
            <li key={video.id}>
              <RecentVideoCard video={video} selected={video.id === selectedId} now={now} onSelect={() => onSelect(video)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentVideoCard({ video, selected, now, onSelect }: { video: Video; selected: boolean; now: number; onSelect: () => void }) {
  const percent = useLivePercent(video);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="recent-video"
      data-video-id={video.id}
      data-status={video.status}
      className={cn(
        'flex w-full items-center gap-3 rounded-xl border p-2.5 text-left transition-[border-color,background-color,box-shadow]',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        selected ? 'border-brand bg-brand-soft/50 shadow-sm shadow-brand/10 ring-1 ring-brand' : 'border-border hover:border-brand/40 hover:bg-muted/40',
      )}
    >
      <VideoThumbnail src={video.thumbnail} className="aspect-video w-24 shrink-0 rounded-lg sm:w-28" iconClassName="size-5">
        {video.duration > 0 && (
          <span className="absolute bottom-1 right-1 rounded bg-black/75 px-1 py-px font-mono text-[10px] tabular-nums text-white">
            {formatDuration(video.duration)}
          </span>
        )}
      </VideoThumbnail>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-foreground">{video.title}</span>
        <span className="mt-0.5 block truncate text-xs text-muted-foreground">
          {video.fileSize > 0 ? `${formatFileSize(video.fileSize)} · ` : ''}
          {formatRelativeTime(video.createdAt, now)}
        </span>
        <span className="mt-1.5 flex items-center gap-2">
          <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
          {isInPipeline(video) && <span className="font-mono text-[11px] tabular-nums text-muted-foreground">{percent}%</span>}
        </span>
        {isInPipeline(video) && <Progress value={percent} label={`Processing ${video.title}`} className="mt-1.5 h-1" />}
      </span>
    </button>
  );
}
