import type { FolderInput as FolderBody, FolderJson } from '@reelsmith/proto/http';

/** A video folder as GET /api/video-folders answers it; no description key when it has none. */
export type Folder = FolderJson;

/** What the New Folder / Edit Folder dialogs send (POST and PUT /api/video-folders). */
export type FolderInput = FolderBody & { name: string; color: string };
