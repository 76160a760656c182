import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, type JobContext, ObjectStorage } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { WorkerConfig } from '../config';
import type { VideoEntity } from '../entities/video.entity';
import { proxyArgs, thumbnailArgs, trimArgs } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { contentTypeOf, hasBrowserCodecs, NotAVideoError, playsInBrowsers } from '../ffmpeg/probe';
import { ProgressPublisher } from '../progress.publisher';
import { throttle } from '../throttle';
import { originalKey } from '../upload-intake';
import { VideosRepository } from '../videos.repository';
import { MEDIA_CONFIG } from '../tokens';

const READ_URL_TTL_SECONDS = 6 * 60 * 60;

/**
 * job.media.process: for a trim, cut the clip first; then probe, thumbnail, and a web proxy when
 * browsers cannot play the original. Status uploaded -> processing -> processed | error, with
 * live progress. Safe to run again for the same video (outputs have fixed keys).
 */
@Injectable()
export class ProcessingService {
  private readonly logger = new Logger(ProcessingService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly progress: ProgressPublisher,
    private readonly events: EventPublisher,
  ) {}

  async process(job: mediaV1.ProcessJob, context: JobContext): Promise<void> {
    const video = await this.videos.findById(job.videoId);
    // Deleted meanwhile, or finished by a worker that died before it could acknowledge.
    if (!video || video.userId !== job.userId || video.status === 'processed' || video.status === 'error') return;
    const workDir = await mkdtemp(join(this.config.WORK_DIR || tmpdir(), `reelsmith-${video.id}-`));
    try {
      await this.pipeline(video, workDir, context.signal);
    } catch (err) {
      if (context.signal.aborted) throw err;
      if (err instanceof NotAVideoError) return this.fail(video, err.message);
      if (context.lastAttempt) return this.fail(video, `Processing failed: ${(err as Error).message}`);
      throw err;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async pipeline(video: VideoEntity, workDir: string, signal: AbortSignal) {
    await this.advance(video, 'cutting', 2, { status: 'processing' });
    if (video.sourceVideoId && !video.objectKey) await this.cut(video, workDir, signal);

    await this.advance(video, 'validating', 35);
    const input = await this.storage.presignedGetUrl(video.objectKey, READ_URL_TTL_SECONDS);
    const facts = await this.media.probe(input, signal);

    await this.advance(video, 'thumbnail', 45);
    const thumbnailFile = join(workDir, 'thumbnail.jpg');
    await this.media.run(thumbnailArgs(input, thumbnailFile, Math.min(1, facts.duration / 10)), { signal });
    const thumbnailKey = `derived/${video.id}/thumbnail.jpg`;
    await this.storage.writeFile(thumbnailKey, thumbnailFile, 'image/jpeg');

    let proxyKey = '';
    if (!playsInBrowsers(facts)) {
      await this.advance(video, 'transcoding', 50);
      const proxyFile = join(workDir, 'proxy.mp4');
      const remux = hasBrowserCodecs(facts);
      await this.media.run(proxyArgs(input, proxyFile, { hasAudio: facts.hasAudio, height: facts.height, remux }), {
        signal,
        durationSeconds: facts.duration,
        onProgress: throttle((fraction) => this.progress.video(video, 50 + fraction * 45)),
      });
      proxyKey = `derived/${video.id}/proxy.mp4`;
      await this.storage.writeFile(proxyKey, proxyFile, 'video/mp4');
    }

    if (!(await this.videos.findById(video.id))) {
      await this.storage.remove([thumbnailKey, proxyKey].filter(Boolean));
      return;
    }
    await this.advance(video, 'done', 100, {
      status: 'processed',
      duration: facts.duration,
      width: facts.width,
      height: facts.height,
      videoCodec: facts.videoCodec,
      audioCodec: facts.audioCodec,
      contentType: contentTypeOf(facts),
      thumbnailKey,
      proxyKey,
      errorReason: '',
    });
    await this.events
      .publish(mediaV1.VideoProcessedSchema, { videoId: video.id, userId: video.userId, title: video.title, duration: facts.duration })
      .catch((err) => this.logger.error(`evt.media.video.processed not published for ${video.id}: ${(err as Error).message}`));
  }

  /** Renders the trimmed clip from its source and stores it as this video's original. */
  private async cut(video: VideoEntity, workDir: string, signal: AbortSignal) {
    const source = video.sourceVideoId ? await this.videos.findById(video.sourceVideoId) : null;
    if (!source?.objectKey || video.trimStart === null || video.trimEnd === null) {
      throw new NotAVideoError('The video this clip was cut from no longer exists.');
    }
    const input = await this.storage.presignedGetUrl(source.proxyKey || source.objectKey, READ_URL_TTL_SECONDS);
    const clipFile = join(workDir, 'clip.mp4');
    await this.media.run(trimArgs(input, clipFile, video.trimStart, video.trimEnd, source.audioCodec !== ''), {
      signal,
      durationSeconds: video.trimEnd - video.trimStart,
      onProgress: throttle((fraction) => this.progress.video(video, 2 + fraction * 30)),
    });
    const objectKey = originalKey(video.userId, randomUUID());
    await this.storage.writeFile(objectKey, clipFile, 'video/mp4');
    const stored = await this.storage.stat(objectKey);
    Object.assign(video, { objectKey, fileSize: stored?.size ?? 0 });
    await this.videos.update(video.id, { objectKey, fileSize: video.fileSize });
  }

  private async advance(video: VideoEntity, stage: string, percent: number, changes: Partial<VideoEntity> = {}) {
    Object.assign(video, changes, { stage });
    await this.videos.update(video.id, { ...changes, stage });
    this.progress.video(video, percent);
  }

  private async fail(video: VideoEntity, reason: string) {
    this.logger.warn(`video ${video.id} failed: ${reason}`);
    await this.advance(video, 'failed', 100, { status: 'error', errorReason: reason });
    await this.events
      .publish(mediaV1.VideoFailedSchema, { videoId: video.id, userId: video.userId, title: video.title, reason })
      .catch((err) => this.logger.error(`evt.media.video.failed not published for ${video.id}: ${(err as Error).message}`));
  }

}
