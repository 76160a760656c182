import { forwardRef, lazy, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, Film, MousePointerClick, Plus, Upload, type LucideIcon } from 'lucide-react';
import { RECENT_VIDEOS_COUNT } from '../../config/constants';
import { Button } from '../../components/ui/button';
import { WhenOpened } from '../../components/ui/when-opened';
import { useIdle } from '../../hooks/use-idle';
import { useLoaded } from '../../hooks/use-loaded';
import { useNow } from '../../hooks/use-now';
import { errorWithoutData } from '../../lib/api-client';
import { formatDuration, formatFileSize } from '../../lib/format';
import { cn } from '../../lib/utils';
import { PageHeader } from '../../components/layout/PageHeader';
import { loadMarketingSections } from '../billing';
import { AiHighlightsCard } from '../highlights';
import { loadUploadDialog, useVideos, VideoPlayer, VideoStatusBadge, type Video } from '../videos';
import { QuickTrim } from './components/QuickTrim';
import { RecentVideos } from './components/RecentVideos';

// The upload dialog's code is fetched when it is first opened.
const UploadDialog = lazy(async () => ({ default: await loadUploadDialog() }));

/** The dashboard: actions, the recent videos and a preview with Quick Trim. */
export function DashboardPage() {
  const videos = useVideos();
  const [uploadOpen, setUploadOpen] = useState(false);
  // Kept mounted after the first opening, so it can close with its own animation.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const now = useNow();
  // The marketing sections sit below the fold: fetched once the first screen is up.
  const MarketingSections = useLoaded(loadMarketingSections, useIdle());

  const all = useMemo(() => videos.data ?? [], [videos.data]);
  const recent = all.slice(0, RECENT_VIDEOS_COUNT);
  const selected = all.find((v) => v.id === selectedId) ?? null;

  const preview = useRef<HTMLElement>(null);
  // In the stacked layout the preview sits below the list: bring it into view after a pick.
  const revealPreview = () => {
    if (window.matchMedia('(min-width: 1024px)').matches) return;
    requestAnimationFrame(() => preview.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader
        title="Dashboard"
        description="Upload long videos, follow their processing and turn them into highlight reels."
        actions={
          <Button onClick={() => setUploadOpen(true)}>
            <Plus aria-hidden="true" />
            New Upload
          </Button>
        }
      />

      <section aria-label="Actions" className="grid gap-4 sm:grid-cols-3">
        <ActionCard icon={Upload} title="Upload Video" text="Add a long video and follow its processing live." onClick={() => setUploadOpen(true)} />
        <AiHighlightsCard video={selected} />
        <ActionCard icon={Film} title="Manual Editor" text="Trim by hand, add music and export." to="/editor" />
      </section>

      {/* Stacked: pick from Recent Videos, then the preview below. Wide: the preview leads on the left. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <RecentVideos
          className="lg:col-start-2 lg:row-start-1"
          videos={recent}
          loading={videos.isLoading}
          error={errorWithoutData(videos)}
          selectedId={selected?.id ?? null}
          now={now}
          onSelect={(video) => {
            setSelectedId(video.id);
            revealPreview();
          }}
          onUpload={() => setUploadOpen(true)}
        />
        <PreviewPanel ref={preview} className="lg:col-start-1 lg:row-start-1" video={selected} onRetry={() => void videos.refetch()} />
      </div>

      <WhenOpened open={uploadOpen}>
        <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      </WhenOpened>
      {MarketingSections && <MarketingSections />}
    </div>
  );
}

function ActionCard({
  icon: Icon,
  title,
  text,
  onClick,
  to,
  disabled,
  spin,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
  spin?: boolean;
}) {
  const testId = `action-${title.toLowerCase().replace(/\s+/g, '-')}`;
  const className = cn(
    'group flex h-full items-start gap-4 rounded-2xl border border-border bg-card p-4 text-left shadow-xs transition-[border-color,box-shadow] sm:p-5',
    'hover:border-brand/40 hover:shadow-md hover:shadow-black/[0.03] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'disabled:cursor-wait disabled:opacity-70',
  );
  const body = (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
        <Icon className={cn('size-5', spin && 'animate-spin')} aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2">
          <span className="text-[15px] font-semibold text-foreground">{title}</span>
          <ArrowRight
            className="size-4 shrink-0 text-muted-foreground/70 transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
            aria-hidden="true"
          />
        </span>
        <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">{text}</span>
      </span>
    </>
  );
  if (to) {
    return (
      <Link to={to} className={className} data-testid={testId}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={className} data-testid={testId}>
      {body}
    </button>
  );
}

const PreviewPanel = forwardRef<HTMLElement, { video: Video | null; onRetry: () => void; className?: string }>(function PreviewPanel(
  { video, onRetry, className },
  ref,
) {
  return (
    <section
      ref={ref}
      aria-labelledby="video-preview-heading"
      className={cn('flex scroll-mt-20 flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-xs', className)}
      data-testid="video-preview"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="video-preview-heading" className="text-base font-semibold tracking-tight">
          Video Preview
        </h2>
        {video && (
          <Link
            to={`/video/${video.id}`}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-strong hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Details
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        )}
      </div>

      {video ? (
        <>
          <VideoPlayer video={video} onSourceError={onRetry} />
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <p className="truncate text-[15px] font-semibold text-foreground" data-testid="preview-title">
                {video.title}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {formatDuration(video.duration)} · {formatFileSize(video.fileSize)}
              </p>
            </div>
            <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
          </div>
          <QuickTrim key={`${video.id}:${video.duration}`} video={video} />
        </>
      ) : (
        <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-muted/40 p-6 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-card text-muted-foreground shadow-xs ring-1 ring-border">
            <MousePointerClick className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm font-medium text-foreground">No video selected</p>
          <p className="max-w-xs text-sm text-muted-foreground">Click a video in Recent Videos to watch it here and trim a clip.</p>
        </div>
      )}
    </section>
  );
});
