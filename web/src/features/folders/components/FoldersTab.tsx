import type { ReactNode } from 'react';
import { AlertTriangle, FolderOpen, FolderPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { SharedFolder } from '../api/team';
import type { Folder } from '../types';
import { FolderCard, SharedFolderCard } from './FolderCard';

/** The Folders tab: the caller's folder cards (or 'No folders yet'), then the team folders shared with them. */
export function FoldersTab({
  shared,
  onOpenShared,
  ...own
}: Parameters<typeof OwnFolders>[0] & { shared: SharedFolder[]; onOpenShared: (folder: SharedFolder) => void }) {
  return (
    <>
      <OwnFolders {...own} />
      {shared.length > 0 && (
        <section aria-labelledby="shared-folders-heading" className="grid gap-3" data-testid="shared-folders">
          <h2 id="shared-folders-heading" className="text-sm font-semibold text-foreground">
            Shared with you
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shared.map((folder) => (
              <SharedFolderCard key={folder.id} folder={folder} onOpen={onOpenShared} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}

function OwnFolders({
  folders,
  loading,
  error,
  counts,
  onCreate,
  onOpen,
  onEdit,
  onDelete,
  onDropVideo,
  onRetry,
}: {
  folders: Folder[];
  loading: boolean;
  error: Error | null;
  counts: Map<string, number>;
  onCreate: () => void;
  onOpen: (folder: Folder) => void;
  onEdit: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onDropVideo: (videoId: string, folder: Folder) => void;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading folders">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-40 animate-pulse rounded-2xl border border-border bg-card" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Empty icon={AlertTriangle} title="Your folders could not be loaded" text={error.message}>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Empty>
    );
  }
  if (folders.length === 0) {
    return (
      <Empty testId="folders-empty" icon={FolderOpen} title="No folders yet" text="Create folders to group your videos by event, client or trip.">
        <Button onClick={onCreate}>
          <FolderPlus aria-hidden="true" />
          Create First Folder
        </Button>
      </Empty>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="folder-list">
      {folders.map((folder) => (
        <FolderCard
          key={folder.id}
          folder={folder}
          videoCount={counts.get(folder.id) ?? 0}
          onOpen={onOpen}
          onEdit={onEdit}
          onDelete={onDelete}
          onDropVideo={onDropVideo}
        />
      ))}
    </div>
  );
}

function Empty({ icon: Icon, title, text, children, testId }: { icon: typeof FolderOpen; title: string; text: string; children?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/60 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold tracking-tight text-foreground">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{text}</p>
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
