import { create } from '@bufbuild/protobuf';
import { RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { checkCaptionsHaveSound, checkEditedMoments, checkPreset, checkRender, checkTargetLength, inheritMoments, MANUAL_PICK } from './render-options';

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
    expect(checkRender(undefined)).toEqual({ quality: '1080p', format: 'mp4', aspect: '16:9', musicTrackId: '', captions: 'none' });
    expect(checkRender(create(mediaV1.RenderOptionsSchema, { quality: '480p', format: 'avi', aspect: '9:16', musicTrackId: ' t1 ' }))).toEqual({
      quality: '480p',
      format: 'avi',
      aspect: '9:16',
      musicTrackId: 't1',
      captions: 'none',
    });
  });

  it('takes a caption style, keeps the base one when none is asked, and refuses an unknown one', () => {
    expect(checkRender(create(mediaV1.RenderOptionsSchema, { captions: 'Karaoke' })).captions).toBe('karaoke');
    expect(checkRender(undefined, { captions: 'bold' }).captions).toBe('bold');
    expect(checkRender(create(mediaV1.RenderOptionsSchema, { captions: 'none' }), { captions: 'bold' }).captions).toBe('none');
    expect(message(() => checkRender(create(mediaV1.RenderOptionsSchema, { captions: 'comic' })))).toBe(
      'Unknown caption style: comic. Use none, clean, bold or karaoke.',
    );
  });

  it('refuses captions for a video without sound', () => {
    expect(message(() => checkCaptionsHaveSound('clean', false))).toBe('This video has no sound, so there is nothing to caption.');
    expect(message(() => checkCaptionsHaveSound('none', false))).toBe('no error');
    expect(message(() => checkCaptionsHaveSound('bold', true))).toBe('no error');
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

describe('inheritMoments', () => {
  const original = [
    { start: 10, end: 14, score: 0.9, reasons: ['crowd roar', 'fast action'] },
    { start: 30, end: 33, score: 0.6, reasons: ['applause'] },
  ];
  const timeline = Array.from({ length: 60 }, (_, i) => (i >= 50 ? 0.4 : 0.1));
  const bare = (start: number, end: number) => ({ start, end, score: 0, reasons: [] as string[] });

  it('gives a nudged moment the reasons and score of the original it overlaps', () => {
    expect(inheritMoments([bare(9, 13)], original, timeline)).toEqual([{ start: 9, end: 13, score: 0.9, reasons: ['crowd roar', 'fast action'] }]);
  });

  it('joins the reasons of every original a merged moment covers, best score first', () => {
    expect(inheritMoments([bare(12, 31)], original, timeline)[0]).toEqual({
      start: 12,
      end: 31,
      score: 0.9,
      reasons: ['crowd roar', 'fast action', 'applause'],
    });
  });

  it("marks a moment added by hand as the creator's pick, scored from the timeline", () => {
    expect(inheritMoments([bare(50, 54)], original, timeline)[0]).toEqual({ start: 50, end: 54, score: 0.4, reasons: [MANUAL_PICK] });
  });

  it('keeps what the client sent when it sent reasons', () => {
    const sent = { start: 10, end: 12, score: 0.3, reasons: ['speech'] };
    expect(inheritMoments([sent], original, timeline)).toEqual([sent]);
  });
});
