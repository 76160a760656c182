import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, EventPublisher, JobPublisher, ObjectStorage, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { MediaConfig } from './config';
import { MediaRepository } from './ffmpeg/media.repository';
import { NotAVideoError } from './ffmpeg/probe';
import { ProgressPublisher } from './progress.publisher';
import { MEDIA_CONFIG } from './tokens';
import { toVideoMessage } from './video-message';
import { isUuid, VideosRepository } from './videos.repository';

const TITLE_MAX = 200;
const FILENAME_MAX = 255;

/**
 * Bulk batches: turns an object the gateway already streamed into the store into a video of a
 * batch, with the checks of complete-upload (the caller's own upload prefix, exists, not empty, at
 * most MAX_UPLOAD_BYTES, a video ffprobe can read). A file that fails them is deleted and answers
 * UNPROCESSABLE (PAYLOAD_TOO_LARGE when too big) with a reason a person can read.
 */
@Injectable()
export class BatchImportService {
  private readonly logger = new Logger(BatchImportService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly jobs: JobPublisher,
    private readonly events: EventPublisher,
    private readonly progress: ProgressPublisher,
  ) {}

  async importVideo(request: mediaV1.VideosImportRequest): Promise<mediaV1.Video> {
    const { userId, objectKey: key } = request;
    if (!isUuid(userId)) throw RpcFailure.invalid('A user id is required.');
    if (request.videoId && !isUuid(request.videoId)) throw RpcFailure.invalid('The video id must be a UUID.');
    if (request.batchId && !isUuid(request.batchId)) throw RpcFailure.invalid('The batch id must be a UUID.');
    if (!new RegExp(`^uploads/${userId}/[0-9a-f-]{36}$`).test(key)) throw RpcFailure.invalid('The object is not an upload of this user.');
    const originalFilename = cleanFilename(request.originalFilename);
    const title = (request.title.trim() || originalFilename.replace(/\.[^.]+$/, '') || 'Untitled video').slice(0, TITLE_MAX);
    if (request.videoId) {
      const existing = await this.videos.findOwned(request.videoId, userId);
      // A retried request: answer with what the first one made.
      if (existing) return toVideoMessage(existing, this.config.MEDIA_URL_SECRET);
    }

    const stored = await this.storage.stat(key);
    if (!stored) throw new RpcFailure(ErrorCode.UNPROCESSABLE, 'The file was not stored. Please upload it again.');
    if (stored.size === 0) {
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.UNPROCESSABLE, 'The file is empty.');
    }
    if (stored.size > this.config.MAX_UPLOAD_BYTES) {
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.PAYLOAD_TOO_LARGE, 'The video is larger than 2GB, the most one upload may be.');
    }
    let duration: number;
    try {
      duration = (await this.media.probe(await this.storage.presignedGetUrl(key, 300))).duration;
    } catch (err) {
      if (!(err instanceof NotAVideoError)) throw err;
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.UNPROCESSABLE, `This file is not a video we can read. ${err.message}`);
    }

    const video = await this.videos.create({
      ...(request.videoId ? { id: request.videoId } : {}),
      userId,
      title,
      originalFilename,
      objectKey: key,
      fileSize: stored.size,
      duration,
      status: 'uploaded',
      stage: 'queued',
      batchId: request.batchId || null,
    });
    await this.jobs.enqueue(mediaV1.ProcessJobSchema, { videoId: video.id, userId }, video.id);
    this.progress.video(video, 0);
    await this.events.publish(mediaV1.VideoUploadedSchema, { videoId: video.id, userId, title }).catch((err) =>
      this.logger.error(`evt.media.video.uploaded not published for ${video.id}: ${(err as Error).message}`));
    return toVideoMessage(video, this.config.MEDIA_URL_SECRET);
  }
}

/** The user's file name, kept for downloads; path parts and control characters are dropped. */
function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.replace(/^.*[/\\]/, '').replace(/[\u0000-\u001f]/g, '').trim();
  if (!base || base === '.' || base === '..') return 'video';
  return base.slice(-FILENAME_MAX);
}
