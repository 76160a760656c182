import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Search, UploadCloud } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNow } from '../../../hooks/use-now';
import { errorWithoutData } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useBilling } from '../../billing';
import { useVideos, countByStatus, filterVideos, STATUS_FILTERS, type StatusFilter } from '../../videos';
import { MobileVideoRow } from './MobileVideoRow';
import { PlanNotice } from './PlanNotice';

/** The library: search, status filter chips with counts, and every video with its live progress. */
export function MobileLibrary() {
  useDocumentTitle('Mobile');
  const videos = useVideos();
  const billing = useBilling();
  // Without a plan the plan notice above leads the way: no second button to an upload that would be refused.
  const canUpload = billing.data?.entitlements.active !== false;
  const now = useNow();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const searchId = useId();
  const list = useMemo(() => videos.data ?? [], [videos.data]);
  const counts = useMemo(() => countByStatus(list), [list]);
  const shown = useMemo(() => filterVideos(list, search, status), [list, search, status]);
  // Offline, a list loaded before is shown as it was; counts not known read '–', never 0.
  const failure = errorWithoutData(videos);
  const known = videos.data !== undefined;

  return (
    <section className="grid gap-4" aria-labelledby="library-heading">
      <div>
        <h1 id="library-heading" className="text-2xl font-semibold tracking-tight">
          My Videos
        </h1>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="page-description">
          Upload from your phone, then turn a video into a reel.
        </p>
      </div>
      <PlanNotice />
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search videos by title
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by title"
          className="h-12 w-full rounded-xl border border-input bg-card pl-10 pr-3 text-base outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-ring/40"
        />
      </div>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label="Filter by status">
        {STATUS_FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={status === filter.value}
            onClick={() => setStatus(filter.value)}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              status === filter.value ? 'border-foreground bg-foreground text-white' : 'border-border bg-card text-foreground',
            )}
          >
            {filter.label}
            <span className={cn('tabular-nums', status === filter.value ? 'text-white/80' : 'text-muted-foreground')}>
              {known ? counts[filter.value] : '–'}
            </span>
          </button>
        ))}
      </div>
      {videos.isLoading ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : failure ? (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Your videos could not be loaded. {failure.message}
        </p>
      ) : shown.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-input bg-card p-6 text-center" data-testid="mobile-empty">
          <p className="text-sm text-muted-foreground">
            {list.length === 0
              ? canUpload
                ? 'No videos yet. Upload one from your camera roll or record it now.'
                : 'No videos yet.'
              : 'No videos match your search.'}
          </p>
          {list.length === 0 && canUpload && (
            <Link
              to="/mobile/upload"
              className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-strong px-5 font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <UploadCloud className="size-4" aria-hidden="true" />
              Upload a video
            </Link>
          )}
        </div>
      ) : (
        <ul className="grid gap-3" data-testid="mobile-video-list">
          {shown.map((video) => (
            <li key={video.id}>
              <MobileVideoRow video={video} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
