import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { mediaV1 } from '@reelsmith/proto';
import type { VideoJson } from '@reelsmith/proto/http';

/** A video as the web app reads it (the entity's own fields first, then what the pipeline adds). */
export function videoJson(video: mediaV1.Video): VideoJson {
  return {
    id: video.id,
    title: video.title,
    filename: video.filename,
    originalFilename: video.originalFilename,
    fileSize: Number(video.fileSize),
    duration: video.duration,
    thumbnail: video.thumbnail || null,
    status: video.status,
    createdAt: video.createdAt ? timestampDate(video.createdAt).toISOString() : null,
    stage: video.stage,
    errorReason: video.errorReason || null,
    width: video.width,
    height: video.height,
    videoCodec: video.videoCodec,
    audioCodec: video.audioCodec,
    streamUrl: video.streamUrl || null,
    downloadUrl: video.downloadUrl || null,
    previewUrl: video.previewUrl || null,
    folderId: video.folderId || null,
    batchId: video.batchId || null,
    sourceVideoId: video.sourceVideoId || null,
    // Highlight reels of this video that are ready (exports not counted).
    readyReels: video.readyReels,
    filmstrip: video.filmstrip || null,
    waveform: video.waveform || null,
    sharedWithYou: video.shared,
  };
}
