import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { signMediaPath } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { VideoEntity } from './entities/video.entity';

export const objectName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The contract view of a video, with signed media URLs for its owner. */
export function toVideoMessage(video: VideoEntity, urlSecret: string, now = Date.now()): mediaV1.Video {
  const sign = (path: string) => signMediaPath(urlSecret, path, video.userId, now);
  const hasMedia = video.objectKey !== '';
  const playable = video.status === 'processed';
  return create(mediaV1.VideoSchema, {
    id: video.id,
    title: video.title,
    filename: hasMedia ? objectName(video.objectKey) : '',
    originalFilename: video.originalFilename,
    fileSize: BigInt(video.fileSize),
    duration: video.duration,
    thumbnail: video.thumbnailKey ? sign(`/api/videos/${video.id}/thumbnail`) : '',
    status: video.status,
    createdAt: timestampFromDate(video.createdAt),
    errorReason: video.errorReason,
    width: video.width,
    height: video.height,
    videoCodec: video.videoCodec,
    audioCodec: video.audioCodec,
    streamUrl: playable ? sign(`/api/videos/${video.id}/stream`) : '',
    downloadUrl: hasMedia ? sign(`/api/videos/${video.id}/download`) : '',
    previewUrl: hasMedia ? sign(`/objects/uploads/${objectName(video.objectKey)}`) : '',
    folderId: video.folderId ?? '',
    batchId: video.batchId ?? '',
    sourceVideoId: video.sourceVideoId ?? '',
    stage: video.stage,
  });
}
