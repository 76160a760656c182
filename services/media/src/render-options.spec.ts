import { create } from '@bufbuild/protobuf';
import { RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { checkEditedMoments, checkPreset, checkRender, checkTargetLength } from './render-options';

const moment = (start: number, end: number) => create(mediaV1.MomentSchema, { start, end, score: 0.5, reasons: ['fast action'] });
const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof RpcFailure ? err.message : String(err);
  }
  return 'no error';
};

describe('render options', () => {
  it('fills the defaults and keeps valid choices', () => {
    expect(checkRender(undefined)).toEqual({ quality: '1080p', format: 'mp4', aspect: '16:9', musicTrackId: '' });
    expect(checkRender(create(mediaV1.RenderOptionsSchema, { quality: '480p', format: 'avi', aspect: '9:16', musicTrackId: ' t1 ' })))
      .toEqual({ quality: '480p', format: 'avi', aspect: '9:16', musicTrackId: 't1' });
  });

  it('refuses unknown values with a clear message', () => {
    expect(message(() => checkRender(create(mediaV1.RenderOptionsSchema, { quality: '4k' })))).toBe('Quality must be one of 1080p, 720p, 480p.');
    expect(message(() => checkRender(create(mediaV1.RenderOptionsSchema, { format: 'gif' })))).toBe('Format must be one of mp4, mov, avi.');
    expect(message(() => checkPreset('cooking'))).toBe('Preset must be one of auto, sport, wedding, business, travel.');
    expect(message(() => checkTargetLength(45))).toBe('Target length must be one of 15, 30, 60, 90 seconds.');
    expect(checkTargetLength(0)).toBe(30);
  });

  it('accepts edited moments in any order and returns them sorted', () => {
    expect(checkEditedMoments([moment(20, 24), moment(5, 8)], 60).map((m) => m.start)).toEqual([5, 20]);
  });

  it.each([
    [[], 'Keep at least one moment.'],
    [[moment(5, 5.5)], 'Every moment must be at least 1 second long.'],
    [[moment(55, 70)], 'Every moment must lie within the video.'],
    [[moment(-1, 3)], 'Every moment must lie within the video.'],
    [[moment(5, 10), moment(9, 12)], 'Moments must not overlap.'],
  ])('refuses %j', (moments, expected) => {
    expect(message(() => checkEditedMoments(moments, 60))).toBe(expected);
  });
});
