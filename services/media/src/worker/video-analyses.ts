import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type JobContext, JobPublisher, NATS_CONNECTION, ObjectStorage, observeMediaStep } from '@reelsmith/kit';
import { analysisProgressSubject, mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import { AdvisoryLock } from '../advisory-lock';
import { type Analysis, analysisKey } from '../analysis/analysis';
import { Analyser } from '../analysis/analyser';
import { AnalysisStore } from '../analysis/analysis-store';
import type { WorkerConfig } from '../config';
import type { VideoEntity } from '../entities/video.entity';
import { throttle } from '../throttle';
import { MEDIA_CONFIG } from '../tokens';
import { VideosRepository } from '../videos.repository';
import { JobDeadline, jobDeadlineSeconds } from './job-deadline';
import { type CachedSource, SourceCache } from './source-cache';

/** The video a reel is cut from: its object key and, when the worker has one, a local copy. */
export interface Source {
  key: string;
  local: CachedSource | null;
}

/** A video's analysis, and the seconds this call spent making it (null when it was kept already). */
export interface AnalysisOnce {
  analysis: Analysis;
  madeInSeconds: number | null;
}

const seconds = (from: number) => Math.round((Date.now() - from) / 10) / 100;

/**
 * A video's analysis, made at most once and kept beside it in the bucket. job.media.analyse makes it
 * in the background as soon as the video is processed, so asking for a reel only selects and
 * renders; a reel job that finds none (the engine changed, or it got there first) makes it itself.
 * One job at a time analyses a video (an advisory lock across every worker); a job that waits for
 * another's analysis follows its progress and then reads what it kept.
 */
@Injectable()
export class VideoAnalyses {
  private readonly logger = new Logger(VideoAnalyses.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly analyser: Analyser,
    private readonly analyses: AnalysisStore,
    private readonly sources: SourceCache,
    private readonly lock: AdvisoryLock,
    private readonly jobs: JobPublisher,
  ) {}

  /** The video's kept analysis, null when there is none of the engine's current version. */
  kept(videoId: string): Promise<Analysis | null> {
    return this.analyses.find(videoId);
  }

  /** Queues the analysis of a just-processed video (once per video: the dedupe id is the video's). */
  queue(video: Pick<VideoEntity, 'id' | 'userId'>): Promise<void> {
    return this.jobs.enqueue(mediaV1.AnalyseJobSchema, { videoId: video.id, userId: video.userId }, `${video.id}:analyse`);
  }

  /**
   * job.media.analyse. Nothing depends on it finishing: when it fails for good the first reel of the
   * video analyses instead, so a failure is logged, never shown.
   */
  async analyseInBackground(job: mediaV1.AnalyseJob, context: JobContext): Promise<void> {
    const video = await this.videos.findById(job.videoId);
    if (!video || video.userId !== job.userId || video.status !== 'processed') return;
    const deadline = new JobDeadline(jobDeadlineSeconds('analyse', { sourceSeconds: video.duration }, this.config.JOB_DEADLINE_FACTOR), context.signal);
    const key = video.proxyKey || video.objectKey;
    const source: Source = { key, local: await this.sources.find(key) };
    let workDir = '';
    try {
      workDir = await mkdtemp(join(this.config.WORK_DIR || tmpdir(), `reelsmith-analysis-${video.id}-`));
      const { madeInSeconds } = await deadline.within(this.once(video, source, workDir, deadline.signal, () => undefined));
      if (madeInSeconds !== null) this.logger.log(`video ${video.id}: analysed in ${madeInSeconds} s (${video.duration} s of footage)`);
      await this.forgetIfDeleted(video.id);
    } catch (err) {
      if (context.signal.aborted) throw err;
      if (!context.lastAttempt) throw err;
      this.logger.warn(`video ${video.id}: background analysis failed (${(err as Error).message}); its first reel analyses it`);
    } finally {
      deadline.clear();
      source.local?.release();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The video's kept analysis, or a fresh one; `onProgress` hears 0..1 of whichever job makes it. */
  async once(video: VideoEntity, source: Source, workDir: string, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<AnalysisOnce> {
    const kept = await this.analyses.find(video.id);
    if (kept) return { analysis: kept, madeInSeconds: null };
    const following = this.follow(video.id, onProgress);
    try {
      return await this.lock.exclusively(`analysis:${video.id}`, async () => {
        following.unsubscribe();
        const madeMeanwhile = await this.analyses.find(video.id);
        if (madeMeanwhile) return { analysis: madeMeanwhile, madeInSeconds: null };
        signal.throwIfAborted();
        const started = Date.now();
        // The analysis reads every byte anyway: a local copy serves it, then the render's seek per
        // moment and later edits (instead of one HTTP connection and moov lookup per moment).
        source.local ??= await this.copySource(source.key, video.id, workDir);
        const analysis = await this.analyse(video, source.local.file, workDir, signal, onProgress);
        const madeInSeconds = seconds(started);
        observeMediaStep('analysis', madeInSeconds, video.duration);
        return { analysis, madeInSeconds };
      });
    } finally {
      following.unsubscribe();
    }
  }

  /** While this job waits for the lock, the progress of the job holding it (in any worker). */
  private follow(videoId: string, onProgress: (fraction: number) => void) {
    const subscription = this.nc.subscribe(analysisProgressSubject(videoId), {
      callback: (err, message) => {
        const fraction = err ? NaN : Number(message.string());
        if (fraction >= 0 && fraction <= 1) onProgress(fraction);
      },
    });
    return { unsubscribe: () => subscription.isClosed() || subscription.unsubscribe() };
  }

  /** A fresh analysis (one decode), which is then kept; its progress goes to `onProgress` and to jobs waiting for it. */
  private async analyse(video: VideoEntity, file: string, workDir: string, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Analysis> {
    const subject = analysisProgressSubject(video.id);
    const analysis = await this.analyser.analyze(file, {
      hasAudio: video.audioCodec !== '',
      durationSeconds: video.duration,
      size: { width: video.width, height: video.height },
      signal,
      onProgress: throttle((fraction) => {
        onProgress(fraction);
        this.nc.publish(subject, fraction.toFixed(3));
      }),
    });
    await this.analyses.keep(video.id, analysis, workDir);
    return analysis;
  }

  /** A local copy of the source: kept in the worker's cache when it fits, else in the job's folder. */
  private async copySource(key: string, videoId: string, workDir: string): Promise<CachedSource> {
    const size = (await this.storage.stat(key))?.size ?? 0;
    const cached = await this.sources.fetch(key, videoId, size, (file) => this.storage.downloadFile(key, file));
    if (cached) return cached;
    const file = join(workDir, 'source');
    await this.storage.downloadFile(key, file);
    return { file, release: () => undefined };
  }

  /** A video deleted while it was analysed: its deletion may have missed the analysis, kept just after. */
  private async forgetIfDeleted(videoId: string) {
    if (!(await this.videos.findById(videoId))) await this.storage.remove([analysisKey(videoId)]);
  }
}
