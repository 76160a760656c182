import { MAX_UPLOAD_BYTES } from '../../../config/constants';
import { formatFileSize } from '../../../lib/format';

export const FILE_TOO_LARGE = 'The video is larger than 2GB, the most one upload may be.';
export const FILE_EMPTY = 'The file is empty.';

/** Why a chosen file cannot be uploaded (checked before any byte is sent), or null when it can. */
export function fileProblem(file: Pick<File, 'size'> | null | undefined): string | null {
  if (!file) return null;
  if (file.size > MAX_UPLOAD_BYTES) return `${FILE_TOO_LARGE} This one is ${formatFileSize(file.size)}.`;
  if (file.size === 0) return FILE_EMPTY;
  return null;
}

/** The Upload button exists only with a file chosen and a title that is not blank. */
export function canUpload(title: string, file: Pick<File, 'size'> | null | undefined): boolean {
  return !!file && title.trim().length > 0 && fileProblem(file) === null;
}

/** Percent of bytes sent, 0-100, whole. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** The longest title the server keeps. */
export const TITLE_MAX_LENGTH = 200;

/** A title suggested from a file name ('Cup_final.mp4' -> 'Cup final'): no extension, separators as spaces. */
export function titleFromFilename(name: string): string {
  return name
    .replace(/\.[^./\\]+$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TITLE_MAX_LENGTH);
}

export type UploadTransferFailure = { status: number; body: string } | { network: true };

/** The words for a failed PUT to storage. */
export function uploadTransferMessage(failure: UploadTransferFailure): string {
  if ('network' in failure) return 'Upload failed - network error';
  const body = failure.body.replace(/\s+/g, ' ').trim();
  return `Upload failed with status ${failure.status}: ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`;
}
