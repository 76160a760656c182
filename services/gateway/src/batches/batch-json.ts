import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { batchesV1 } from '@reelsmith/proto';
import type { BatchJson, BatchVideoJson } from '@reelsmith/proto/http';

/** A batch as the web app reads it. */
export function batchJson(batch: batchesV1.Batch): BatchJson {
  return {
    id: batch.id,
    name: batch.name,
    description: batch.description,
    status: batch.status,
    totalVideos: batch.totalVideos,
    processedVideos: batch.processedVideos,
    failedVideos: batch.failedVideos,
    createdAt: batch.createdAt ? timestampDate(batch.createdAt).toISOString() : null,
    updatedAt: batch.updatedAt ? timestampDate(batch.updatedAt).toISOString() : null,
  };
}

export function batchVideoJson(video: batchesV1.BatchVideo): BatchVideoJson {
  return {
    id: video.id,
    videoId: video.videoId || null,
    originalFilename: video.originalFilename,
    status: video.status,
    errorReason: video.errorReason || null,
  };
}
