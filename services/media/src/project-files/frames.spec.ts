import { frameAt, isDropFrame, parseFrameRate, rationalTime, timecode } from './frames';

const NTSC = { num: 30000, den: 1001 };
const NTSC_60 = { num: 60000, den: 1001 };
const FILM = { num: 24000, den: 1001 };
const PAL = { num: 25, den: 1 };

describe('timecode', () => {
  it('counts whole-rate frames in HH:MM:SS:FF, the hour mark included', () => {
    expect(timecode(0, PAL)).toBe('00:00:00:00');
    expect(timecode(24, PAL)).toBe('00:00:00:24');
    expect(timecode(25, PAL)).toBe('00:00:01:00');
    expect(timecode(25 * 3600 - 1, PAL)).toBe('00:59:59:24');
    expect(timecode(25 * 3600, PAL)).toBe('01:00:00:00');
    expect(timecode(25 * 3600 * 25 + 2, PAL)).toBe('01:00:00:02');
  });

  it('skips ;00 and ;01 at every minute but each tenth at 29.97 (drop-frame)', () => {
    expect(isDropFrame(NTSC)).toBe(true);
    expect(timecode(1799, NTSC)).toBe('00:00:59;29');
    expect(timecode(1800, NTSC)).toBe('00:01:00;02');
    expect(timecode(3597, NTSC)).toBe('00:01:59;29');
    expect(timecode(3598, NTSC)).toBe('00:02:00;02');
    // The tenth minute keeps its ;00.
    expect(timecode(17981, NTSC)).toBe('00:09:59;29');
    expect(timecode(17982, NTSC)).toBe('00:10:00;00');
    // An hour of 29.97 is 107892 frames: drop-frame labels it 01:00:00;00, on the clock.
    expect(timecode(107892, NTSC)).toBe('01:00:00;00');
    expect(timecode(frameAt(3600, NTSC), NTSC)).toBe('01:00:00;00');
  });

  it('skips four labels a minute at 59.94', () => {
    expect(isDropFrame(NTSC_60)).toBe(true);
    expect(timecode(3600, NTSC_60)).toBe('00:01:00;04');
    expect(timecode(frameAt(3600, NTSC_60), NTSC_60)).toBe('01:00:00;00');
  });

  it('counts 23.976 on a 24-frame timecode without dropping (it drifts from the clock, as every editor shows it)', () => {
    expect(isDropFrame(FILM)).toBe(false);
    expect(timecode(24, FILM)).toBe('00:00:01:00');
    expect(timecode(frameAt(3600, FILM), FILM)).toBe('00:59:56:10');
  });
});

describe('frames and rational times', () => {
  it('snaps seconds to the frame that shows them on a non-integer rate', () => {
    expect(frameAt(0.5, NTSC)).toBe(15);
    expect(frameAt(1001 / 30000, NTSC)).toBe(1);
    expect(frameAt(10, NTSC)).toBe(300);
    expect(frameAt(2.02, PAL)).toBe(51);
  });

  it('writes FCPXML rational times exactly: frames times the frame duration, reduced', () => {
    expect(rationalTime(0, NTSC)).toBe('0s');
    expect(rationalTime(1, NTSC)).toBe('1001/30000s');
    expect(rationalTime(30, NTSC)).toBe('1001/1000s');
    expect(rationalTime(60, NTSC)).toBe('1001/500s');
    expect(rationalTime(50, PAL)).toBe('2s');
    expect(rationalTime(1, PAL)).toBe('1/25s');
  });

  it('reads ffprobe rates and refuses unusable ones', () => {
    expect(parseFrameRate('30000/1001')).toEqual(NTSC);
    expect(parseFrameRate('50/2')).toEqual(PAL);
    expect(parseFrameRate('25')).toEqual(PAL);
    expect(parseFrameRate('0/0')).toBeNull();
    expect(parseFrameRate('90000/1')).toBeNull();
    expect(parseFrameRate(undefined)).toBeNull();
  });
});
