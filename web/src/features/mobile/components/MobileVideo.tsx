import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Download } from 'lucide-react';
import { PROCESSING_POLL_INTERVAL } from '../../../config/constants';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDuration, formatFileSize } from '../../../lib/format';
import { HighlightsSection } from '../../highlights';
import { isNotFoundError, useVideo, RetryVideoButton, VideoPlayer, VideoStatusBadge, useLiveConnectionState } from '../../videos';
import { MobileMusicPicker } from './MobileMusicPicker';
import { PlanNotice } from './PlanNotice';
import { ShareLinkActions } from './ShareLinkActions';
import { ShareReelButton } from './ShareReelButton';

const back =
  'inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A video on a phone: the player, its facts, AI highlights (9:16 by default), the reel, Share and Download. */
export function MobileVideo() {
  const { id = '' } = useParams();
  const live = useLiveConnectionState();
  const query = useVideo(id, { pollInterval: live === 'open' ? undefined : PROCESSING_POLL_INTERVAL });
  const video = query.data;
  useDocumentTitle(video?.title ?? 'Video');

  if (query.isLoading) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="aspect-video rounded-xl" />
      </div>
    );
  }
  if (!video) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold">{isNotFoundError(query.error) || !query.isError ? 'Video not found' : 'Video'}</h1>
        {query.isError && !isNotFoundError(query.error) && <p className="text-sm text-muted-foreground">{(query.error as Error).message}</p>}
        <Link to="/mobile" className={back}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to My Videos
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4" data-testid="mobile-video-page">
      <Link to="/mobile" className={back}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        My Videos
      </Link>
      <div>
        <h1 className="break-words text-2xl font-semibold tracking-tight">{video.title}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
          {video.duration > 0 && <span className="font-mono tabular-nums">{formatDuration(video.duration)}</span>}
          <span>{formatFileSize(video.fileSize)}</span>
        </p>
        {/* The reason is said once, on the player below (live, as the desktop page does). */}
        {video.status === 'error' && <RetryVideoButton video={video} className="mt-2 w-fit" />}
      </div>
      <VideoPlayer video={video} onSourceError={() => void query.refetch()} showOpenInWindow={false} />
      {video.downloadUrl && (
        <a
          href={video.downloadUrl}
          download={video.originalFilename || true}
          className={buttonVariants({ variant: 'outline', className: 'min-h-11' })}
          data-testid="download-video"
        >
          <Download aria-hidden="true" />
          Download original
        </a>
      )}
      {video.status === 'processed' && <PlanNotice what="Making reels" />}
      {video.status === 'processed' && <MobileMusicPicker />}
      <HighlightsSection
        video={video}
        defaultAspect="9:16"
        reelCaptionsTrack
        noMusicNote="No music. Choose a track above to set the reel to it."
        reelActions={(highlight) => (
          <>
            <ShareLinkActions highlightId={highlight.id} title={video.title} />
            <ShareReelButton highlight={highlight} title={video.title} />
          </>
        )}
      />
    </div>
  );
}
