import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mediaV1 } from '@reelsmith/proto';
import { videoJson } from '../videos/video-json';
import { highlightJson } from './highlight-json';

const ready = create(mediaV1.HighlightSchema, {
  id: 'h1',
  videoId: 'v1',
  kind: 'highlights',
  version: 1,
  status: 'ready',
  stage: 'done',
  render: { quality: '1080p', format: 'mp4', aspect: '9:16' },
  streamUrl: '/api/highlights/h1/stream?sig=a',
  downloadUrl: '/api/highlights/h1/download?sig=b',
  posterUrl: '/api/highlights/h1/poster?sig=c',
  reelDuration: 12.5,
  reelSize: 1234n,
  renderedQuality: '720p',
  reelWidth: 720,
  reelHeight: 1280,
  summary: '3 strong moments found',
  createdAt: timestampFromDate(new Date('2026-11-24T08:00:00Z')),
});

describe('highlightJson', () => {
  it("gives the quality chosen and the quality the file has, its size, its poster and the engine's summary", () => {
    expect(highlightJson(ready)).toMatchObject({
      quality: '1080p',
      renderedQuality: '720p',
      aspect: '9:16',
      summary: '3 strong moments found',
      reel: {
        streamUrl: '/api/highlights/h1/stream?sig=a',
        downloadUrl: '/api/highlights/h1/download?sig=b',
        duration: 12.5,
        size: 1234,
        width: 720,
        height: 1280,
        posterUrl: '/api/highlights/h1/poster?sig=c',
      },
    });
  });

  it('says null for what a reel made before these were recorded does not have', () => {
    const old = highlightJson(create(mediaV1.HighlightSchema, { ...ready, renderedQuality: '', reelWidth: 0, reelHeight: 0, posterUrl: '', summary: '' }));
    expect(old).toMatchObject({ quality: '1080p', renderedQuality: null, summary: null, reel: { width: null, height: null, posterUrl: null } });
    expect(highlightJson(create(mediaV1.HighlightSchema, { id: 'h2', status: 'queued' }))).toMatchObject({ renderedQuality: null, summary: null, reel: null });
  });
});

describe('videoJson', () => {
  it("carries how many of the video's reels are ready", () => {
    expect(videoJson(create(mediaV1.VideoSchema, { id: 'v1', status: 'processed', readyReels: 2 })).readyReels).toBe(2);
    expect(videoJson(create(mediaV1.VideoSchema, { id: 'v2', status: 'processed' })).readyReels).toBe(0);
  });
});
