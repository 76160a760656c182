import { reelFileName, reelMimeType, shareMode } from './share';

const file = { name: 'a.mp4' } as unknown as File;

describe('shareMode', () => {
  it('shares the file when the browser says it can', () => {
    expect(shareMode({ share: async () => {}, canShare: () => true }, file)).toBe('file');
  });
  it('falls back to the link when files cannot be shared, or canShare throws', () => {
    expect(shareMode({ share: async () => {}, canShare: () => false }, file)).toBe('link');
    expect(
      shareMode(
        {
          share: async () => {},
          canShare: () => {
            throw new TypeError('no');
          },
        },
        file,
      ),
    ).toBe('link');
    expect(shareMode({ share: async () => {} }, file)).toBe('link');
    expect(shareMode({ share: async () => {}, canShare: () => true }, null)).toBe('link');
  });
  it('cannot share without the Web Share API', () => {
    expect(shareMode({}, file)).toBe('none');
    expect(shareMode(undefined, file)).toBe('none');
  });
});

describe('reelFileName', () => {
  it('names the reel after the video, version and format', () => {
    expect(reelFileName('Cup final: 2nd half!', 3, 'MP4')).toBe('Cup-final-2nd-half-highlights-v3.mp4');
    expect(reelFileName('***', 1, '')).toBe('reel-highlights-v1.mp4');
  });
  it('knows the media types of the formats', () => {
    expect(reelMimeType('mov')).toBe('video/quicktime');
    expect(reelMimeType('weird')).toBe('video/mp4');
  });
});
