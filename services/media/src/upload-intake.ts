import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, EventPublisher, JobPublisher, ObjectStorage, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { MediaConfig } from './config';
import type { VideoEntity } from './entities/video.entity';
import { MediaRepository } from './ffmpeg/media.repository';
import { type MediaFacts, NotAVideoError } from './ffmpeg/probe';
import { ProgressPublisher } from './progress.publisher';
import { MEDIA_CONFIG } from './tokens';

const PROBE_URL_TTL_SECONDS = 300;

export interface CheckedUpload {
  size: number;
  facts: MediaFacts;
}

/**
 * What every stored upload goes through to become a video, whether the browser PUT it
 * (complete-upload) or a bulk batch streamed it: the file exists, is not empty, is at most
 * MAX_UPLOAD_BYTES and is a video ffprobe can read (a file that fails is deleted); the new video is
 * then queued for processing and announced.
 */
@Injectable()
export class UploadIntake {
  private readonly logger = new Logger(UploadIntake.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly jobs: JobPublisher,
    private readonly events: EventPublisher,
    private readonly progress: ProgressPublisher,
  ) {}

  /**
   * The stored file's size and facts. `refused` makes the error for a missing, empty or wrongly
   * sized file (the caller's request was wrong: 400, or the file was: 422).
   */
  async check(key: string, refused: (message: string) => RpcFailure, expectedSize?: bigint): Promise<CheckedUpload> {
    const stored = await this.storage.stat(key);
    if (!stored) throw refused('The file was not stored. Please upload it again.');
    if (stored.size === 0) {
      await this.storage.remove([key]);
      throw refused('The file is empty.');
    }
    if (stored.size > this.config.MAX_UPLOAD_BYTES) {
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.PAYLOAD_TOO_LARGE, 'The video is larger than 2GB, the most one upload may be.');
    }
    if (expectedSize !== undefined && BigInt(stored.size) !== expectedSize) throw refused('The file size does not match the uploaded file.');
    try {
      return { size: stored.size, facts: await this.media.probe(await this.storage.presignedGetUrl(key, PROBE_URL_TTL_SECONDS)) };
    } catch (err) {
      if (!(err instanceof NotAVideoError)) throw err;
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.UNPROCESSABLE, `This file is not a video we can read. ${err.message}`);
    }
  }

  /** Queues a new video for processing and tells the rest of the system it was uploaded. */
  async admit(video: VideoEntity): Promise<void> {
    await this.jobs.enqueue(mediaV1.ProcessJobSchema, { videoId: video.id, userId: video.userId }, video.id);
    this.progress.video(video, 0);
    await this.events.publish(mediaV1.VideoUploadedSchema, { videoId: video.id, userId: video.userId, title: video.title }, { onceFor: video.id }).catch((err) =>
      this.logger.error(`evt.media.video.uploaded not published for ${video.id}: ${(err as Error).message}`));
  }
}
