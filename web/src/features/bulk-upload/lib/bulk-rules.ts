/** Bulk upload rules: a batch's status and progress, the checks of the form, the 50-video maximum. */

export const MAX_BATCH_FILES = 50;

export type BatchToastMessage = { title: string; description: string };

/** The first problem of the form as its toast, or null when the upload may start. Order: name, files, count. */
export function bulkUploadProblem(name: string, files: readonly File[]): BatchToastMessage | null {
  if (!name.trim()) return { title: 'Batch name required', description: 'Please enter a name for this batch' };
  if (files.length === 0) return { title: 'No files selected', description: 'Please select video files to upload' };
  if (files.length > MAX_BATCH_FILES) return { title: 'Too many files', description: `Maximum ${MAX_BATCH_FILES} videos per batch` };
  return null;
}

/** The start button is disabled while busy, with no files, or with a blank name. */
export function canStartBulkUpload(name: string, files: readonly File[], busy: boolean): boolean {
  return !busy && files.length > 0 && name.trim().length > 0;
}

/** Picker accepts video files only: video/* or, when the browser gives no type, a video file name. */
export function isVideoFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.startsWith('video/');
  return /\.(mp4|m4v|mov|avi|mkv|webm|mpe?g|wmv|flv|3gp|mts|m2ts|ogv)$/i.test(file.name);
}

export type BatchTone = 'green' | 'red' | 'orange' | 'grey';

/** completed green, error red, processing orange, anything else grey. */
export function batchTone(status: string): BatchTone {
  if (status === 'completed') return 'green';
  if (status === 'error') return 'red';
  if (status === 'processing') return 'orange';
  return 'grey';
}

/** processedVideos / totalVideos in percent, 0 when total is 0. */
export function batchPercent(batch: { processedVideos: number; totalVideos: number }): number {
  if (!batch.totalVideos) return 0;
  return Math.round((batch.processedVideos / batch.totalVideos) * 100);
}

/** The file name of a Content-Disposition header, or a fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

export function uploadedMessage(count: number): string {
  return `${count} ${count === 1 ? 'video' : 'videos'} uploaded and processing started.`;
}
