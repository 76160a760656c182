import { Inject, Injectable } from '@nestjs/common';
import { JobPublisher, NATS_CONNECTION, queuedJobDedupeIds } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { HighlightEntity } from './entities/highlight.entity';
import type { VideoEntity } from './entities/video.entity';
import { highlightJobSchema, jobDedupeId } from './job-ids';

/** The current job of a video or reel: queue it (again), and see which jobs JOBS holds now. */
@Injectable()
export class JobQueue {
  constructor(
    private readonly jobs: JobPublisher,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  processVideo(video: Pick<VideoEntity, 'id' | 'userId' | 'retries'>): Promise<void> {
    return this.jobs.enqueue(mediaV1.ProcessJobSchema, { videoId: video.id, userId: video.userId }, jobDedupeId(video));
  }

  makeHighlight(highlight: Pick<HighlightEntity, 'id' | 'userId' | 'retries' | 'moments'>): Promise<void> {
    return this.jobs.enqueue(highlightJobSchema(highlight), { highlightId: highlight.id, userId: highlight.userId }, jobDedupeId(highlight));
  }

  /** The dedupe ids of the jobs waiting, running, or dead and not yet cleared. */
  queuedDedupeIds(): Promise<Set<string>> {
    return queuedJobDedupeIds(this.nc);
  }
}
