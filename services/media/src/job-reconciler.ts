import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import { AdvisoryLock } from './advisory-lock';
import type { HighlightEntity } from './entities/highlight.entity';
import type { VideoEntity } from './entities/video.entity';
import { HighlightsRepository } from './highlights.repository';
import { JobFailures } from './job-failures';
import { jobDedupeId } from './job-ids';
import { JobQueue } from './job-queue';
import { VideosRepository } from './videos.repository';

export interface Reconciled { requeued: string[]; failed: string[] }

/**
 * At start, every video or reel still waiting or running must have its job in JOBS (waiting,
 * running, or dead and about to be settled). One without (the job was lost, JetStream was reset) is
 * queued again under its own dedupe id, so a job that appears meanwhile is not doubled, or failed
 * with a reason when it cannot run any more. One replica at a time (advisory lock): the next one
 * finds the jobs the first queued.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobReconciler.name);

  constructor(
    private readonly videos: VideosRepository,
    private readonly highlights: HighlightsRepository,
    private readonly queue: JobQueue,
    private readonly failures: JobFailures,
    private readonly storage: ObjectStorage,
    private readonly lock: AdvisoryLock,
  ) {}

  async onApplicationBootstrap() {
    try {
      const { requeued, failed } = await this.reconcile();
      if (requeued.length || failed.length) this.logger.warn(`records without a job: ${requeued.length} queued again, ${failed.length} failed`);
    } catch (err) {
      this.logger.error(`reconciling records with jobs failed: ${(err as Error).message}`);
    }
  }

  reconcile(): Promise<Reconciled> {
    return this.lock.exclusively('reelsmith:media:reconcile-jobs', async () => {
      const result: Reconciled = { requeued: [], failed: [] };
      const [videos, highlights] = await Promise.all([this.videos.listUnsettled(), this.highlights.listUnsettled()]);
      if (videos.length === 0 && highlights.length === 0) return result;
      const queued = await this.queue.queuedDedupeIds();
      for (const video of videos.filter((v) => !queued.has(jobDedupeId(v)))) {
        const problem = await this.videoProblem(video);
        if (problem) await this.failures.failVideo(video.id, problem);
        else await this.queue.processVideo(video);
        (problem ? result.failed : result.requeued).push(video.id);
      }
      for (const highlight of highlights.filter((h) => !queued.has(jobDedupeId(h)))) {
        const problem = await this.highlightProblem(highlight);
        if (problem) await this.failures.failHighlight(highlight.id, problem);
        else await this.queue.makeHighlight(highlight);
        (problem ? result.failed : result.requeued).push(highlight.id);
      }
      return result;
    });
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
