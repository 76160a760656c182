import { frameAt, waveformPath } from './VideoStrip';

describe('the video strip under the timeline', () => {
  it('shows, at each time, the filmstrip frame of that part of the video', () => {
    expect(frameAt(0, 100)).toEqual({ column: 0, row: 0 });
    expect(frameAt(26, 100)).toEqual({ column: 0, row: 1 }); // frame 10 of 40
    expect(frameAt(99.9, 100)).toEqual({ column: 9, row: 3 });
    expect(frameAt(500, 100)).toEqual({ column: 9, row: 3 });
  });

  it('draws the peaks mirrored around the middle, and nothing without peaks', () => {
    expect(waveformPath([], 100, 20)).toBe('');
    expect(waveformPath([1, 0], 100, 20)).toBe('M0,10L0.0,0.0L50.0,9.5L100.0,10L50.0,10.5L0.0,20.0Z');
  });
});
