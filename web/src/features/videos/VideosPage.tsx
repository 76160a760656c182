import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { AlertTriangle, CheckCircle2, Film, LayoutGrid, List, Loader2, Search, SearchX, Upload, Video as VideoIcon, X } from 'lucide-react';
import { VIDEO_SKELETON_COUNT } from '../../config/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useNow } from '../../hooks/use-now';
import { getAuthToken } from '../../lib/auth-token';
import { cn } from '../../lib/utils';
import { PageHeader } from '../layout/components/PageHeader';
import { useVideos } from './api/videos';
import { DeleteVideoDialog } from './components/DeleteVideoDialog';
import { UploadDialog } from './components/UploadDialog';
import { VideoCard, VideoCardSkeleton, type VideoView } from './components/VideoCard';
import { STATUS_FILTERS, countByStatus, filterVideos, type StatusFilter } from './lib/video-list';
import type { Video } from './types';

/** My Videos (spec §2), the Videos tab: search, status filter, grid or list, counts and actions. */
export function VideosPage() {
  const videos = useVideos();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useState<VideoView>('grid');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Video | null>(null);
  const now = useNow();

  const all = useMemo(() => videos.data ?? [], [videos.data]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const shown = useMemo(() => filterVideos(all, search, status), [all, search, status]);
  const filtering = search.trim() !== '' || status !== 'all';

  const debug = (
    <p className="mt-6 font-mono text-[11px] text-muted-foreground/80" data-testid="videos-debug">
      Debug: videos={all.length} · auth token={getAuthToken() ? 'present' : 'missing'} · loading={videos.isLoading ? 'yes' : 'no'}
    </p>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="My Videos"
        description="Every video you have uploaded, with its processing status."
        actions={
          <Button onClick={() => setUploadOpen(true)}>
            <Upload aria-hidden="true" />
            Upload Video
          </Button>
        }
      />

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Video counts">
        <CountBadge testId="count-total" label="Total" value={counts.all} icon={Film} tone="text-foreground bg-muted" />
        <CountBadge testId="count-ready" label="Ready" value={counts.processed} icon={CheckCircle2} tone="text-emerald-700 bg-emerald-50" />
        <CountBadge testId="count-processing" label="Processing" value={counts.processing} icon={Loader2} tone="text-brand-strong bg-brand-soft" />
        <CountBadge testId="count-errors" label="Errors" value={counts.error} icon={AlertTriangle} tone="text-red-700 bg-red-50" />
      </ul>

      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-card p-3 shadow-xs">
        <div className="relative order-1 min-w-0 flex-1 lg:w-72 lg:flex-none">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by title"
            aria-label="Search videos by title"
            className="pl-9"
          />
        </div>
        <div role="group" aria-label="Filter by status" className="order-3 flex w-full flex-wrap gap-1 lg:order-2 lg:w-auto lg:flex-1">
          {STATUS_FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              data-testid={`filter-${value}`}
              className={cn(
                'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium transition-colors sm:px-3 sm:text-sm',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                status === value ? 'bg-sidebar text-white' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              {label}
              <span
                className={cn(
                  'rounded-full px-1.5 py-px text-[11px] font-semibold tabular-nums',
                  status === value ? 'bg-white/15 text-white' : 'bg-muted text-muted-foreground',
                )}
              >
                {counts[value]}
              </span>
            </button>
          ))}
        </div>
        <div role="group" aria-label="Layout" className="order-2 flex shrink-0 items-center gap-1 rounded-lg bg-muted p-1 lg:order-3">
          <ViewButton label="Grid view" active={view === 'grid'} onClick={() => setView('grid')}>
            <LayoutGrid />
          </ViewButton>
          <ViewButton label="List view" active={view === 'list'} onClick={() => setView('list')}>
            <List />
          </ViewButton>
        </div>
      </div>

      {videos.isLoading ? (
        <div className={listClass(view)} aria-busy="true" aria-label="Loading videos">
          {Array.from({ length: VIDEO_SKELETON_COUNT }, (_, i) => (
            <VideoCardSkeleton key={i} view={view} />
          ))}
        </div>
      ) : videos.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title="Your videos could not be loaded"
          text={(videos.error as Error).message}
          action={
            <Button variant="outline" onClick={() => void videos.refetch()}>
              Try again
            </Button>
          }
        />
      ) : all.length === 0 ? (
        <EmptyState
          testId="videos-empty"
          icon={VideoIcon}
          title="No videos yet"
          text="Upload your first long video and Reelsmith will get it ready for highlights."
          action={
            <Button onClick={() => setUploadOpen(true)}>
              <Upload aria-hidden="true" />
              Upload your first video
            </Button>
          }
          footer={debug}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          testId="videos-no-match"
          icon={SearchX}
          title="No videos match your filters"
          text={
            search.trim()
              ? `Nothing with “${search.trim()}” in its title${status !== 'all' ? ' and that status' : ''}.`
              : 'No video has this status right now.'
          }
          action={
            filtering && (
              <Button
                variant="outline"
                onClick={() => {
                  setSearch('');
                  setStatus('all');
                }}
              >
                <X aria-hidden="true" />
                Clear filters
              </Button>
            )
          }
          footer={debug}
        />
      ) : (
        <div className={listClass(view)} data-testid="video-list" data-view={view}>
          {shown.map((video) => (
            <VideoCard key={video.id} video={video} view={view} now={now} onDelete={setToDelete} />
          ))}
        </div>
      )}

      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      <DeleteVideoDialog video={toDelete} onOpenChange={(open) => !open && setToDelete(null)} />
    </div>
  );
}

const listClass = (view: VideoView) =>
  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-3';

function CountBadge({
  label,
  value,
  icon: Icon,
  tone,
  testId,
}: {
  label: string;
  value: number;
  icon: typeof Film;
  tone: string;
  testId: string;
}) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-border bg-card px-4 py-3 shadow-xs" data-testid={testId}>
      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-medium text-muted-foreground">{label}</span>
        <span className="block text-lg font-semibold tabular-nums leading-tight text-foreground" data-testid={`${testId}-value`}>
          {value}
        </span>
      </span>
    </li>
  );
}

function ViewButton({ label, active, onClick, children }: { label: string; active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'flex size-8 items-center justify-center rounded-md transition-colors [&_svg]:size-4',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  footer,
  testId,
}: {
  icon: typeof Film;
  title: string;
  text: string;
  action?: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/60 px-6 py-14 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold tracking-tight text-foreground">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{text}</p>
      {action && <div className="mt-5">{action}</div>}
      {footer}
    </div>
  );
}
