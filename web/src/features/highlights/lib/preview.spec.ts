import { MUSIC_MIX, musicGainDb } from '@reelsmith/proto/http/music-mix';
import type { Moment } from '../types';
import { dbToGain, duckReductionDb, fadeShare, previewElapsed, previewLength, previewStep, rms } from './preview';

const m = (start: number, end: number): Moment => ({ start, end, score: 0.5, reasons: [] });
const moments = [m(2, 5), m(10, 14), m(20, 21.5)];

describe('previewStep', () => {
  it('stays in a moment until its end, then seeks to the next one, then stops', () => {
    expect(previewStep(moments, 0, 3)).toEqual({ index: 0, seek: null });
    expect(previewStep(moments, 0, 5)).toEqual({ index: 1, seek: 10 });
    expect(previewStep(moments, 1, 13.99)).toEqual({ index: 2, seek: 20 });
    expect(previewStep(moments, 2, 21.5)).toBeNull();
    expect(previewStep([], 0, 0)).toBeNull();
  });
});

describe('previewElapsed', () => {
  it('adds the moments already played to the part of this one', () => {
    expect(previewElapsed(moments, 0, 2)).toBe(0);
    expect(previewElapsed(moments, 1, 12)).toBe(5);
    // A seek not yet landed (the clock still before the moment) counts as its start.
    expect(previewElapsed(moments, 2, 14)).toBe(7);
    expect(previewLength(moments)).toBe(8.5);
  });
});

describe('the mix', () => {
  it('ducks as the render does: nothing under the threshold, the excess divided by the ratio above it', () => {
    expect(duckReductionDb(0)).toBe(0);
    expect(duckReductionDb(MUSIC_MIX.duck.threshold)).toBe(0);
    // 20 dB over the threshold at ratio 6 comes out 20/6 dB over: the music goes down by 16.67 dB.
    expect(duckReductionDb(MUSIC_MIX.duck.threshold * 10)).toBeCloseTo(20 * (5 / 6), 5);
  });

  it('sets the bed 8 dB under a library track’s own level and fades it out over the last 1.5 s', () => {
    expect(musicGainDb()).toBe(-8);
    expect(dbToGain(-6)).toBeCloseTo(0.501, 3);
    expect(fadeShare(0, 10)).toBe(1);
    expect(fadeShare(9.25, 10)).toBeCloseTo(0.5, 5);
    expect(fadeShare(10, 10)).toBe(0);
  });

  it('reads a level as the root mean square', () => {
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBe(0.5);
    expect(rms([])).toBe(0);
  });
});
