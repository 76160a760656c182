import type { BatchJson, BatchReportJson, BatchVideoJson, FolderJson } from '@reelsmith/proto/http';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { ApiError, apiRequest, authHeaders, getServerErrorMessage } from '../../../lib/api-client';
import { filenameFromDisposition } from '../lib/bulk-rules';
import { intentKey } from '../../../lib/idempotency';

/** A batch as the API answers it. */
export type Batch = BatchJson;

export interface BulkUploadResult {
  batch: Batch | null;
  uploaded: number;
  videos: BatchVideoJson[];
}

export const BATCHES_QUERY_KEY = ['/api/batches'] as const;
const POLL_MS = 5000;

/** The user's batches, newest first. Live updates come over SSE; while one is running it is also polled, in case the stream is down. */
export function useBatches() {
  return useQuery<Batch[]>({
    queryKey: BATCHES_QUERY_KEY,
    refetchInterval: (query) => ((query.state.data ?? []).some((b) => b.status === 'processing') ? POLL_MS : false),
  });
}

/** A failed step with the words its toast shows. */
export class BulkUploadError extends Error {
  /** The plan does not include bulk processing (402 no plan, 403 Rookie): the app leads to /pricing. */
  constructor(
    message: string,
    readonly needsPlan = false,
  ) {
    super(message);
  }
}

const needsPlan = (error: unknown) => error instanceof ApiError && (error.status === 402 || error.status === 403);

function messageOf(error: unknown, fallback: string): string {
  return getServerErrorMessage(error) ?? (error instanceof ApiError ? error.message : fallback);
}

/** POST /api/batches: the new batch's id (one batch per intent: see intentKey). */
export async function createBatch(queryClient: QueryClient, name: string, description: string): Promise<string> {
  try {
    const body = { name: name.trim(), description: description.trim() };
    const res = await apiRequest('POST', '/api/batches', body, { idempotencyKey: intentKey(queryClient, 'batch', body, BATCHES_QUERY_KEY) });
    return ((await res.json()) as Batch).id;
  } catch (error) {
    throw new BulkUploadError(messageOf(error, 'Could not create the batch'), needsPlan(error));
  }
}

/** POST /api/batches/{id}/videos/bulk as multipart (repeated `videos`), with upload progress. */
export function uploadBatchFiles(batchId: string, files: readonly File[], onProgress: (loaded: number, total: number) => void): Promise<BulkUploadResult> {
  const form = new FormData();
  for (const file of files) form.append('videos', file, file.name);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/batches/${encodeURIComponent(batchId)}/videos/bulk`);
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as BulkUploadResult);
        } catch {
          reject(new BulkUploadError('The server answered with something unexpected'));
        }
        return;
      }
      const apiError = new ApiError(xhr.status, xhr.responseText, `${xhr.status}: ${xhr.responseText || xhr.statusText}`);
      reject(new BulkUploadError(messageOf(apiError, `The upload failed (${xhr.status})`), needsPlan(apiError)));
    };
    xhr.onerror = () => reject(new BulkUploadError('Upload failed - network error'));
    xhr.onabort = () => reject(new BulkUploadError('Upload cancelled'));
    xhr.send(form);
  });
}

export type ReportFormat = 'json' | 'csv' | 'html';

/** GET /api/batches/{id}/report?format= with credentials, saved as the file the server names. */
export async function downloadBatchReport(batch: Pick<Batch, 'id' | 'name'>, format: ReportFormat = 'json'): Promise<void> {
  const res = await fetch(`/api/batches/${encodeURIComponent(batch.id)}/report?format=${format}`, { headers: authHeaders(), credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}`);
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('content-disposition'), `${batch.name || 'batch'}-report.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/batches/{id}/report as JSON: the batch and every file, for the batch's own view (polled while it runs). */
export function useBatchReport(batchId: string | null) {
  return useQuery<BatchReportJson>({
    queryKey: ['/api/batches', batchId ?? '', 'report'],
    enabled: !!batchId,
    refetchInterval: (query) => (query.state.data?.batch.status === 'processing' ? POLL_MS : false),
  });
}

/**
 * Puts a batch's videos in a folder named after it: the folder is made once (one key per batch),
 * then each video is moved into it. Returns the folder.
 */
export async function putBatchInFolder(queryClient: QueryClient, batch: Pick<Batch, 'id' | 'name'>, videoIds: string[]): Promise<FolderJson> {
  const body = { name: batch.name, description: 'Videos of a bulk batch', color: '' };
  const folder = (await (await apiRequest('POST', '/api/video-folders', body, { idempotencyKey: `batch-folder-${batch.id}` })).json()) as FolderJson;
  for (const id of videoIds) await apiRequest('PATCH', `/api/videos/${encodeURIComponent(id)}`, { folderId: folder.id });
  await Promise.all([queryClient.invalidateQueries({ queryKey: ['/api/video-folders'] }), queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY })]);
  return folder;
}
