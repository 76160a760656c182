/** Parts of the videos feature other features fetch when first opened (each in a chunk of its own). */
export const loadUploadDialog = async () => (await import('./components/UploadDialog')).UploadDialog;
