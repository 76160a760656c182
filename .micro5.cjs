const { toVideoMessage } = require('/work/wt/load/services/media/dist/video-message.js');
const { mediaV1 } = require('@reelsmith/proto');
const { create, toBinary } = require('@bufbuild/protobuf');
const { timestampFromDate } = require('@bufbuild/protobuf/wkt');
const { signMediaPath } = require('@reelsmith/kit');
const { randomUUID } = require('crypto');
const userId = randomUUID();
const rows = Array.from({ length: 100 }, (_, n) => ({ id: randomUUID(), userId, title: 'Match ' + n, originalFilename: 'match.mp4', objectKey: `uploads/${userId}/${randomUUID()}`, fileSize: 52428800, duration: 600, status: 'processed', stage: 'done', errorReason: '', thumbnailKey: 'thumbnails/x.jpg', proxyKey: '', contentType: 'video/mp4', width: 1920, height: 1080, videoCodec: 'h264', audioCodec: 'aac', folderId: null, batchId: null, sourceVideoId: null, createdAt: new Date() }));
const secret = 'bench-media-url-secret-long-enough-0123456789';
const objectName = (key) => key.slice(key.lastIndexOf('/') + 1);
function literal(video, urlSecret, now = Date.now()) {
  const sign = (path) => signMediaPath(urlSecret, path, video.userId, now);
  const hasMedia = video.objectKey !== '';
  const playable = video.status === 'processed';
  const ms = video.createdAt.getTime();
  return { $typeName: 'media.v1.Video', id: video.id, title: video.title, filename: hasMedia ? objectName(video.objectKey) : '', originalFilename: video.originalFilename, fileSize: BigInt(video.fileSize), duration: video.duration,
    thumbnail: video.thumbnailKey ? sign(`/api/videos/${video.id}/thumbnail`) : '', status: video.status,
    createdAt: { $typeName: 'google.protobuf.Timestamp', seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 },
    errorReason: video.errorReason, width: video.width, height: video.height, videoCodec: video.videoCodec, audioCodec: video.audioCodec,
    streamUrl: playable ? sign(`/api/videos/${video.id}/stream`) : '', downloadUrl: hasMedia ? sign(`/api/videos/${video.id}/download`) : '',
    previewUrl: hasMedia ? sign(`/objects/uploads/${objectName(video.objectKey)}`) : '', folderId: video.folderId ?? '', batchId: video.batchId ?? '', sourceVideoId: video.sourceVideoId ?? '', stage: video.stage };
}
const a0 = create(mediaV1.VideoListSchema, { videos: rows.map((r) => toVideoMessage(r, secret)) });
const b0 = create(mediaV1.VideoListSchema, { videos: rows.map((r) => literal(r, secret)) });
console.log('same bytes:', Buffer.compare(Buffer.from(toBinary(mediaV1.VideoListSchema, a0)), Buffer.from(toBinary(mediaV1.VideoListSchema, b0))) === 0);
function time(n, fn) { for (let i = 0; i < 100; i++) fn(); const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(); return Number(process.hrtime.bigint() - t) / 1e6 / n; }
for (let k = 0; k < 3; k++) {
  const a = time(300, () => rows.map((r) => toVideoMessage(r, secret)));
  const b = time(300, () => rows.map((r) => literal(r, secret)));
  const e = time(100, () => toBinary(mediaV1.VideoListSchema, a0));
  console.log(`100 videos: create() ${a.toFixed(2)} ms, literal ${b.toFixed(2)} ms (x${(a / b).toFixed(2)}); toBinary of the list ${e.toFixed(2)} ms`);
}
