import type { ReactNode } from 'react';
import { lazy, useMemo, useState } from 'react';
import {
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  Film,
  FolderOpen,
  FolderPlus,
  Folders,
  LayoutGrid,
  List,
  Loader2,
  Search,
  SearchX,
  Upload,
  Video as VideoIcon,
  X,
} from 'lucide-react';
import { VIDEO_SKELETON_COUNT } from '../../config/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { WhenOpened } from '../../components/ui/when-opened';
import { useNow } from '../../hooks/use-now';
import { getAuthToken } from '../../lib/auth-token';
import { cn } from '../../lib/utils';
import { PageHeader } from '../../components/layout/PageHeader';
import {
  useFolders,
  useFolderVideos,
  useSharedFolders,
  FolderHeader,
  useMoveVideo,
  FoldersTab,
  FolderStrip,
  countByFolder,
  type Folder,
  loadDeleteFolderDialog,
  loadFolderDialog,
} from '../folders';
import { useVideos } from './api/videos';
import { VideoCard, VideoCardSkeleton, type VideoView } from './components/VideoCard';
import { STATUS_FILTERS, countByStatus, filterVideos, type StatusFilter } from './lib/video-list';
import { errorWithoutData } from '../../lib/api-client';
import type { Video } from './types';

// The dialogs' code is fetched when one is first opened, not with the page.
const UploadDialog = lazy(async () => ({ default: (await import('./components/UploadDialog')).UploadDialog }));
const DeleteVideoDialog = lazy(async () => ({ default: (await import('./components/DeleteVideoDialog')).DeleteVideoDialog }));
const FolderDialog = lazy(async () => ({ default: await loadFolderDialog() }));
const DeleteFolderDialog = lazy(async () => ({ default: await loadDeleteFolderDialog() }));

type Tab = 'videos' | 'folders';

/**
 * My Videos. Videos tab: search, status filter, grid or list, counts and actions, or one
 * folder's videos with 'Back to All Videos'. Folders tab: the folder cards.
 */
export function VideosPage() {
  const videos = useVideos();
  const folders = useFolders();
  const sharedFolders = useSharedFolders();
  const [tab, setTab] = useState<Tab>('videos');
  const [folderId, setFolderId] = useState<string | null>(null);
  const folderVideos = useFolderVideos(folderId);
  const [folderDialog, setFolderDialog] = useState<{ open: boolean; folder: Folder | null }>({ open: false, folder: null });
  const [folderToDelete, setFolderToDelete] = useState<Folder | null>(null);
  const move = useMoveVideo();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useState<VideoView>('grid');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Video | null>(null);
  const now = useNow();

  const library = useMemo(() => videos.data ?? [], [videos.data]);
  const folderList = useMemo(() => folders.data ?? [], [folders.data]);
  const sharedList = useMemo(() => sharedFolders.data ?? [], [sharedFolders.data]);
  const currentShared = folderId ? (sharedList.find((f) => f.id === folderId) ?? null) : null;
  const current = folderId ? (folderList.find((f) => f.id === folderId) ?? currentShared) : null;
  const perFolder = useMemo(() => countByFolder(library), [library]);
  // One folder: what the server lists for it, with the live state of the full list, and moves made since.
  const all = useMemo(() => {
    if (!folderId) return library;
    const byId = new Map(library.map((v) => [v.id, v]));
    const listed = (folderVideos.data ?? []).map((v) => byId.get(v.id) ?? v);
    const ids = new Set(listed.map((v) => v.id));
    return [...listed, ...library.filter((v) => v.folderId === folderId && !ids.has(v.id))]
      .filter((v) => (v.folderId ?? null) === folderId)
      .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  }, [folderId, folderVideos.data, library]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const shown = useMemo(() => filterVideos(all, search, status), [all, search, status]);
  const loading = videos.isLoading || (!!folderId && folderVideos.isLoading);
  // Offline, a list loaded before is shown as it was; only a list never loaded is an error.
  const loadError = errorWithoutData(videos) ?? (folderId ? errorWithoutData(folderVideos) : null);
  // Counts that are not known read '–', never 0.
  const count = (value: StatusFilter) => (loading || loadError ? '–' : counts[value]);

  const openFolder = (folder: Folder | null) => {
    setFolderId(folder?.id ?? null);
    setTab('videos');
  };
  const moveVideo = (video: Video, folder: Folder | null) => {
    if ((video.folderId ?? null) !== (folder?.id ?? null)) move.mutate({ video, folder });
  };
  const dropVideo = (videoId: string, folder: Folder | null) => {
    const video = library.find((v) => v.id === videoId) ?? all.find((v) => v.id === videoId);
    if (video) moveVideo(video, folder);
  };
  const newFolder = () => setFolderDialog({ open: true, folder: null });
  const filtering = search.trim() !== '' || status !== 'all';

  const debug = (
    <p className="mt-6 font-mono text-[11px] text-muted-foreground" data-testid="videos-debug">
      Debug: videos={all.length} · auth token={getAuthToken() ? 'present' : 'missing'} · loading={videos.isLoading ? 'yes' : 'no'}
    </p>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="My Videos"
        description="Every video you have uploaded, with its processing status."
        actions={
          <>
            <Button variant="outline" onClick={newFolder}>
              <FolderPlus aria-hidden="true" />
              New Folder
            </Button>
            <Button onClick={() => setUploadOpen(true)}>
              <Upload aria-hidden="true" />
              Upload Video
            </Button>
          </>
        }
      />

      <div role="tablist" aria-label="My Videos" className="flex w-full gap-1 rounded-xl bg-muted p-1 ring-1 ring-inset ring-border sm:w-fit">
        <TabButton
          active={tab === 'videos'}
          onClick={() => setTab('videos')}
          icon={Film}
          label="Videos"
          count={videos.data ? library.length : '–'}
          testId="tab-videos"
        />
        <TabButton
          active={tab === 'folders'}
          onClick={() => setTab('folders')}
          icon={Folders}
          label="Folders"
          count={folders.data ? folderList.length : '–'}
          testId="tab-folders"
        />
      </div>

      {tab === 'folders' ? (
        <div role="tabpanel" aria-label="Folders" className="grid gap-4">
          <FoldersTab
            folders={folderList}
            loading={folders.isLoading}
            error={errorWithoutData(folders)}
            counts={perFolder}
            onCreate={newFolder}
            onOpen={openFolder}
            onEdit={(folder) => setFolderDialog({ open: true, folder })}
            onDelete={setFolderToDelete}
            onDropVideo={(videoId, folder) => dropVideo(videoId, folder)}
            onRetry={() => void folders.refetch()}
            shared={sharedList}
            onOpenShared={openFolder}
          />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Videos" className="grid grid-cols-1 gap-6">
          {current && <FolderHeader folder={current} shared={currentShared} videoCount={all.length} onBack={() => setFolderId(null)} />}

          {(folderList.length > 0 || sharedList.length > 0) && (
            <FolderStrip
              folders={folderList}
              shared={sharedList}
              counts={perFolder}
              current={current}
              onOpen={openFolder}
              onCreate={newFolder}
              onDropVideo={dropVideo}
            />
          )}

          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Video counts">
            <CountBadge testId="count-total" label="Total" value={count('all')} icon={Film} tone="text-foreground bg-muted" />
            <CountBadge testId="count-ready" label="Ready" value={count('processed')} icon={CheckCircle2} tone="text-emerald-700 bg-emerald-50" />
            <CountBadge testId="count-processing" label="Processing" value={count('processing')} icon={Loader2} tone="text-brand-strong bg-brand-soft" />
            <CountBadge testId="count-errors" label="Errors" value={count('error')} icon={AlertTriangle} tone="text-red-700 bg-red-50" />
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
                    {count(value)}
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

          {loading ? (
            <div className={listClass(view)} aria-busy="true" aria-label="Loading videos">
              {Array.from({ length: VIDEO_SKELETON_COUNT }, (_, i) => (
                <VideoCardSkeleton key={i} view={view} />
              ))}
            </div>
          ) : loadError ? (
            <EmptyState
              icon={AlertTriangle}
              title={folderId ? 'This folder could not be loaded' : 'Your videos could not be loaded'}
              text={(loadError as Error).message}
              action={
                <div className="flex gap-2">
                  {folderId && (
                    <Button variant="outline" onClick={() => setFolderId(null)}>
                      <ArrowLeft aria-hidden="true" />
                      Back to All Videos
                    </Button>
                  )}
                  <Button variant="outline" onClick={() => void (folderId ? folderVideos.refetch() : videos.refetch())}>
                    Try again
                  </Button>
                </div>
              }
            />
          ) : folderId && all.length === 0 ? (
            <EmptyState
              testId="folder-empty"
              icon={FolderOpen}
              title="This folder is empty"
              text="Drag a video onto the folder, or use Move to folder on a video card."
              action={
                <Button variant="outline" onClick={() => setFolderId(null)}>
                  <ArrowLeft aria-hidden="true" />
                  Back to All Videos
                </Button>
              }
              footer={debug}
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
                <VideoCard
                  key={video.id}
                  video={video}
                  view={view}
                  now={now}
                  onDelete={setToDelete}
                  folders={folderList}
                  onMove={video.sharedWithYou ? undefined : moveVideo}
                />
              ))}
            </div>
          )}
        </div>
      )}

      <WhenOpened open={uploadOpen}>
        <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      </WhenOpened>
      <WhenOpened open={!!toDelete}>
        <DeleteVideoDialog video={toDelete} onOpenChange={(open) => !open && setToDelete(null)} />
      </WhenOpened>
      <WhenOpened open={folderDialog.open}>
        <FolderDialog open={folderDialog.open} folder={folderDialog.folder} onOpenChange={(open) => setFolderDialog((d) => ({ ...d, open }))} />
      </WhenOpened>
      <WhenOpened open={!!folderToDelete}>
        <DeleteFolderDialog
          folder={folderToDelete}
          videoCount={folderToDelete ? (perFolder.get(folderToDelete.id) ?? 0) : 0}
          onOpenChange={(open) => !open && setFolderToDelete(null)}
          onDeleted={(deleted) => deleted.id === folderId && setFolderId(null)}
        />
      </WhenOpened>
    </div>
  );
}

const listClass = (view: VideoView) => (view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-3');

function CountBadge({ label, value, icon: Icon, tone, testId }: { label: string; value: number | string; icon: typeof Film; tone: string; testId: string }) {
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

function TabButton({
  active,
  onClick,
  icon: Icon,
  label,
  count,
  testId,
}: {
  active: boolean;
  onClick: () => void;
  icon: typeof Film;
  label: string;
  count: number | string;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-[background-color,color,box-shadow] sm:flex-none',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-card text-foreground shadow-sm ring-1 ring-border' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
      <span
        className={cn(
          'rounded-full px-1.5 py-px text-[11px] font-semibold tabular-nums',
          active ? 'bg-brand-soft text-brand-strong' : 'bg-card/70 text-muted-foreground',
        )}
      >
        {count}
      </span>
    </button>
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
    <div data-testid={testId} className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/60 px-6 py-14 text-center">
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
