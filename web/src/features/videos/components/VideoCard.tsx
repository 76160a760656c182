import type { DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { AlertCircle, Eye, Pencil, Trash2, Users } from 'lucide-react';
import { Progress } from '../../../components/ui/progress';
import { IconAction } from '../../../components/ui/icon-action';
import { formatDuration, formatFileSize, formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { MoveToFolderMenu, VIDEO_DRAG_TYPE, type Folder } from '../../folders';
import { useLivePercent } from '../live/use-live-percent';
import { isEditable, isInPipeline } from '../lib/video-list';
import type { Video } from '../types';
import { RetryVideoButton } from './RetryVideoButton';
import { VideoStatusBadge } from './VideoStatusBadge';
import { VideoThumbnail } from './VideoThumbnail';

export type VideoView = 'grid' | 'list';

export { useLivePercent };

/** A video in My Videos: thumbnail, title, facts, status, live progress and its actions. */
export function VideoCard({
  video,
  view,
  now,
  onDelete,
  folders,
  onMove,
}: {
  video: Video;
  view: VideoView;
  now: number;
  onDelete: (video: Video) => void;
  /** With onMove: the "Move to folder" menu, a folder chip, and the card can be dragged onto a folder. */
  folders?: Folder[];
  onMove?: (video: Video, folder: Folder | null) => void;
}) {
  const percent = useLivePercent(video);
  const processing = isInPipeline(video);
  const list = view === 'list';
  const folder = video.folderId ? folders?.find((f) => f.id === video.folderId) : undefined;
  // A teammate's video in a team folder: watch it and make reels; changing it stays its owner's.
  const owned = !video.sharedWithYou;
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(VIDEO_DRAG_TYPE, video.id);
    event.dataTransfer.setData('text/plain', video.title);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <article
      data-testid="video-card"
      data-video-id={video.id}
      data-status={video.status}
      data-folder-id={video.folderId ?? ''}
      aria-label={video.title}
      draggable={!!onMove}
      onDragStart={onMove ? onDragStart : undefined}
      className={cn(
        'group flex overflow-hidden rounded-2xl border border-border bg-card shadow-xs transition-[border-color,box-shadow] hover:border-brand/30 hover:shadow-md hover:shadow-black/[0.03]',
        list ? 'flex-row items-stretch' : 'flex-col',
        onMove && 'active:cursor-grabbing',
      )}
    >
      <Link to={`/video/${video.id}`} tabIndex={-1} aria-hidden="true" className={cn('block shrink-0', list ? 'w-32 sm:w-44' : 'w-full')}>
        <VideoThumbnail src={video.thumbnail} className={cn('aspect-video', list && 'h-full min-h-[72px]')}>
          {video.duration > 0 && (
            <span className="absolute bottom-1.5 right-1.5 rounded-md bg-black/75 px-1.5 py-0.5 font-mono text-[11px] font-medium tabular-nums text-white">
              {formatDuration(video.duration)}
            </span>
          )}
        </VideoThumbnail>
      </Link>

      <div className={cn('flex min-w-0 flex-1 flex-col gap-2.5', list ? 'p-3 sm:flex-row sm:items-center sm:gap-4 sm:px-4' : 'p-4')}>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-[15px] font-semibold text-foreground" title={video.title} data-testid="video-card-title">
            {video.title}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground" data-testid="video-card-meta">
            <span>{formatDuration(video.duration)}</span>
            <span aria-hidden="true">·</span>
            {video.fileSize > 0 && (
              <>
                <span>{formatFileSize(video.fileSize)}</span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <time dateTime={video.createdAt ?? undefined} title={video.createdAt ? new Date(video.createdAt).toLocaleString() : undefined}>
              {formatRelativeTime(video.createdAt, now)}
            </time>
            {!owned && (
              <>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1" data-testid="video-card-shared">
                  <Users className="size-3" aria-hidden="true" />
                  Shared with you
                </span>
              </>
            )}
            {folder && (
              <>
                <span aria-hidden="true">·</span>
                <span className="inline-flex min-w-0 items-center gap-1" data-testid="video-card-folder" title={`In folder ${folder.name}`}>
                  <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: folder.color }} aria-hidden="true" />
                  <span className="max-w-32 truncate">{folder.name}</span>
                </span>
              </>
            )}
          </p>
          {processing && (
            <div className="mt-2.5 flex items-center gap-2" data-testid="video-card-progress">
              <Progress value={percent} label={`Processing ${video.title}`} className="h-1.5" />
              <span className="w-9 shrink-0 text-right font-mono text-[11px] tabular-nums text-muted-foreground">{percent}%</span>
            </div>
          )}
          {video.status === 'error' && (
            <div className="mt-2 grid gap-2">
              {video.errorReason && (
                <p className="flex items-start gap-1.5 text-xs text-red-700" data-testid="video-card-error">
                  <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span className="line-clamp-3 break-words" title={video.errorReason}>
                    {video.errorReason}
                  </span>
                </p>
              )}
              {owned && <RetryVideoButton video={video} className="w-fit" />}
            </div>
          )}
        </div>

        <div className={cn('flex items-center justify-between gap-2', list && 'sm:justify-end')}>
          <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
          <div className="flex shrink-0 items-center gap-0.5">
            <IconAction label={`View ${video.title}`} tip="View" to={`/video/${video.id}`}>
              <Eye />
            </IconAction>
            {owned && isEditable(video) && (
              <IconAction label={`Edit ${video.title}`} tip="Edit" to={`/editor?video=${encodeURIComponent(video.id)}`}>
                <Pencil />
              </IconAction>
            )}
            {onMove && folders && (
              <MoveToFolderMenu title={video.title} folders={folders} currentFolderId={video.folderId ?? null} onMove={(target) => onMove(video, target)} />
            )}
            {owned && (
              <IconAction label={`Delete ${video.title}`} tip="Delete" onClick={() => onDelete(video)} danger>
                <Trash2 />
              </IconAction>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while the list loads. */
export function VideoCardSkeleton({ view }: { view: VideoView }) {
  return (
    <div
      data-testid="video-skeleton"
      aria-hidden="true"
      className={cn('overflow-hidden rounded-2xl border border-border bg-card', view === 'list' ? 'flex' : 'flex flex-col')}
    >
      <div className={cn('animate-pulse bg-muted', view === 'list' ? 'h-[72px] w-32 sm:h-[99px] sm:w-44' : 'aspect-video w-full')} />
      <div className="flex flex-1 flex-col gap-2.5 p-4">
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
        <div className="mt-1 h-5 w-24 animate-pulse rounded-full bg-muted" />
      </div>
    </div>
  );
}
