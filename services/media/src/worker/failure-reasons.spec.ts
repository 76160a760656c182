import { FfmpegError, RenderPlanError, SourceDecodeError } from '../ffmpeg/media.repository';
import { NotAVideoError } from '../ffmpeg/probe';
import { describeFailure, UserFacingError } from './failure-reasons';

const systemError = (code: string, syscall: string) =>
  Object.assign(new Error(`${code}: no such file or directory, ${syscall} '.data/work/reelsmith-x'`), { code, syscall });

describe('describeFailure', () => {
  it('says a hung job was stopped, in minutes, and does not retry it', () => {
    expect(describeFailure('video', new Error('aborted'), 1500)).toEqual({
      reason: 'The video could not be processed: it was stopped after 25 minutes, far longer than this video needs. Press Retry to try again.',
      final: true,
    });
  });

  it('passes messages written for the user through, as final', () => {
    expect(describeFailure('video', new NotAVideoError('The file has no video track.'))).toEqual({ reason: 'The file has no video track.', final: true });
    expect(describeFailure('reel', new UserFacingError('The chosen music track is no longer in the library.')).final).toBe(true);
  });

  it('blames the server, not the video, when the working folder cannot be used, without the path', () => {
    const failure = describeFailure('video', systemError('ENOENT', 'mkdtemp'));
    expect(failure.final).toBe(false);
    expect(failure.reason).toBe(
      'The video could not be processed: the server could not use its working folder. This is not a problem with your video; press Retry later.',
    );
    expect(describeFailure('reel', systemError('ENOSPC', 'write')).reason).toMatch(/^The reel could not be made: the server ran out of disk space/);
  });

  it('keeps ffmpeg output and stack traces out of the reason', () => {
    const ffmpeg = describeFailure('reel', new FfmpegError('[h264 @ 0x55] Invalid NAL unit size (1234 > 99). Error while decoding stream #0:0'));
    expect(ffmpeg.reason).toBe(
      'The reel could not be made: the video could not be decoded or encoded. Press Retry; if it fails again, the file may be damaged, so upload it again.',
    );
    const other = describeFailure('video', new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(other).toEqual({ reason: 'The video could not be processed because of a server error. Press Retry to try again.', final: false });
  });

  it('takes the blame for a render plan of ours that ffmpeg refused, and keeps Retry', () => {
    const ours = describeFailure(
      'reel',
      new RenderPlanError("[AVFilterGraph @ 0x55] Error initializing filter 'atrim' with args 'end_sample=-48' Numerical result out of range"),
    );
    expect(ours).toEqual({ reason: 'We could not make this reel; we have been told. Press Retry to try again.', final: false });
    expect(ours.reason).not.toMatch(/damaged|upload/);
  });

  it('speaks of a damaged file only when the source does not decode', () => {
    const damaged = describeFailure('reel', new SourceDecodeError('[h264 @ 0x55] Invalid NAL unit size (1234 > 99).'));
    expect(damaged).toEqual({
      reason:
        'The reel could not be made: the video could not be decoded or encoded. Press Retry; if it fails again, the file may be damaged, so upload it again.',
      final: false,
    });
  });
});
