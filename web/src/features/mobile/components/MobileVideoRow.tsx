import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { Progress } from '../../../components/ui/progress';
import { formatDuration, formatRelativeTime } from '../../../lib/format';
import { useLivePercent, VideoStatusBadge, VideoThumbnail, isInPipeline, type Video } from '../../videos';
import { mobileVideoPath } from '../paths';

/** One video of the phone library: a row the whole width of the screen that opens the video. */
export function MobileVideoRow({ video, now }: { video: Video; now: number }) {
  const percent = useLivePercent(video);
  const processing = isInPipeline(video);
  return (
    <Link
      to={mobileVideoPath(video.id)}
      data-testid="mobile-video"
      data-video-id={video.id}
      data-status={video.status}
      className="flex min-h-20 items-center gap-3 rounded-2xl border border-border bg-card p-2.5 shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <VideoThumbnail src={video.thumbnail} className="aspect-video w-28 shrink-0 rounded-xl" iconClassName="size-6" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="truncate text-[15px] font-semibold text-foreground">{video.title}</span>
        <span className="text-xs text-muted-foreground">
          {video.duration ? `${formatDuration(video.duration)} · ` : ''}
          {formatRelativeTime(video.createdAt, now)}
        </span>
        <span className="flex items-center gap-2">
          <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
          {processing && <span className="font-mono text-xs tabular-nums text-muted-foreground">{percent}%</span>}
        </span>
        {processing && <Progress value={percent} label={`Processing ${video.title}`} className="h-1.5" />}
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
