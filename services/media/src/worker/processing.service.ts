import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, type JobContext, ObjectStorage, retryWhileUnavailable } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { FILMSTRIP, type WaveformJson } from '@reelsmith/proto/http';
import type { WorkerConfig } from '../config';
import type { VideoEntity } from '../entities/video.entity';
import { filmstripArgs, proxyArgs, thumbnailArgs, trimArgs } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { contentTypeOf, hasBrowserCodecs, type MediaFacts, playsInBrowsers } from '../ffmpeg/probe';
import { JobFailures } from '../job-failures';
import { ProgressPublisher } from '../progress.publisher';
import { throttle } from '../throttle';
import { originalKey } from '../upload-intake';
import { VideosRepository } from '../videos.repository';
import { MEDIA_CONFIG } from '../tokens';
import { describeFailure, UserFacingError } from './failure-reasons';
import { JobDeadline, jobDeadlineSeconds } from './job-deadline';
import { TranscriptionService } from '../speech/transcription.service';
import { VideoAnalyses } from './video-analyses';

const READ_URL_TTL_SECONDS = 6 * 60 * 60;

/**
 * job.media.process: for a trim, cut the clip first; then probe, thumbnail, and a web proxy when
 * browsers cannot play the original. Status uploaded -> processing -> processed | error, with
 * live progress, within a deadline from the video's length. Safe to run again for the same video (outputs have fixed keys).
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
    private readonly failures: JobFailures,
    private readonly transcription: TranscriptionService,
    private readonly analyses: VideoAnalyses,
  ) {}

  async process(job: mediaV1.ProcessJob, context: JobContext): Promise<void> {
    const video = await this.videos.findById(job.videoId);
    if (!video || video.userId !== job.userId || video.status === 'error') return;
    // Finished by a worker that died before it could acknowledge (a redelivery): its event may not have gone out.
    if (video.status === 'processed') return context.attempt > 1 ? this.announceAndQueueFollowUps(video, context.signal) : undefined;
    const sourceSeconds = video.trimEnd !== null && video.trimStart !== null ? video.trimEnd - video.trimStart : video.duration;
    const deadline = new JobDeadline(jobDeadlineSeconds('process', { sourceSeconds }, this.config.JOB_DEADLINE_FACTOR), context.signal);
    let workDir = '';
    let processed = false;
    try {
      workDir = await mkdtemp(join(this.config.WORK_DIR || tmpdir(), `reelsmith-${video.id}-`));
      processed = await deadline.within(this.pipeline(video, workDir, deadline.signal));
    } catch (err) {
      if (context.signal.aborted) throw err;
      const failure = describeFailure('video', err, deadline.expired ? deadline.seconds : undefined);
      if (!failure.final && !context.lastAttempt) throw err;
      this.logger.error(`video ${video.id}, attempt ${context.attempt}: ${(err as Error).stack ?? String(err)}`);
      await this.failures.failVideo(video.id, failure.reason);
    } finally {
      deadline.clear();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
    // Outside the try: an event that cannot be published yet never fails the video.
    if (processed) await this.announceAndQueueFollowUps(video, context.signal);
  }

  /** Whether the video is now processed (false when it was deleted meanwhile). */
  private async pipeline(video: VideoEntity, workDir: string, signal: AbortSignal): Promise<boolean> {
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
    const { filmstripKey, waveformKey } = await this.editorTimeline(video, input, facts, workDir, signal);

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
      await this.storage.remove([thumbnailKey, filmstripKey, waveformKey, proxyKey].filter(Boolean));
      return false;
    }
    signal.throwIfAborted(); // past the deadline (the job already failed), a late transfer records nothing
    await this.advance(video, 'done', 100, {
      status: 'processed',
      duration: facts.duration,
      width: facts.width,
      height: facts.height,
      videoCodec: facts.videoCodec,
      audioCodec: facts.audioCodec,
      frameRateNum: facts.frameRate?.num ?? 0,
      frameRateDen: facts.frameRate?.den ?? 0,
      contentType: contentTypeOf(facts),
      thumbnailKey,
      filmstripKey,
      waveformKey,
      proxyKey,
      errorReason: '',
    });
    return true;
  }

  /**
   * The editor's timeline pictures, made once: the filmstrip (frames spread over the video, one
   * JPEG) and the waveform (the sound's peaks, JSON; none without sound).
   */
  private async editorTimeline(video: VideoEntity, input: string, facts: MediaFacts, workDir: string, signal: AbortSignal) {
    await this.advance(video, 'filmstrip', 46);
    const filmstripFile = join(workDir, 'filmstrip.jpg');
    await this.media.run(filmstripArgs(input, filmstripFile, facts.duration, FILMSTRIP), { signal });
    const filmstripKey = `derived/${video.id}/filmstrip.jpg`;
    await this.storage.writeFile(filmstripKey, filmstripFile, 'image/jpeg');
    if (!facts.hasAudio) return { filmstripKey, waveformKey: '' };
    await this.advance(video, 'waveform', 48);
    const waveform: WaveformJson = { peaks: await this.media.waveform(input, facts.duration, signal) };
    const waveformFile = join(workDir, 'waveform.json');
    await writeFile(waveformFile, JSON.stringify(waveform));
    const waveformKey = `derived/${video.id}/waveform.json`;
    await this.storage.writeFile(waveformKey, waveformFile, 'application/json');
    return { filmstripKey, waveformKey };
  }

  /** evt.media.video.processed, then job.media.analyse and job.media.transcribe (made off this job). */
  private async announceAndQueueFollowUps(video: VideoEntity, signal: AbortSignal) {
    await this.announceProcessed(video, signal);
    await this.analyses.queue(video);
    await this.transcription.queue(video);
  }

  /** evt.media.video.processed, stored once per video however often the job runs; waits while NATS is away. */
  private async announceProcessed(video: VideoEntity, signal: AbortSignal) {
    const payload = { videoId: video.id, userId: video.userId, title: video.title, duration: video.duration };
    await retryWhileUnavailable(
      () => this.events.publish(mediaV1.VideoProcessedSchema, payload, { onceFor: video.id }),
      signal,
      (m) => this.logger.warn(m),
    );
  }

  /** Renders the trimmed clip from its source and stores it as this video's original. */
  private async cut(video: VideoEntity, workDir: string, signal: AbortSignal) {
    const source = video.sourceVideoId ? await this.videos.findById(video.sourceVideoId) : null;
    if (!source?.objectKey || video.trimStart === null || video.trimEnd === null) {
      throw new UserFacingError('The video this clip was cut from no longer exists.');
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
}
