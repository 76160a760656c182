import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ErrorCode, type ObjectStorage, RpcFailure, uploadKey } from '@reelsmith/kit';
import type { Request } from 'express';

export const MAX_FILES_PER_BATCH = 50;
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|qt|avi|mkv|webm|mpe?g|wmv|flv|3gp|3g2|mts|m2ts|ts|ogv|mxf)$/i;

/** Video types only: video/* or, when the browser does not know the type, a video file name. */
export function isVideoFile(filename: string, mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  if (type.startsWith('video/')) return true;
  return (type === '' || type === 'application/octet-stream') && VIDEO_EXTENSIONS.test(filename);
}

export interface ReceivedFile {
  objectKey: string;
  originalFilename: string;
  size: number;
  contentType: string;
}

export interface BulkUploadOptions {
  userId: string;
  /** How many more videos the batch takes. */
  room: number;
  maxFileBytes: number;
  storage: ObjectStorage;
}

/**
 * Streams every `videos` part of a multipart request straight into the object store as it arrives
 * (uploads/<userId>/<uuid>), one file at a time, never whole in memory or on disk. Refuses the whole
 * request (and deletes what it stored) when a part is not a video, a file is too big, or there are
 * more files than the batch takes; the rest of the body is read and dropped so the client gets the
 * answer instead of a broken pipe.
 */
export function receiveVideos(req: Request, options: BulkUploadOptions): Promise<ReceivedFile[]> {
  const { storage, userId } = options;
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(RpcFailure.invalid('Send the videos as multipart/form-data with one "videos" field per file'));
  }
  return new Promise<ReceivedFile[]>((resolve, reject) => {
    const received: ReceivedFile[] = [];
    const writes: Array<Promise<void>> = [];
    let refusal: RpcFailure | null = null;
    let files = 0;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: MAX_FILES_PER_BATCH + 1, fileSize: options.maxFileBytes, fields: 20, parts: MAX_FILES_PER_BATCH + 21 },
      });
    } catch {
      reject(RpcFailure.invalid('The multipart body is malformed'));
      return;
    }
    const refuse = (failure: RpcFailure) => {
      refusal ??= failure;
    };
    const cleanUp = async () => {
      await Promise.allSettled(writes);
      await storage.remove(received.map((f) => f.objectKey)).catch(() => undefined);
    };

    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== 'videos' || refusal) {
        stream.resume();
        return;
      }
      files += 1;
      const filename = (info.filename || `video-${files}`).replace(/^.*[/\\]/, '');
      if (files > options.room) {
        refuse(RpcFailure.invalid(`Maximum ${MAX_FILES_PER_BATCH} videos per batch`, [{ field: 'videos', message: 'Too many files' }]));
        stream.resume();
        return;
      }
      if (!isVideoFile(filename, info.mimeType)) {
        refuse(new RpcFailure(ErrorCode.UNPROCESSABLE, `Only video files can be added to a batch; "${filename}" is ${info.mimeType || 'of an unknown type'}.`));
        stream.resume();
        return;
      }
      const file: ReceivedFile = {
        objectKey: uploadKey(userId),
        originalFilename: filename,
        size: 0,
        contentType: info.mimeType || 'application/octet-stream',
      };
      received.push(file);
      stream.on('limit', () => refuse(new RpcFailure(ErrorCode.PAYLOAD_TOO_LARGE, `"${filename}" is larger than 2GB, the most one video may be.`)));
      // The part itself can break (the body was cut off mid-file): that is the request's fault, a 400,
      // whichever of the store and the parser reports it first.
      let partBroken: Error | null = null;
      stream.on('error', (err: Error) => {
        partBroken = err;
      });
      writes.push(
        storage.writeStream(file.objectKey, stream, file.contentType).then(
          (size) => {
            file.size = size;
          },
          (err: Error) => {
            stream.resume();
            refuse(
              partBroken
                ? RpcFailure.invalid(`The multipart body is malformed: ${partBroken.message}`)
                : RpcFailure.unavailable(`"${filename}" could not be stored (${err.message}). Please try again.`),
            );
          },
        ),
      );
    });
    parser.on('filesLimit', () =>
      refuse(RpcFailure.invalid(`Maximum ${MAX_FILES_PER_BATCH} videos per batch`, [{ field: 'videos', message: 'Too many files' }])),
    );
    parser.on('error', (err: Error) => {
      req.unpipe(parser);
      req.resume();
      void cleanUp().then(() => reject(RpcFailure.invalid(`The multipart body is malformed: ${err.message}`)));
    });
    parser.on('close', () => {
      void Promise.all(writes).then(async () => {
        if (!refusal && files === 0) refuse(RpcFailure.invalid('Please select video files to upload', [{ field: 'videos', message: 'No files selected' }]));
        if (refusal) {
          await cleanUp();
          reject(refusal);
        } else {
          resolve(received);
        }
      });
    });
    req.on('aborted', () => {
      refuse(RpcFailure.invalid('The upload was interrupted'));
      parser.destroy(new Error('client aborted'));
    });
    req.pipe(parser);
  });
}
