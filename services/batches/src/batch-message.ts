import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { batchesV1 } from '@reelsmith/proto';
import type { BatchEntity } from './entities/batch.entity';
import type { BatchVideoEntity } from './entities/batch-video.entity';

export function toBatchMessage(batch: BatchEntity): batchesV1.Batch {
  return create(batchesV1.BatchSchema, {
    id: batch.id,
    name: batch.name,
    description: batch.description,
    status: batch.status,
    totalVideos: batch.totalVideos,
    processedVideos: batch.processedVideos,
    failedVideos: batch.failedVideos,
    createdAt: timestampFromDate(batch.createdAt),
    updatedAt: timestampFromDate(batch.updatedAt),
  });
}

export function toBatchVideoMessage(item: BatchVideoEntity): batchesV1.BatchVideo {
  return create(batchesV1.BatchVideoSchema, {
    id: item.id,
    videoId: item.videoId ?? '',
    originalFilename: item.originalFilename,
    status: item.status,
    errorReason: item.errorReason,
    highlightId: item.highlightId ?? '',
  });
}
