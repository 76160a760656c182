import { ErrorCode, RpcFailure } from '@reelsmith/kit';
import { checkLengths, checkPlatform, checkTargets, platformAspect } from './reel-targets';

const invalid = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(RpcFailure);
    expect((err as RpcFailure).code).toBe(ErrorCode.INVALID_ARGUMENT);
    return (err as Error).message;
  }
  throw new Error('expected a 400');
};

describe('platform presets and lengths on generate', () => {
  it('knows every platform by its id and none by an empty one', () => {
    expect(checkPlatform('')).toBeNull();
    expect(checkPlatform('shorts')).toMatchObject({ aspect: '9:16', maxSeconds: 60 });
    expect(checkPlatform('square')?.aspect).toBe('1:1');
    expect(checkPlatform('portrait')?.aspect).toBe('4:5');
    expect(checkPlatform('youtube')?.aspect).toBe('16:9');
    expect(invalid(() => checkPlatform('myspace'))).toBe('Platform must be one of tiktok, reels, shorts, youtube, square, portrait.');
  });

  it("sets the platform's aspect, and refuses one that contradicts it", () => {
    const tiktok = checkPlatform('tiktok');
    expect(platformAspect(tiktok, '')).toBe('9:16');
    expect(platformAspect(tiktok, '9:16')).toBe('9:16');
    expect(platformAspect(null, '16:9')).toBe('');
    expect(invalid(() => platformAspect(tiktok, '16:9'))).toBe('TikTok reels are 9:16; leave aspect out or choose another platform.');
  });

  it('makes one reel per length, in the order asked, or one of the target length', () => {
    expect(checkLengths(0, [], null)).toEqual([30]);
    expect(checkLengths(60, [], null)).toEqual([60]);
    expect(checkLengths(0, [60, 15, 30], null)).toEqual([60, 15, 30]);
    expect(checkLengths(0, [15, 15, 30], null)).toEqual([15, 30]);
    expect(checkLengths(30, [15, 30], null)).toEqual([15, 30]);
    expect(invalid(() => checkLengths(90, [15, 30], null))).toBe('targetLength must be one of lengths, or left out when lengths are given.');
    expect(invalid(() => checkLengths(0, [20], null))).toMatch(/^lengths must be a list of at most 4 of 15, 30, 60, 90 seconds/);
  });

  it("refuses a length above the platform's longest", () => {
    const shorts = checkPlatform('shorts');
    expect(checkLengths(0, [15, 30, 60], shorts)).toEqual([15, 30, 60]);
    expect(invalid(() => checkLengths(0, [30, 90], shorts))).toBe('YouTube Shorts takes reels of at most 60 seconds; 90 s is too long for it.');
    expect(invalid(() => checkLengths(90, [], checkPlatform('tiktok')))).toMatch(/TikTok takes reels of at most 60 seconds/);
    expect(checkTargets({ platform: 'youtube', targetLength: 90, lengths: [] })).toMatchObject({ lengths: [90], platform: { id: 'youtube' } });
  });
});
