import { firstSampleReel, sampleReels } from './sample-reel';

const reel = {
  slug: 'cup-final',
  title: 'Cup final',
  durationSeconds: 42,
  credit: 'Riverside FC',
  video: '/demo-reels/cup-final.mp4',
  poster: '/demo-reels/cup-final.jpg',
};

describe('firstSampleReel', () => {
  it('takes the first reel of the manifest', () => {
    expect(firstSampleReel([reel, { ...reel, slug: 'other' }])).toEqual(reel);
  });

  it('is null for no manifest, an empty one, or a first entry that is incomplete or points elsewhere', () => {
    for (const manifest of [null, undefined, '<!doctype html>', {}, [], [null], [{ ...reel, video: undefined }], [{ ...reel, durationSeconds: 0 }]]) {
      expect(firstSampleReel(manifest)).toBeNull();
    }
    expect(firstSampleReel([{ ...reel, video: 'https://elsewhere.example/reel.mp4' }])).toBeNull();
    expect(firstSampleReel([{ ...reel, poster: '//elsewhere.example/reel.jpg' }])).toBeNull();
  });
});

describe('sampleReels', () => {
  it('keeps the complete reels in the manifest order; none for an answer that is not a list', () => {
    expect(sampleReels([reel, { ...reel, slug: 'broken', poster: '' }, { ...reel, slug: 'other' }]).map((r) => r.slug)).toEqual(['cup-final', 'other']);
    for (const manifest of [null, '<!doctype html>', {}, []]) expect(sampleReels(manifest)).toEqual([]);
  });
});
