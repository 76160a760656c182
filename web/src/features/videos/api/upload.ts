import type { CompleteUploadInput } from '@reelsmith/proto/http';
import { ApiError, apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { uploadTransferMessage } from '../lib/upload-rules';
import type { Video } from '../types';
import { hashKey } from '../../../lib/idempotency';

/** A failed step of the upload, with the words its toast shows. */
export class UploadError extends Error {
  /** `needsPlan`: the account's plan does not allow it (402): the app leads to /pricing. */
  constructor(
    message: string,
    readonly needsPlan = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** POST /api/objects/upload: a presigned PUT URL on the storage origin. */
export async function requestUploadUrl(): Promise<string> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/objects/upload');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new UploadError('Please log in to upload videos');
    if (error instanceof ApiError && error.status === 402) throw new UploadError(getServerErrorMessage(error) ?? 'Uploading needs a plan.', true);
    throw new UploadError('Failed to get upload URL');
  }
  const data = (await res.json().catch(() => ({}))) as { uploadURL?: unknown };
  if (typeof data.uploadURL !== 'string' || !data.uploadURL) throw new UploadError('Failed to get upload URL');
  return data.uploadURL;
}

/**
 * PUTs the raw file to the presigned URL with XMLHttpRequest (fetch has no upload progress).
 * No Authorization header; success only on status 200.
 */
export function putFileToStorage(uploadUrl: string, file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status === 200) {
        onProgress(file.size, file.size);
        resolve();
      } else {
        reject(new UploadError(uploadTransferMessage({ status: xhr.status, body: xhr.responseText || xhr.statusText })));
      }
    };
    xhr.onerror = () => reject(new UploadError(uploadTransferMessage({ network: true })));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new UploadError('Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export type CompleteUploadPayload = Required<{ [K in keyof CompleteUploadInput]: NonNullable<CompleteUploadInput[K]> }>;

/** PUT /api/videos/complete-upload: the created video (status 'uploaded'). */
export async function completeUpload(payload: CompleteUploadPayload): Promise<Video> {
  try {
    // One video per uploaded object, however often this is sent.
    const res = await apiRequest('PUT', '/api/videos/complete-upload', payload, { idempotencyKey: `upload-${hashKey(payload.videoURL)}` });
    return (await res.json()) as Video;
  } catch (error) {
    throw new UploadError(getServerErrorMessage(error) ?? (error as Error).message);
  }
}

/**
 * The file's duration from a <video> element's metadata; 0 when the browser cannot tell
 * (unsupported codec, no metadata within the time limit). Failure is tolerated.
 */
export function readVideoDuration(file: File, timeoutMs = 8000): Promise<number> {
  return new Promise((resolve) => {
    let url = '';
    const video = document.createElement('video');
    const finish = (seconds: number) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      if (url) URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
    };
    const timer = setTimeout(() => finish(0), timeoutMs);
    try {
      url = URL.createObjectURL(file);
    } catch {
      finish(0);
      return;
    }
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(video.duration);
    video.onerror = () => finish(0);
    video.src = url;
  });
}
