import type { Folder, FolderInput } from '../types';

/** The ten folder colours, with a name for screen readers and tooltips. */
export const FOLDER_PALETTE = [
  { value: '#ff6600', name: 'Orange' },
  { value: '#3b82f6', name: 'Blue' },
  { value: '#ef4444', name: 'Red' },
  { value: '#10b981', name: 'Green' },
  { value: '#f59e0b', name: 'Amber' },
  { value: '#8b5cf6', name: 'Violet' },
  { value: '#ec4899', name: 'Pink' },
  { value: '#06b6d4', name: 'Cyan' },
  { value: '#84cc16', name: 'Lime' },
  { value: '#f97316', name: 'Tangerine' },
] as const;

export const DEFAULT_FOLDER_COLOR = '#ff6600';

export type FolderFormValues = { name: string; description: string; color: string };

export type FolderFormCheck = { ok: true; input: FolderInput } | { ok: false; title: string; description: string };

/** The dialog's starting values: a new folder, or the folder being edited. */
export function initialFolderForm(folder?: Folder | null): FolderFormValues {
  return { name: folder?.name ?? '', description: folder?.description ?? '', color: folder?.color ?? DEFAULT_FOLDER_COLOR };
}

/**
 * The name must not be blank after trimming ('Invalid folder name' / 'Please enter a
 * folder name.'); the description is trimmed and left out when empty.
 */
export function checkFolderForm(values: FolderFormValues): FolderFormCheck {
  const name = values.name.trim();
  if (!name) return { ok: false, title: 'Invalid folder name', description: 'Please enter a folder name.' };
  const description = values.description.trim();
  return { ok: true, input: { name, ...(description ? { description } : {}), color: values.color || DEFAULT_FOLDER_COLOR } };
}

/** "1 video", "3 videos". */
export function videoCountLabel(count: number): string {
  return `${count} video${count === 1 ? '' : 's'}`;
}

/** How many videos each folder holds, from the full videos list. */
export function countByFolder(videos: ReadonlyArray<{ folderId?: string | null }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const video of videos) if (video.folderId) counts.set(video.folderId, (counts.get(video.folderId) ?? 0) + 1);
  return counts;
}

/** The MIME type a dragged video card carries (its id), so only video cards drop onto folders. */
export const VIDEO_DRAG_TYPE = 'application/x-reelsmith-video';
