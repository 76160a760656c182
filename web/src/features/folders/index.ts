/** Public API of the folders feature. */
export { useFolders, useFolderVideos, useMoveVideo } from './api/folders';
export { useSharedFolders, type SharedFolder } from './api/team';
export { FoldersTab } from './components/FoldersTab';
export { FolderStrip } from './components/FolderStrip';
export { MoveToFolderMenu } from './components/MoveToFolderMenu';
export { loadDeleteFolderDialog, loadFolderDialog } from './lazy';
export { FolderHeader } from './components/FolderHeader';
export { countByFolder, VIDEO_DRAG_TYPE, videoCountLabel } from './lib/folder-form';
export type { Folder } from './types';
