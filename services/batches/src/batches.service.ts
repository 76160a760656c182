import { BulkGate } from './bulk-gate';
import { create } from '@bufbuild/protobuf';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, EventPublisher, RpcClient, RpcFailure, uploadPrefix } from '@reelsmith/kit';
import { batchesV1, mediaV1, notificationsV1 } from '@reelsmith/proto';
import { randomUUID } from 'node:crypto';
import { toBatchMessage, toBatchVideoMessage } from './batch-message';
import { BatchesRepository, type Moved } from './batches.repository';
import type { BatchesConfig } from './config';
import type { BatchEntity } from './entities/batch.entity';
import { BatchProgressPublisher } from './progress.publisher';
import { buildReport } from './report';
import { checkBatchInput, checkFileCount, MAX_VIDEOS_PER_BATCH, reportFilename } from './rules';
import { BATCHES_CONFIG, MEDIA_RPC } from './tokens';

const Media = mediaV1.MediaService.method;
/** Answers of media.videos.import that mean "this file is bad", as opposed to "try again". */
const REFUSALS = new Set<ErrorCode>([ErrorCode.UNPROCESSABLE, ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.INVALID_ARGUMENT, ErrorCode.NOT_FOUND]);

@Injectable()
export class BatchesService {
  private readonly logger = new Logger(BatchesService.name);

  constructor(
    @Inject(BATCHES_CONFIG) private readonly config: BatchesConfig,
    private readonly batches: BatchesRepository,
    @Inject(MEDIA_RPC) private readonly media: RpcClient,
    private readonly progress: BatchProgressPublisher,
    private readonly events: EventPublisher,
    private readonly gate: BulkGate,
  ) {}

  async create(request: batchesV1.BatchesCreateRequest): Promise<batchesV1.Batch> {
    await this.gate.check(request.userId);
    const checked = checkBatchInput(request.name, request.description);
    if (!checked.ok) throw RpcFailure.invalid(checked.message, [{ field: 'name', message: checked.message }]);
    return toBatchMessage(await this.batches.create(request.userId, checked.value.name, checked.value.description));
  }

  async list(userId: string): Promise<batchesV1.BatchList> {
    const rows = await this.batches.listOwned(userId);
    return create(batchesV1.BatchListSchema, { batches: rows.map(toBatchMessage) });
  }

  async get(userId: string, batchId: string): Promise<batchesV1.Batch> {
    return toBatchMessage(await this.owned(userId, batchId));
  }

  /**
   * Files already in the store become items of the batch (ids chosen first, so media's events
   * always find their row), then media checks each one (videos.import). A refused file is kept as
   * a failed item with media's reason; the rest go on through processing and highlights.
   */
  async addVideos(request: batchesV1.VideosAddRequest): Promise<batchesV1.BatchVideoList> {
    await this.gate.check(request.userId);
    const batch = await this.owned(request.userId, request.batchId);
    const count = checkFileCount(batch.totalVideos, request.files.length);
    if (!count.ok) throw RpcFailure.invalid(count.message, [{ field: 'videos', message: count.message }]);
    const prefix = uploadPrefix(request.userId);
    if (request.files.some((f) => !f.objectKey.startsWith(prefix))) throw RpcFailure.invalid("Only the caller's own uploads can be added");
    const added = await this.batches.addItems(
      batch.id,
      request.files.map((f) => ({
        videoId: randomUUID(),
        objectKey: f.objectKey,
        originalFilename: f.originalFilename.slice(-255) || 'video',
        size: Number(f.size),
      })),
      MAX_VIDEOS_PER_BATCH,
    );
    if (!added) throw RpcFailure.invalid(`Maximum ${MAX_VIDEOS_PER_BATCH} videos per batch`);
    this.progress.batch(added.batch);

    const queue = [...added.items];
    // The user's transcript language for the new videos; English when settings cannot answer.
    const settings = await this.media.call(notificationsV1.NotificationsService.method.settingsGet, { userId: request.userId }).catch(() => null);
    const language = settings?.transcriptLanguage ?? '';
    const importOne = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        try {
          await this.media.call(Media.videosImport, {
            userId: request.userId,
            videoId: item.videoId!,
            objectKey: item.objectKey,
            originalFilename: item.originalFilename,
            title: '',
            batchId: batch.id,
            language,
          });
          this.publish(await this.batches.transition({ itemId: item.id }, 'imported'));
        } catch (err) {
          const refused = err instanceof RpcFailure && REFUSALS.has(err.code);
          if (!refused) this.logger.error(`import of ${item.objectKey} failed: ${(err as Error).message}`);
          const reason = refused ? (err as RpcFailure).message : 'The video could not be checked (the media service did not answer). Please upload it again.';
          this.publish(await this.batches.transition({ itemId: item.id }, 'refused', { errorReason: reason, clearVideo: refused }));
        }
      }
    };
    await Promise.all(Array.from({ length: this.config.IMPORT_CONCURRENCY }, importOne));

    const fresh = await this.owned(request.userId, batch.id);
    const items = await this.batches.items(batch.id);
    const ids = new Set(added.items.map((i) => i.id));
    return create(batchesV1.BatchVideoListSchema, { batch: toBatchMessage(fresh), videos: items.filter((i) => ids.has(i.id)).map(toBatchVideoMessage) });
  }

  async report(userId: string, batchId: string): Promise<batchesV1.BatchReport> {
    const batch = await this.owned(userId, batchId);
    const items = await this.batches.items(batch.id);
    const document = await buildReport(batch, items, {
      video: (videoId) => this.media.call(Media.videosGet, { userId, videoId }),
      highlight: (highlightId) => this.media.call(Media.highlightsGet, { userId, highlightId }),
    });
    return create(batchesV1.BatchReportSchema, { filename: reportFilename(batch.name), json: JSON.stringify(document, null, 2) });
  }

  // --- media events (see media-events.consumer.ts); each is a no-op when it does not apply ---

  /** Processed: ask for the default highlights once (the claim makes a redelivery a no-op). */
  async onVideoProcessed(event: mediaV1.VideoProcessed, occurredAt: Date): Promise<void> {
    const claimed =
      (await this.batches.transition({ videoId: event.videoId }, 'videoProcessed', { processedAt: occurredAt })) ??
      (await this.batches.transition({ videoId: event.videoId }, 'videoProcessedAfterRetry', { processedAt: occurredAt, errorReason: '' }));
    if (!claimed) return;
    this.publish(claimed);
    try {
      const highlight = await this.media.call(Media.highlightsGenerate, { userId: event.userId, videoId: event.videoId });
      await this.batches.setHighlight(claimed.item.id, highlight.id);
    } catch (err) {
      if (err instanceof RpcFailure && REFUSALS.has(err.code)) {
        this.publish(
          await this.batches.transition({ itemId: claimed.item.id }, 'highlightsFailed', { errorReason: `Highlights could not be started: ${err.message}` }),
        );
        return;
      }
      // Give the claim back; the event is redelivered and tries again.
      await this.batches.transition({ itemId: claimed.item.id }, 'highlightsNotRequested');
      throw err;
    }
  }

  async onVideoFailed(event: mediaV1.VideoFailed): Promise<void> {
    this.publish(await this.batches.transition({ videoId: event.videoId }, 'videoFailed', { errorReason: event.reason || 'Processing failed' }));
  }

  async onVideoDeleted(event: mediaV1.VideoDeleted): Promise<void> {
    this.publish(await this.batches.transition({ videoId: event.videoId }, 'videoDeleted', { errorReason: 'The video was deleted before it was processed' }));
  }

  async onHighlightsReady(event: mediaV1.HighlightsReady): Promise<void> {
    if (event.kind && event.kind !== 'highlights') return;
    this.publish(
      (await this.batches.transition({ videoId: event.videoId }, 'highlightsReady', { highlightId: event.highlightId }, event.highlightId)) ??
        (await this.batches.transition({ videoId: event.videoId }, 'highlightsReadyAfterRetry', { errorReason: '' }, event.highlightId)),
    );
  }

  async onHighlightsFailed(event: mediaV1.HighlightsFailed): Promise<void> {
    this.publish(
      await this.batches.transition(
        { videoId: event.videoId },
        'highlightsFailed',
        { highlightId: event.highlightId, errorReason: `Highlights failed: ${event.reason || 'unknown reason'}` },
        event.highlightId,
      ),
    );
  }

  private publish(moved: Moved | null) {
    if (!moved) return;
    this.progress.batch(moved.batch);
    const { batch } = moved;
    if (batch.status !== 'completed' && batch.status !== 'error') return;
    // Once per settled state of the batch (the envelope id derives from it), for the notifications service's mail.
    this.events
      .publish(
        batchesV1.BatchFinishedSchema,
        {
          batchId: batch.id,
          userId: batch.userId,
          name: batch.name,
          status: batch.status,
          totalVideos: batch.totalVideos,
          processedVideos: batch.processedVideos,
          failedVideos: batch.failedVideos,
        },
        { onceFor: `${batch.id}:${batch.totalVideos}:${batch.processedVideos}:${batch.failedVideos}` },
      )
      .catch((err) => this.logger.warn(`evt.batches.batch.finished not published for ${batch.id}: ${(err as Error).message}`));
  }

  private async owned(userId: string, batchId: string): Promise<BatchEntity> {
    const batch = await this.batches.findOwned(batchId, userId);
    if (!batch) throw RpcFailure.notFound('Batch not found');
    return batch;
  }
}
