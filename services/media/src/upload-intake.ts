import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConcurrencyLimit, ErrorCode, EventPublisher, JobPublisher, ObjectStorage, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { MediaConfig } from './config';
import type { VideoEntity } from './entities/video.entity';
import { MediaRepository } from './ffmpeg/media.repository';
import { type MediaFacts, NotAVideoError } from './ffmpeg/probe';
import { ProgressPublisher } from './progress.publisher';
import { MEDIA_CONFIG } from './tokens';

const PROBE_URL_TTL_SECONDS = 300;

export interface CheckedUpload {
  /** Where the checked original now lives. */
  key: string;
  size: number;
  facts: MediaFacts;
}

/** uploads/<user>/<uuid> (writable through an upload URL while it lives) -> originals/<user>/<uuid>. */
export const originalKey = (userId: string, name: string) => `originals/${userId}/${name}`;
const originalKeyOf = (uploadKey: string) => uploadKey.replace(/^uploads\//, 'originals/');

/**
 * What every stored upload goes through to become a video, whether the browser PUT it
 * (complete-upload) or a bulk batch streamed it. The file is first copied on the storage side to a
 * key no upload URL can write and the upload is deleted: a URL still alive could otherwise swap the
 * bytes after the check (a video checked, an HTML page served). Then the copy is checked: it exists,
 * is not empty, is at most MAX_UPLOAD_BYTES and is a video ffprobe can read (a file that fails is
 * deleted). The new video is then queued for processing and announced.
 */
@Injectable()
export class UploadIntake {
  private readonly logger = new Logger(UploadIntake.name);
  private readonly checks: ConcurrencyLimit;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly jobs: JobPublisher,
    private readonly events: EventPublisher,
    private readonly progress: ProgressPublisher,
  ) {
    this.checks = new ConcurrencyLimit(config.UPLOAD_CHECKS_AT_ONCE);
  }

  /**
   * Moves the upload to its original's key and checks it there. `refused` makes the error for a
   * missing, empty or wrongly sized file (the caller's request was wrong: 400, or the file was: 422).
   * At most UPLOAD_CHECKS_AT_ONCE at a time in this replica.
   */
  takeIn(uploadKey: string, refused: (message: string) => RpcFailure, expectedSize?: bigint): Promise<CheckedUpload> {
    return this.checks.run(() => this.moveAndCheck(uploadKey, refused, expectedSize));
  }

  private async moveAndCheck(uploadKey: string, refused: (message: string) => RpcFailure, expectedSize?: bigint): Promise<CheckedUpload> {
    const key = originalKeyOf(uploadKey);
    // A retry after a failure that was not the file's finds the upload moved already.
    const moved = (await this.storage.copy(uploadKey, key)) || (await this.storage.stat(key)) !== null;
    if (!moved) throw refused('The file was not stored. Please upload it again.');
    await this.storage.remove([uploadKey]);
    return { key, ...(await this.check(key, refused, expectedSize)) };
  }

  /** The upload's size wherever it is (an earlier attempt may have moved it); null when it is missing. */
  async storedSize(uploadKey: string): Promise<number | null> {
    const stored = (await this.storage.stat(uploadKey)) ?? (await this.storage.stat(originalKeyOf(uploadKey)));
    return stored?.size ?? null;
  }

  private async check(key: string, refused: (message: string) => RpcFailure, expectedSize?: bigint): Promise<Omit<CheckedUpload, 'key'>> {
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
    if (expectedSize !== undefined && BigInt(stored.size) !== expectedSize) {
      await this.storage.remove([key]);
      throw refused('The file size does not match the uploaded file.');
    }
    try {
      return { size: stored.size, facts: await this.media.probe(await this.storage.presignedGetUrl(key, PROBE_URL_TTL_SECONDS)) };
    } catch (err) {
      if (!(err instanceof NotAVideoError)) throw err;
      await this.storage.remove([key]);
      throw new RpcFailure(ErrorCode.UNPROCESSABLE, `This file is not a video we can read. ${err.message}`);
    }
  }

  /** True when the failure is the file's or the request's: trying again with the same file cannot help. */
  static refusesTheFile(err: unknown): boolean {
    return err instanceof RpcFailure && [ErrorCode.INVALID_ARGUMENT, ErrorCode.UNPROCESSABLE, ErrorCode.PAYLOAD_TOO_LARGE].includes(err.code);
  }

  /** Queues a new video for processing and tells the rest of the system it was uploaded. */
  async admit(video: VideoEntity): Promise<void> {
    await this.jobs.enqueue(mediaV1.ProcessJobSchema, { videoId: video.id, userId: video.userId }, video.id);
    this.progress.video(video, 0);
    await this.events
      .publish(mediaV1.VideoUploadedSchema, { videoId: video.id, userId: video.userId, title: video.title }, { onceFor: video.id })
      .catch((err) => this.logger.error(`evt.media.video.uploaded not published for ${video.id}: ${(err as Error).message}`));
  }
}
