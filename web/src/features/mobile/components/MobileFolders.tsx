import { Link, useParams } from 'react-router-dom';
import { errorWithoutData } from '../../../lib/api-client';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNow } from '../../../hooks/use-now';
import { useFolderVideos, useFolders } from '../../folders';
import { MobileVideoRow } from './MobileVideoRow';

/** Folders on a phone, read-only: the list, and a folder's videos. */
export function MobileFolders() {
  const { folderId } = useParams();
  useDocumentTitle('Folders');
  const folders = useFolders();
  const videos = useFolderVideos(folderId ?? null);
  const now = useNow();
  const folder = folderId ? folders.data?.find((f) => f.id === folderId) : undefined;

  if (folderId) {
    return (
      <section className="grid gap-4" aria-labelledby="folder-heading">
        <Link
          to="/mobile/folders"
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to All Folders
        </Link>
        <h1 id="folder-heading" className="text-2xl font-semibold tracking-tight">
          {folder?.name ?? 'Folder'}
        </h1>
        {videos.isLoading ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : errorWithoutData(videos) ? (
          <LoadFailure what="This folder" error={errorWithoutData(videos)!} />
        ) : (videos.data ?? []).length === 0 ? (
          <p className="rounded-2xl border border-dashed border-input bg-card p-6 text-center text-sm text-muted-foreground">This folder has no videos.</p>
        ) : (
          <ul className="grid gap-3">
            {(videos.data ?? []).map((video) => (
              <li key={video.id}>
                <MobileVideoRow video={video} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <section className="grid gap-4" aria-labelledby="folders-heading">
      <div>
        <h1 id="folders-heading" className="text-2xl font-semibold tracking-tight">
          Folders
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Organise folders on the desktop version; here you can browse them.</p>
      </div>
      {folders.isLoading ? (
        <Skeleton className="h-16 rounded-2xl" />
      ) : errorWithoutData(folders) ? (
        <LoadFailure what="Your folders" error={errorWithoutData(folders)!} />
      ) : (folders.data ?? []).length === 0 ? (
        <p className="rounded-2xl border border-dashed border-input bg-card p-6 text-center text-sm text-muted-foreground">No folders yet</p>
      ) : (
        <ul className="grid gap-2">
          {(folders.data ?? []).map((f) => (
            <li key={f.id}>
              <Link
                to={`/mobile/folders/${encodeURIComponent(f.id)}`}
                className="flex min-h-14 items-center gap-3 rounded-2xl border border-border bg-card px-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: f.color }} aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{f.name}</span>
                  {f.description && <span className="block truncate text-xs text-muted-foreground">{f.description}</span>}
                </span>
                <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A list never loaded (offline, say): what happened, in words. */
function LoadFailure({ what, error }: { what: string; error: Error }) {
  return (
    <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      {what} could not be loaded. {error.message}
    </p>
  );
}
