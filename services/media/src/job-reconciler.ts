import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { isDependencyUnavailable, ObjectStorage } from '@reelsmith/kit';
import { AdvisoryLock } from './advisory-lock';
import type { MediaConfig } from './config';
import type { HighlightEntity } from './entities/highlight.entity';
import type { VideoEntity } from './entities/video.entity';
import { HighlightsRepository, UNSETTLED_HIGHLIGHT_STATUSES } from './highlights.repository';
import { JobFailures } from './job-failures';
import { jobDedupeId } from './job-ids';
import { JobQueue } from './job-queue';
import { MEDIA_CONFIG } from './tokens';
import { UNSETTLED_VIDEO_STATUSES, VideosRepository } from './videos.repository';

export interface Reconciled {
  requeued: string[];
  failed: string[];
}

/** How long a record must have been untouched before a pass made while running treats it as lost. */
export const UNTOUCHED_FOR_MS = 10 * 60 * 1000;

const LOCK = 'reelsmith:media:reconcile-jobs';

/**
 * Every video or reel still waiting or running must have its job in JOBS (waiting, running, or dead
 * and about to be settled). One without (the job was lost, JetStream was reset) is queued again
 * under its own dedupe id, so a job that appears meanwhile is not doubled, or failed with a reason
 * when it cannot run any more. At start, then every RECONCILE_JOBS_EVERY_MS (default ten minutes)
 * for records untouched for ten minutes (a record whose job is being published or has just
 * finished is left alone: it is read again before anything is done). One replica at a time, under
 * a PostgreSQL advisory lock: the pass at start waits for another replica's pass and then finds the
 * jobs it queued; a periodic pass is skipped while another replica is in one.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobReconciler.name);
  private timer?: NodeJS.Timeout;
  /** The periodic pass under way, which shutdown lets finish before the database goes. */
  private periodic?: Promise<void>;

  constructor(
    private readonly videos: VideosRepository,
    private readonly highlights: HighlightsRepository,
    private readonly queue: JobQueue,
    private readonly failures: JobFailures,
    private readonly storage: ObjectStorage,
    private readonly lock: AdvisoryLock,
    @Inject(MEDIA_CONFIG) private readonly config: Pick<MediaConfig, 'RECONCILE_JOBS_EVERY_MS'>,
  ) {}

  async onApplicationBootstrap() {
    await this.logged(this.reconcile());
    this.timer = setInterval(() => {
      if (this.periodic) return; // this replica's previous pass is still running
      this.periodic = this.logged(this.reconcileUnlessRunning(new Date(Date.now() - UNTOUCHED_FOR_MS))).finally(() => (this.periodic = undefined));
    }, this.config.RECONCILE_JOBS_EVERY_MS).unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.periodic;
  }

  private async logged(pass: Promise<Reconciled | null>) {
    try {
      const result = await pass;
      if (!result) this.logger.debug('another replica is reconciling records with jobs; this pass is skipped');
      else if (result.requeued.length || result.failed.length)
        this.logger.warn(`records without a job: ${result.requeued.length} queued again, ${result.failed.length} failed`);
    } catch (err) {
      // A dependency that is away fails this pass only: the next one (RECONCILE_JOBS_EVERY_MS) does the work.
      if (isDependencyUnavailable(err)) this.logger.warn(`reconciling records with jobs failed; the next pass tries again: ${(err as Error).message}`);
      else this.logger.error(`reconciling records with jobs failed: ${(err as Error).message}`);
    }
  }

  /**
   * Settles the records without a job; with `untouchedSince`, only those not updated since then.
   * Waits while another replica is in a pass.
   */
  reconcile(untouchedSince?: Date): Promise<Reconciled> {
    return this.lock.exclusively(LOCK, () => this.pass(untouchedSince));
  }

  /** The same pass, unless another replica is in one: then nothing is done and the answer is null. */
  reconcileUnlessRunning(untouchedSince?: Date): Promise<Reconciled | null> {
    return this.lock.ifFree(LOCK, () => this.pass(untouchedSince));
  }

  private async pass(untouchedSince?: Date): Promise<Reconciled> {
    const result: Reconciled = { requeued: [], failed: [] };
    const quiet = <T extends { updatedAt: Date }>(record: T | null): record is T => !!record && (!untouchedSince || record.updatedAt < untouchedSince);
    const [videos, highlights] = await Promise.all([this.videos.listUnsettled(), this.highlights.listUnsettled()]);
    if (!videos.some(quiet) && !highlights.some(quiet)) return result;
    const queued = await this.queue.queuedDedupeIds();
    const stillLost = async <T extends { id: string; retries: number; status: string; updatedAt: Date }>(
      record: T,
      read: (id: string) => Promise<T | null>,
      unsettled: readonly string[],
    ) => {
      if (!quiet(record) || queued.has(jobDedupeId(record))) return false;
      if (!untouchedSince) return true;
      const now = await read(record.id);
      return quiet(now) && unsettled.includes(now.status);
    };
    for (const video of videos) {
      if (!(await stillLost(video, (id) => this.videos.findById(id), UNSETTLED_VIDEO_STATUSES))) continue;
      const problem = await this.videoProblem(video);
      if (problem) await this.failures.failVideo(video.id, problem);
      else await this.queue.processVideo(video);
      (problem ? result.failed : result.requeued).push(video.id);
    }
    for (const highlight of highlights) {
      if (!(await stillLost(highlight, (id) => this.highlights.findById(id), UNSETTLED_HIGHLIGHT_STATUSES))) continue;
      const problem = await this.highlightProblem(highlight);
      if (problem) await this.failures.failHighlight(highlight.id, problem);
      else await this.queue.makeHighlight(highlight);
      (problem ? result.failed : result.requeued).push(highlight.id);
    }
    return result;
  }

  /** Why the video cannot be processed any more, or null when it can. */
  private async videoProblem(video: VideoEntity): Promise<string | null> {
    if (video.objectKey) return (await this.storage.stat(video.objectKey)) ? null : 'The uploaded file is missing. Please upload the video again.';
    const source = video.sourceVideoId ? await this.videos.findById(video.sourceVideoId) : null;
    return source?.objectKey ? null : 'The video this clip was cut from no longer exists.';
  }

  private async highlightProblem(highlight: HighlightEntity): Promise<string | null> {
    const video = await this.videos.findById(highlight.videoId);
    return video?.status === 'processed' ? null : 'The video of this reel is no longer available.';
  }
}
