import { useState, type CSSProperties, type DragEvent } from 'react';
import { Folder as FolderIcon, Pencil, Trash2, Users } from 'lucide-react';
import { IconAction } from '../../../components/ui/icon-action';
import { cn } from '../../../lib/utils';
import { VIDEO_DRAG_TYPE, videoCountLabel } from '../lib/folder-form';
import type { SharedFolder } from '../api/team';
import type { Folder } from '../types';

/** Drop handlers that accept a dragged video card (HTML5 drag and drop), and whether one is over. */
export function useVideoDrop(onDropVideo: (videoId: string) => void) {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(VIDEO_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        setOver(false);
        const videoId = event.dataTransfer.getData(VIDEO_DRAG_TYPE);
        if (!videoId) return;
        event.preventDefault();
        onDropVideo(videoId);
      },
    },
  };
}

/** A folder in the Folders tab: colour dot, name, description, 'Click to view videos', edit and delete. */
export function FolderCard({
  folder,
  videoCount,
  onOpen,
  onEdit,
  onDelete,
  onDropVideo,
}: {
  folder: Folder;
  videoCount: number;
  onOpen: (folder: Folder) => void;
  onEdit: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onDropVideo: (videoId: string, folder: Folder) => void;
}) {
  const drop = useVideoDrop((videoId) => onDropVideo(videoId, folder));
  return (
    <article
      data-testid="folder-card"
      data-folder-id={folder.id}
      aria-label={folder.name}
      {...drop.handlers}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-[border-color,box-shadow,transform]',
        'hover:shadow-md hover:shadow-black/[0.04]',
        drop.over ? 'scale-[1.02] border-transparent ring-2' : 'border-border hover:border-brand/30',
      )}
      style={drop.over ? ({ '--tw-ring-color': folder.color } as CSSProperties) : undefined}
    >
      <span aria-hidden="true" className="h-1 w-full" style={{ backgroundColor: folder.color }} />
      <button
        type="button"
        onClick={() => onOpen(folder)}
        className="flex flex-1 flex-col gap-3 p-4 pb-3 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        aria-label={`Open ${folder.name}`}
      >
        <span className="flex items-center gap-3 pr-16">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl" style={{ backgroundColor: `${folder.color}1a`, color: folder.color }}>
            <FolderIcon className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="flex items-center gap-2">
              <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: folder.color }} data-testid="folder-color-dot" aria-hidden="true" />
              <span className="truncate text-[15px] font-semibold text-foreground" data-testid="folder-card-name" title={folder.name}>
                {folder.name}
              </span>
            </span>
            <span className="mt-0.5 block text-xs text-muted-foreground" data-testid="folder-card-count">
              {videoCountLabel(videoCount)}
            </span>
          </span>
        </span>
        {folder.description ? (
          <span className="line-clamp-2 text-sm text-muted-foreground" data-testid="folder-card-description">
            {folder.description}
          </span>
        ) : (
          <span className="text-sm italic text-muted-foreground">No description</span>
        )}
        <span className="mt-auto text-xs font-medium text-brand-strong group-hover:underline">
          {drop.over ? 'Drop to move the video here' : 'Click to view videos'}
        </span>
      </button>
      <div className="absolute right-2 top-3 flex items-center gap-0.5">
        <IconAction label={`Edit ${folder.name}`} tip="Edit" onClick={() => onEdit(folder)}>
          <Pencil />
        </IconAction>
        <IconAction label={`Delete ${folder.name}`} tip="Delete" onClick={() => onDelete(folder)} danger>
          <Trash2 />
        </IconAction>
      </div>
    </article>
  );
}

/** A team folder someone shared with the caller: who shared it, and open; no edit, delete or drop. */
export function SharedFolderCard({ folder, onOpen }: { folder: SharedFolder; onOpen: (folder: SharedFolder) => void }) {
  return (
    <article
      data-testid="shared-folder-card"
      data-folder-id={folder.id}
      aria-label={folder.name}
      className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-xs transition-[border-color,box-shadow] hover:border-brand/30 hover:shadow-md hover:shadow-black/[0.04]"
    >
      <span aria-hidden="true" className="h-1 w-full" style={{ backgroundColor: folder.color }} />
      <button
        type="button"
        onClick={() => onOpen(folder)}
        className="flex flex-1 flex-col gap-3 p-4 pb-3 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        aria-label={`Open ${folder.name}, shared by ${folder.ownerUsername}`}
      >
        <span className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl" style={{ backgroundColor: `${folder.color}1a`, color: folder.color }}>
            <Users className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block truncate text-[15px] font-semibold text-foreground" title={folder.name}>
              {folder.name}
            </span>
            <span className="mt-0.5 block truncate text-xs text-muted-foreground" data-testid="shared-folder-owner">
              Shared by {folder.ownerUsername}
            </span>
          </span>
        </span>
        {folder.description && <span className="line-clamp-2 text-sm text-muted-foreground">{folder.description}</span>}
        <span className="mt-auto text-xs font-medium text-brand-strong group-hover:underline">Click to view videos</span>
      </button>
    </article>
  );
}
