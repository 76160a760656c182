import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { verifyMediaPath } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { HighlightEntity } from './entities/highlight.entity';
import { toHighlightMessage } from './highlight-message';

const SECRET = 'x'.repeat(32);
const ready = {
  id: '0b7d4e2a-1c3f-4a5b-8c6d-7e8f9a0b1c2d',
  videoId: '7d1f3a52-6c0e-4b8e-9f43-1d2c3b4a5e6f',
  userId: 'a3c1e2d4-0000-4000-8000-000000000001',
  kind: 'highlights',
  version: 2,
  status: 'ready',
  stage: 'done',
  preset: 'sport',
  targetLength: 30,
  fillToLength: false,
  quality: '1080p',
  format: 'mp4',
  aspect: '9:16',
  musicTrackId: '',
  moments: [{ start: 10, end: 14, score: 0.8, reasons: ['crowd roar'] }],
  timeline: [0.1, 0.5],
  reelKey: 'derived/v/reels/h.mp4',
  reelSize: 1000,
  reelDuration: 4,
  timings: {},
  errorReason: '',
  retries: 0,
  renderedQuality: '720p',
  reelWidth: 720,
  reelHeight: 1280,
  posterKey: 'derived/v/reels/h.jpg',
  summary: '1 strong moment found: a 4 s reel rather than 30 s of weaker moments',
  createdAt: new Date('2026-11-24T08:15:30.123Z'),
  updatedAt: new Date('2026-11-24T08:16:00.000Z'),
} as unknown as HighlightEntity;

describe('toHighlightMessage', () => {
  it("says what the reel file is: the quality rendered beside the one chosen, its pixel size, its poster and the engine's summary", () => {
    const message = fromBinary(mediaV1.HighlightSchema, toBinary(mediaV1.HighlightSchema, toHighlightMessage(ready, 'Derby', SECRET, 0)));
    expect(message).toMatchObject({
      render: expect.objectContaining({ quality: '1080p', aspect: '9:16' }),
      renderedQuality: '720p',
      reelWidth: 720,
      reelHeight: 1280,
      summary: '1 strong moment found: a 4 s reel rather than 30 s of weaker moments',
    });
    const poster = new URL(message.posterUrl, 'http://x');
    expect(poster.pathname).toBe(`/api/highlights/${ready.id}/poster`);
    // Signed for the owner like the reel's own URLs.
    expect(verifyMediaPath(SECRET, poster.pathname, Object.fromEntries(poster.searchParams), 0)).toBe(ready.userId);
  });

  it('leaves them empty for a reel made before they were recorded, and until the reel is ready', () => {
    const old = toHighlightMessage(
      { ...ready, renderedQuality: '', reelWidth: 0, reelHeight: 0, posterKey: '', summary: '' } as HighlightEntity,
      'Derby',
      SECRET,
      0,
    );
    expect(old).toMatchObject({ renderedQuality: '', reelWidth: 0, reelHeight: 0, posterUrl: '', summary: '' });
    expect(old.downloadUrl).not.toBe('');
    const rendering = toHighlightMessage({ ...ready, status: 'processing' } as HighlightEntity, 'Derby', SECRET, 0);
    expect(rendering).toMatchObject({ renderedQuality: '', reelWidth: 0, posterUrl: '', downloadUrl: '' });
  });
});
