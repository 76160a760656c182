/** A video folder (spec §3) as GET /api/video-folders answers it; no description key when it has none. */
export type Folder = {
  id: string;
  name: string;
  description?: string;
  /** One of FOLDER_PALETTE. */
  color: string;
  createdAt: string;
  updatedAt: string;
};

/** What the New Folder / Edit Folder dialogs send (POST and PUT /api/video-folders). */
export type FolderInput = { name: string; description?: string; color: string };
