import type { ReactNode } from 'react';
import { FolderPlus, Library, Users } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { SharedFolder } from '../api/team';
import type { Folder } from '../types';
import { useVideoDrop } from './FolderCard';

/**
 * Above the videos: every folder as a small drop target (drag a video card onto one to move it
 * there; click to open it), and the library as a target while a folder is open. Team folders
 * shared with the caller follow, to open only (their videos stay where their owner put them).
 */
export function FolderStrip({
  folders,
  shared = [],
  counts,
  current,
  onOpen,
  onCreate,
  onDropVideo,
}: {
  folders: Folder[];
  shared?: SharedFolder[];
  counts: Map<string, number>;
  current: Folder | null;
  onOpen: (folder: Folder | null) => void;
  onCreate: () => void;
  onDropVideo: (videoId: string, folder: Folder | null) => void;
}) {
  return (
    <nav aria-label="Folders" className="flex flex-wrap items-center gap-2" data-testid="folder-strip">
      <span className="mr-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">Folders</span>
      {current && (
        <StripTarget
          label="Library"
          icon={<Library className="size-3.5" aria-hidden="true" />}
          onClick={() => onOpen(null)}
          onDropVideo={(id) => onDropVideo(id, null)}
        />
      )}
      {folders.map((folder) => (
        <StripTarget
          key={folder.id}
          folderId={folder.id}
          label={folder.name}
          count={counts.get(folder.id) ?? 0}
          color={folder.color}
          active={current?.id === folder.id}
          onClick={() => onOpen(folder)}
          onDropVideo={(id) => onDropVideo(id, folder)}
        />
      ))}
      {shared.map((folder) => (
        <StripTarget
          key={folder.id}
          folderId={folder.id}
          label={folder.name}
          title={`Shared with you by ${folder.ownerUsername}`}
          icon={<Users className="size-3.5" style={{ color: folder.color }} aria-hidden="true" />}
          active={current?.id === folder.id}
          onClick={() => onOpen(folder)}
        />
      ))}
      <button
        type="button"
        onClick={onCreate}
        className="inline-flex h-8 items-center gap-1.5 rounded-full border border-dashed border-input px-3 text-xs font-medium text-muted-foreground transition-colors hover:border-brand/40 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <FolderPlus className="size-3.5" aria-hidden="true" />
        New Folder
      </button>
    </nav>
  );
}

function StripTarget({
  label,
  count,
  color,
  icon,
  active,
  folderId,
  title,
  onClick,
  onDropVideo,
}: {
  label: string;
  title?: string;
  count?: number;
  color?: string;
  icon?: ReactNode;
  active?: boolean;
  folderId?: string;
  onClick: () => void;
  /** Left out: not a drop target (a team folder someone shared). */
  onDropVideo?: (videoId: string) => void;
}) {
  const drop = useVideoDrop((videoId) => onDropVideo?.(videoId));
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'true' : undefined}
      data-testid="folder-drop-target"
      data-folder-id={folderId ?? ''}
      title={title}
      {...(onDropVideo ? drop.handlers : {})}
      className={cn(
        'inline-flex h-8 max-w-56 items-center gap-2 rounded-full border px-3 text-xs font-medium transition-[background-color,border-color,box-shadow,transform]',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'border-foreground/20 bg-sidebar text-white' : 'border-border bg-card text-foreground shadow-xs hover:bg-muted',
        drop.over && 'scale-105 border-transparent ring-2 ring-brand',
      )}
    >
      {icon ?? <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />}
      <span className="truncate">{label}</span>
      {count !== undefined && <span className={cn('tabular-nums', active ? 'text-white/70' : 'text-muted-foreground')}>{count}</span>}
    </button>
  );
}
