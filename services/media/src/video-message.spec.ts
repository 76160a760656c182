import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mediaV1 } from '@reelsmith/proto';
import type { VideoEntity } from './entities/video.entity';
import { toVideoMessage } from './video-message';

const SECRET = 'x'.repeat(32);
const video = {
  id: '7d1f3a52-6c0e-4b8e-9f43-1d2c3b4a5e6f',
  userId: 'a3c1e2d4-0000-4000-8000-000000000001',
  title: 'Final – 2nd half',
  originalFilename: 'match.mp4',
  objectKey: 'originals/u/5f0c.mp4',
  fileSize: 3_000_000_000,
  duration: 2400.5,
  status: 'processed',
  stage: 'done',
  errorReason: '',
  thumbnailKey: 'thumbnails/t.jpg',
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  audioCodec: 'aac',
  folderId: null,
  batchId: 'b1',
  sourceVideoId: null,
  createdAt: new Date('2026-11-24T08:15:30.123Z'),
} as unknown as VideoEntity;

describe('toVideoMessage', () => {
  it('sets every field of the contract, so a field added to media.v1.Video cannot be left out silently', () => {
    const message = toVideoMessage(video, SECRET, 0);
    for (const field of mediaV1.VideoSchema.fields) expect(Object.keys(message)).toContain(field.localName);
  });

  it('encodes to the same bytes as the message protobuf-es create() builds', () => {
    const message = toVideoMessage(video, SECRET, 0);
    const { $typeName: _, createdAt: __, ...fields } = message;
    const built = create(mediaV1.VideoSchema, { ...fields, createdAt: timestampFromDate(video.createdAt) });
    expect(Buffer.from(toBinary(mediaV1.VideoSchema, message))).toEqual(Buffer.from(toBinary(mediaV1.VideoSchema, built)));
    const decoded = fromBinary(mediaV1.VideoSchema, toBinary(mediaV1.VideoSchema, message));
    expect(decoded.createdAt?.nanos).toBe(123_000_000);
    expect(decoded.fileSize).toBe(3_000_000_000n);
    expect(decoded.streamUrl).toMatch(/^\/api\/videos\/7d1f3a52-6c0e-4b8e-9f43-1d2c3b4a5e6f\/stream\?/);
  });

  it('carries the count of ready reels it is given, 0 by default', () => {
    expect(toVideoMessage(video, SECRET, 0).readyReels).toBe(0);
    const message = toVideoMessage(video, SECRET, 0, 2);
    expect(fromBinary(mediaV1.VideoSchema, toBinary(mediaV1.VideoSchema, message)).readyReels).toBe(2);
  });

  it('leaves the player URL empty until the video is processed', () => {
    expect(toVideoMessage({ ...video, status: 'processing' } as VideoEntity, SECRET, 0).streamUrl).toBe('');
  });
});
