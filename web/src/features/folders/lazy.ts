/** Dialogs of the folders feature other features fetch when first opened (each in a chunk of its own). */
export const loadFolderDialog = async () => (await import('./components/FolderDialog')).FolderDialog;
export const loadDeleteFolderDialog = async () => (await import('./components/DeleteFolderDialog')).DeleteFolderDialog;
