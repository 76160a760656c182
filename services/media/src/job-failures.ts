import { Injectable, Logger } from '@nestjs/common';
import { EventPublisher, mediaItemsFailed } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { HighlightsRepository } from './highlights.repository';
import { ProgressPublisher } from './progress.publisher';
import { VideosRepository } from './videos.repository';

/**
 * The one way a video or reel ends in 'error': whoever gives up on it (the worker's last attempt, a
 * hung job, a dead-lettered job, the reconciler) sets the reason, tells the browser (progress over
 * SSE) and the rest of the system (evt.media.video.failed / evt.media.highlights.failed, which the
 * batches service counts). Only a record still waiting or running changes, so a late or repeated
 * give-up neither overwrites a result nor announces a failure twice.
 */
@Injectable()
export class JobFailures {
  private readonly logger = new Logger(JobFailures.name);

  constructor(
    private readonly videos: VideosRepository,
    private readonly highlights: HighlightsRepository,
    private readonly progress: ProgressPublisher,
    private readonly events: EventPublisher,
  ) {}

  async failVideo(videoId: string, reason: string): Promise<boolean> {
    const video = await this.videos.markFailed(videoId, reason);
    if (!video) return false;
    mediaItemsFailed.inc({ item: 'video' });
    this.logger.warn(`video ${video.id} failed: ${reason}`);
    this.progress.video(video, 100);
    await this.events
      .publish(mediaV1.VideoFailedSchema, { videoId: video.id, userId: video.userId, title: video.title, reason })
      .catch((err) => this.logger.error(`evt.media.video.failed not published for ${video.id}: ${(err as Error).message}`));
    return true;
  }

  async failHighlight(highlightId: string, reason: string): Promise<boolean> {
    const highlight = await this.highlights.markFailed(highlightId, reason);
    if (!highlight) return false;
    mediaItemsFailed.inc({ item: 'highlight' });
    this.logger.warn(`reel ${highlight.id} failed: ${reason}`);
    this.progress.highlight(highlight, 100);
    const video = await this.videos.findById(highlight.videoId);
    await this.events
      .publish(mediaV1.HighlightsFailedSchema, {
        highlightId: highlight.id,
        videoId: highlight.videoId,
        userId: highlight.userId,
        title: video?.title ?? '',
        reason,
      })
      .catch((err) => this.logger.error(`evt.media.highlights.failed not published for ${highlight.id}: ${(err as Error).message}`));
    return true;
  }
}
