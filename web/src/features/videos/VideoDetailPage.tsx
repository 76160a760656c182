import { useCallback, useMemo, type ReactNode } from 'react';
import { ArrowLeft, Download, FileQuestion, Home } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { PROCESSING_POLL_INTERVAL } from '../../config/constants';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNow } from '../../hooks/use-now';
import { formatDuration, formatFileSize, formatRelativeTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { PageHeader } from '../../components/layout/PageHeader';
import { HighlightsSection } from '../highlights';
import { createPlayhead, TranscriptPanel } from '../transcript';
import { isNotFoundError, useVideo } from './api/videos';
import { useLiveConnectionState } from './live/use-live';
import { RetryVideoButton } from './components/RetryVideoButton';
import { VideoPlayer } from './components/VideoPlayer';
import { VideoStatusBadge } from './components/VideoStatusBadge';

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** /video/:id: title, Back, Download, the streaming player and the file's details. */
export function VideoDetailPage() {
  const { id = '' } = useParams();
  // The live stream refreshes a processing video; without it, poll until the video is ready.
  const live = useLiveConnectionState();
  const query = useVideo(id, { pollInterval: live === 'open' ? undefined : PROCESSING_POLL_INTERVAL });
  const now = useNow();
  const video = query.data;
  // The player reports where it is; the transcript lights the word being said and seeks it.
  const playhead = useMemo(() => createPlayhead(), []);
  const onSeeker = useCallback((seek: ((seconds: number) => void) | null) => (playhead.seekTo = seek), [playhead]);

  if (query.isLoading) return <DetailSkeleton />;
  if (isNotFoundError(query.error) || (!video && !query.isError)) return <VideoNotFound />;
  if (!video) {
    return (
      <div className="grid gap-4">
        <PageHeader title="Video" description={(query.error as Error).message} />
        <div>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const uploaded = video.createdAt ? new Date(video.createdAt) : null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        eyebrow={
          <Link to="/dashboard" className={backLinkClass}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </Link>
        }
        title={video.title}
        description={
          video.sharedWithYou
            ? 'Shared with you in a team folder: watch it, download it and make your own reels from it.'
            : video.status === 'processed'
              ? 'Watch it here or download the original file.'
              : video.status === 'error'
                ? 'This video could not be processed.'
                : 'This video is still being prepared.'
        }
        actions={
          video.downloadUrl ? (
            <a href={video.downloadUrl} download={video.originalFilename || true} className={buttonVariants()} data-testid="download-video">
              <Download aria-hidden="true" />
              Download
            </a>
          ) : (
            <Button disabled>
              <Download aria-hidden="true" />
              Download
            </Button>
          )
        }
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <VideoPlayer
          video={video}
          onSourceError={() => void query.refetch()}
          className="shadow-lg shadow-black/10"
          onTimeChange={playhead.setTime}
          onSeekerChange={onSeeker}
        />

        <section aria-labelledby="video-details-heading" className="h-fit rounded-2xl border border-border bg-card p-5 shadow-xs">
          <h2 id="video-details-heading" className="text-sm font-semibold text-foreground">
            Details
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3.5 text-sm lg:grid-cols-1" data-testid="video-details">
            <Detail label="Original filename" className="col-span-2 lg:col-span-1">
              <span className="break-all" data-testid="detail-filename">
                {video.originalFilename}
              </span>
            </Detail>
            <Detail label="Status" className="col-span-2 lg:col-span-1">
              <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
              {/* The reason is on the player, beside this. */}
              {video.status === 'error' && !video.sharedWithYou && <RetryVideoButton video={video} className="mt-2.5 w-fit" />}
            </Detail>
            <Detail label="Size">
              <span data-testid="detail-size">{formatFileSize(video.fileSize)}</span>
            </Detail>
            <Detail label="Uploaded">
              <time dateTime={video.createdAt ?? undefined} data-testid="detail-uploaded">
                {uploaded ? uploaded.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Unknown'}
              </time>
              <span className="block text-xs text-muted-foreground">{formatRelativeTime(video.createdAt, now)}</span>
            </Detail>
            {video.duration > 0 && (
              <Detail label="Duration">
                <span className="font-mono tabular-nums">{formatDuration(video.duration)}</span>
              </Detail>
            )}
            {!!video.width && !!video.height && (
              <Detail label="Resolution">
                <span className="tabular-nums">
                  {video.width} × {video.height}
                </span>
              </Detail>
            )}
          </dl>
        </section>
      </div>

      <HighlightsSection video={video} />

      {/* Below the reels: its height changes as the transcript is made, and must not move the editor. */}
      {video.status === 'processed' && <TranscriptPanel videoId={video.id} playhead={playhead} readOnly={video.sharedWithYou} />}
    </div>
  );
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

function VideoNotFound() {
  useDocumentTitle('Video not found');
  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24" data-testid="video-not-found">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <FileQuestion className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">Video not found</h1>
      <p className="mt-2 max-w-md text-[15px] text-muted-foreground">This video does not exist, was deleted, or belongs to someone else.</p>
      <Link to="/dashboard" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        <Home aria-hidden="true" />
        Back to Dashboard
      </Link>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Loading video">
      <div className="grid gap-3">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-8 w-72 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}
