import type { Analysis } from './analysis';
import { cropPath } from './crop-path';

/** An analysis of `seconds` seconds at 5 steps a second: motion centred at `motionAt`, faces per second as given. */
function analysisOf(
  seconds: number,
  options: { cuts?: number[]; faceCenter?: number[]; faceCount?: number[]; motionAt?: number; subject?: number[]; subjectCenter?: number[] } = {},
): Analysis {
  const steps = seconds * 5;
  const column = (v: number) => Array.from({ length: steps }, () => v);
  return {
    version: 6,
    step: 0.2,
    duration: seconds,
    hasAudio: false,
    loudness: column(-100),
    flux: column(0),
    flatness: column(0),
    crest: column(0),
    voiceBand: column(0),
    tonality: column(0),
    modulation: column(0),
    variation: column(0),
    motion: column(0.2),
    difference: column(0.1),
    motionCenter: column(options.motionAt ?? 0.5),
    histogramDelta: column(0),
    subjectMotion: column(0.2),
    cameraMotion: column(0),
    sharpness: column(10),
    brightness: column(100),
    clipped: column(0),
    faceCount: options.faceCount ?? options.faceCenter?.map(() => 1) ?? options.subject?.map(() => 0),
    faceCenter: options.faceCenter ?? options.subject?.map(() => 0.5),
    subject: options.subject,
    subjectCenter: options.subjectCenter,
    cuts: options.cuts ?? [],
  };
}

describe('the 9:16 crop path', () => {
  it('holds still on a face that hardly moves', () => {
    const path = cropPath(analysisOf(6, { faceCenter: [0.7, 0.72, 0.71, 0.7, 0.73, 0.7] }), { start: 1, end: 5 });
    expect(path).toHaveLength(1);
    expect(path[0]).toMatchObject({ from: 0, to: 4 });
    expect(path[0].x0).toBeCloseTo(path[0].x1, 6);
    expect(path[0].x0).toBeGreaterThan(0.69);
  });

  it('frames each shot on its own: a jump at the cut, no pan across it', () => {
    const analysis = analysisOf(8, { cuts: [4.3], faceCenter: [0.2, 0.2, 0.2, 0.2, 0.2, 0.85, 0.85, 0.85] });
    const path = cropPath(analysis, { start: 2, end: 7 });
    expect(path[0].from).toBe(0);
    expect(path[0].x0).toBeCloseTo(0.2, 6);
    expect(path[0].x1).toBeCloseTo(0.2, 6);
    const second = path.find((s) => s.from >= 2.29)!;
    expect(second.from).toBeCloseTo(2.3, 6);
    expect(second.x0).toBeCloseTo(0.85, 6);
    expect(path[path.length - 1].to).toBeCloseTo(5, 6);
  });

  it('follows a walking face at a calm speed, never jumping inside a shot', () => {
    const path = cropPath(analysisOf(6, { faceCenter: [0.1, 0.3, 0.5, 0.7, 0.9, 0.9] }), { start: 0, end: 6 });
    for (let i = 0; i < path.length; i++) {
      const s = path[i];
      expect(Math.abs(s.x1 - s.x0) / (s.to - s.from)).toBeLessThanOrEqual(0.12 + 1e-9);
      if (i > 0) expect(s.x0).toBeCloseTo(path[i - 1].x1, 6);
    }
    expect(path[path.length - 1].x1).toBeGreaterThan(0.5);
  });

  it('centres a shot without faces on its action', () => {
    const path = cropPath(analysisOf(4, { faceCount: [0, 0, 0, 0], faceCenter: [0.5, 0.5, 0.5, 0.5], motionAt: 0.25 }), { start: 0, end: 4 });
    expect(path).toEqual([{ from: 0, to: 4, x0: 0.25, x1: 0.25 }]);
  });

  it('takes the nearest face sample for a shot shorter than a second', () => {
    const analysis = analysisOf(4, { cuts: [1.2, 1.8], faceCenter: [0.5, 0.5, 0.8, 0.5], faceCount: [0, 0, 1, 0] });
    const path = cropPath(analysis, { start: 0, end: 4 });
    const short = path.find((s) => Math.abs(s.from - 1.2) < 1e-6)!;
    expect(short.to).toBeCloseTo(1.8, 6);
    expect(short.x0).toBeCloseTo(0.8, 6);
  });

  it('follows a subject (a dog, a jet) in a shot without faces, not the other moving pixels', () => {
    // The dog runs from the left third to the middle; the thrower on the right moves the most pixels.
    const analysis = analysisOf(6, { motionAt: 0.8, subject: [0.6, 0.6, 0.6, 0.6, 0.6, 0.6], subjectCenter: [0.2, 0.2, 0.3, 0.4, 0.5, 0.5] });
    const path = cropPath(analysis, { start: 0, end: 6 });
    expect(path[0].x0).toBeCloseTo(0.2, 6);
    expect(path[path.length - 1].x1).toBeGreaterThan(0.45);
    expect(path[path.length - 1].x1).toBeLessThan(0.55);
    for (const s of path) expect(Math.abs(s.x1 - s.x0)).toBeLessThanOrEqual(0.12 * (s.to - s.from) + 1e-9);
  });

  it('keeps to the faces when a shot shows both faces and a subject', () => {
    const analysis = analysisOf(4, { faceCenter: [0.75, 0.75, 0.75, 0.75], subject: [0.6, 0.6, 0.6, 0.6], subjectCenter: [0.2, 0.2, 0.2, 0.2] });
    const [segment] = cropPath(analysis, { start: 0, end: 4 });
    expect(segment.x0).toBeCloseTo(0.75, 6);
  });

  it('centres on the action when a subject shows in under a third of the seconds', () => {
    const analysis = analysisOf(6, { motionAt: 0.8, subject: [0.6, 0, 0, 0, 0, 0], subjectCenter: [0.2, 0.5, 0.5, 0.5, 0.5, 0.5] });
    const [segment] = cropPath(analysis, { start: 0, end: 6 });
    expect(segment.x0).toBeCloseTo(0.8, 6);
  });
});
