import type { Analysis } from './analysis';
import { reasonsFor, scoreAnalysis } from './scoring';
import { snapToBeats } from './beats';
import { CROSSFADE_SECONDS, selectionSummary, selectMoments } from './selection';

const STEP = 0.2;

/** Calm footage with events planted at known seconds. */
function plantedAnalysis(
  duration: number,
  events: Array<{ from: number; to: number; crowd?: boolean; motion?: boolean; speech?: boolean; frozen?: boolean }>,
  cuts: number[] = [],
): Analysis {
  const n = Math.round(duration / STEP);
  const wobble = (i: number, amount: number) => (((i * 7919) % 13) / 13) * amount;
  const a: Analysis = {
    version: 6,
    step: STEP,
    duration,
    hasAudio: true,
    loudness: [],
    flux: [],
    flatness: [],
    crest: [],
    voiceBand: [],
    tonality: [],
    modulation: [],
    variation: [],
    motion: [],
    difference: [],
    motionCenter: [],
    histogramDelta: [],
    subjectMotion: [],
    cameraMotion: [],
    sharpness: [],
    brightness: [],
    clipped: [],
    cuts,
  };
  for (let i = 0; i < n; i++) {
    const t = i * STEP;
    const event = events.find((e) => t >= e.from && t < e.to);
    a.loudness.push(event?.crowd ? -12 : event?.speech ? -24 : -38 + wobble(i, 2));
    a.flux.push(event?.crowd ? 0.02 : 0.002 + wobble(i, 0.001));
    a.flatness.push(event?.crowd ? 0.7 : 0.1 + wobble(i, 0.05));
    a.crest.push(event?.crowd ? 3.5 : 6 + wobble(i, 1));
    a.voiceBand.push(event?.speech ? 0.8 : 0.4);
    // Speech: syllables (the voice band rises and falls within a step) and moving formants.
    a.tonality.push(event?.speech ? 0.4 : 0.3);
    a.modulation.push(event?.speech ? 20 + wobble(i, 8) : 2 + wobble(i, 2));
    a.variation.push(event?.speech ? 0.22 : 0.05);
    a.motion.push(event?.motion ? 0.6 : 0.02 + wobble(i, 0.01));
    a.subjectMotion.push(event?.frozen ? 0 : a.motion[i]);
    a.cameraMotion.push(0);
    // A frozen picture: nothing changes from frame to frame (a codec's garbage, a held frame).
    a.difference.push(event?.frozen ? 0 : event?.motion ? 30 : 2);
    a.sharpness.push(20);
    a.brightness.push(120);
    a.clipped.push(0);
    a.motionCenter.push(0.5);
    a.histogramDelta.push(0.01);
  }
  return a;
}

const lengthOf = (moments: Array<{ start: number; end: number }>) =>
  moments.reduce((sum, m) => sum + m.end - m.start, 0) - CROSSFADE_SECONDS * (moments.length - 1);

describe('scoring and selection', () => {
  const analysis = plantedAnalysis(
    300,
    [
      { from: 40, to: 45, crowd: true, motion: true },
      { from: 150, to: 154, crowd: true, motion: true },
      { from: 240, to: 244, motion: true },
    ],
    [120],
  );

  it('scores planted events far above the calm footage', () => {
    const { score } = scoreAnalysis(analysis, 'sport');
    const calm = Math.max(...score.slice(60, 110));
    expect(Math.min(score[42], score[151])).toBeGreaterThan(calm + 0.3);
  });

  it('leaves weak moments out by default: the reel is shorter than the target and says why', () => {
    const scores = scoreAnalysis(analysis, 'sport');
    const moments = selectMoments(analysis, scores, { preset: 'sport', target: 30 });
    for (const e of [
      { from: 40, to: 45 },
      { from: 150, to: 154 },
    ])
      expect(moments.some((m) => m.start <= e.from + 1 && m.end >= e.to - 1)).toBe(true);
    expect(lengthOf(moments)).toBeLessThan(20);
    // Nothing from the calm stretches: each moment holds a planted event.
    for (const m of moments) expect([40, 150, 240].some((t) => m.start < t + 5 && m.end > t)).toBe(true);
    expect(selectionSummary(moments, 30)).toMatch(
      new RegExp(`^${moments.length} strong moments?: .*\\. A \\d+:\\d\\d reel rather than 0:30 of weaker moments\\.$`),
    );
    const filled = selectMoments(analysis, scoreAnalysis(analysis, 'sport'), { preset: 'sport', target: 30, fill: true });
    expect(lengthOf(filled)).toBeGreaterThan(29);
    expect(selectionSummary(filled, 30, true)).toMatch(new RegExp(`^${filled.length} (strong )?moments: .*, filled to the 0:30 target$`));
  });

  it('fills the target with non-overlapping moments in story order that contain the planted events', () => {
    const scores = scoreAnalysis(analysis, 'sport');
    const moments = selectMoments(analysis, scores, { preset: 'sport', target: 30, fill: true });
    expect(lengthOf(moments)).toBeGreaterThan(29);
    expect(lengthOf(moments)).toBeLessThan(31.5);
    moments.forEach((m, i) => {
      if (i > 0) expect(m.start).toBeGreaterThanOrEqual(moments[i - 1].end);
      expect(m.end - m.start).toBeGreaterThanOrEqual(2.5);
    });
    for (const planted of [42, 152, 242]) {
      expect({ planted, found: moments.some((m) => m.start <= planted && m.end >= planted) }).toEqual({ planted, found: true });
    }
    const crowdMoment = moments.find((m) => m.start <= 42 && m.end >= 42)!;
    expect(crowdMoment.reasons).toEqual(expect.arrayContaining(['crowd roar', 'fast action']));
    expect(crowdMoment.score).toBeGreaterThan(0.2);
  });

  it('fills the target even when snapping to cuts takes seconds away, keeping the starts on their cuts', () => {
    // Cuts just inside every likely moment: snapping starts onto them shortens each moment.
    const cuts = [40.8, 45.6, 150.8, 154.6, 240.8, 244.6, 60.5, 90.5, 200.5, 270.5];
    const cutHeavy = plantedAnalysis(
      300,
      [
        { from: 40, to: 45, crowd: true, motion: true },
        { from: 150, to: 154, crowd: true, motion: true },
        { from: 240, to: 244, motion: true },
      ],
      cuts,
    );
    const moments = selectMoments(cutHeavy, scoreAnalysis(cutHeavy, 'sport'), { preset: 'sport', target: 30, fill: true });
    expect(lengthOf(moments)).toBeGreaterThan(29.5);
    expect(lengthOf(moments)).toBeLessThan(31.5);
    const snappedStarts = moments.filter((m) => cuts.some((c) => Math.abs(c - m.start) < 0.01));
    expect(snappedStarts.length).toBeGreaterThan(0);
  });

  it('uses the whole video when it is shorter than the target', () => {
    const short = plantedAnalysis(12, []);
    expect(selectMoments(short, scoreAnalysis(short, 'auto'), { preset: 'auto', target: 30 })).toEqual([expect.objectContaining({ start: 0, end: 12 })]);
  });

  it('calls noise after a speech applause at a business event', () => {
    const event = plantedAnalysis(120, [
      { from: 50, to: 58, speech: true },
      { from: 58, to: 62, crowd: true },
    ]);
    const scores = scoreAnalysis(event, 'business');
    expect(reasonsFor(scores, 58, 62, 'business')).toContain('applause');
    expect(reasonsFor(scores, 50, 57, 'business')).toContain('speech');
  });

  it('pads a moment so it does not cut into speech', () => {
    const talk = plantedAnalysis(200, [
      { from: 60, to: 70, speech: true },
      { from: 70, to: 74, crowd: true, motion: true },
    ]);
    const scores = scoreAnalysis(talk, 'wedding');
    const moments = selectMoments(talk, scores, { preset: 'wedding', target: 15 });
    const applause = moments.find((m) => m.start <= 72 && m.end >= 72)!;
    expect(applause.start).toBeLessThanOrEqual(70);
  });

  it('moves cuts between moments onto the beats of the music', () => {
    const beats = Array.from({ length: 100 }, (_, i) => i * 0.5);
    const moments = [
      { start: 10, end: 14.3, score: 1, reasons: [] },
      { start: 40, end: 44.2, score: 1, reasons: [] },
    ];
    const snapped = snapToBeats(moments, beats);
    expect(snapped[0].end - snapped[0].start).toBeCloseTo(4.5, 5);
    expect(snapped[1]).toEqual(moments[1]);
  });

  it('never makes a moment of a scene change alone, and never names one', () => {
    const cutHeavy = plantedAnalysis(300, [{ from: 200, to: 204, crowd: true, motion: true }], [20, 40, 60, 80, 100, 120, 140]);
    const moments = selectMoments(cutHeavy, scoreAnalysis(cutHeavy, 'auto'), { preset: 'auto', target: 30 });
    for (const m of moments) expect(m.reasons).not.toContain('scene change');
    expect(moments.some((m) => m.start <= 200 && m.end >= 204)).toBe(true);
    expect(moments.every((m) => m.start >= 190)).toBe(true);
  });

  it('keeps a moment inside the shot of its event: its edges land on the cuts around it', () => {
    const shots = plantedAnalysis(300, [{ from: 101, to: 104, crowd: true, motion: true }], [100, 105.5]);
    const moments = selectMoments(shots, scoreAnalysis(shots, 'sport'), { preset: 'sport', target: 15 });
    const [moment] = moments;
    expect(moment.start).toBeGreaterThanOrEqual(99.999);
    expect(moment.end).toBeLessThanOrEqual(105.5);
    expect(moment.end - moment.start).toBeGreaterThan(3);
  });

  it('leaves frozen frames out of the reel even beside the loudest moment', () => {
    const broken = plantedAnalysis(300, [
      { from: 100, to: 106, crowd: true, motion: true },
      { from: 106, to: 108, crowd: true, frozen: true },
    ]);
    const moments = selectMoments(broken, scoreAnalysis(broken, 'sport'), { preset: 'sport', target: 30, fill: true });
    expect(moments.some((m) => m.start < 104 && m.end > 101)).toBe(true);
    for (const m of moments) expect(m.end <= 106 - STEP + 1e-6 || m.start >= 108 + STEP - 1e-6).toBe(true);
  });

  it('gives a weak short video a reel of at least 5 s and says nothing stood out', () => {
    const calm = plantedAnalysis(40, []);
    const moments = selectMoments(calm, scoreAnalysis(calm, 'auto'), { preset: 'auto', target: 15 });
    expect(lengthOf(moments)).toBeGreaterThanOrEqual(5 - 0.01);
    expect(selectionSummary(moments, 15)).toMatch(/^Nothing stood out strongly in this video, so the reel is its best \d+:\d\d\.$/);
  });

  it('sums up what the moments are, most common first', () => {
    const m = (reasons: string[]) => ({ start: 0, end: 5, score: 0.5, reasons });
    expect(selectionSummary([m(['impact']), m(['applause', 'faces']), m(['impact', 'loud moment'])], 14)).toBe('3 strong moments: 2 impacts, applause');
    expect(selectionSummary([m(['fast action']), { ...m(['faces']), score: 0.1 }], 9.6)).toBe('2 moments: fast action, people');
  });
});

describe('short shots and touching moments', () => {
  // A long shot with a burst of action (60-70), then a 2 s shot with something in it (the reaction), then calm.
  const analysis = plantedAnalysis(
    200,
    [
      { from: 64, to: 70, crowd: true, motion: true },
      { from: 70, to: 72, motion: true },
    ],
    [60, 70, 72],
  );

  it('a shot too short to stand alone joins the moment it follows, whole', () => {
    const moments = selectMoments(analysis, scoreAnalysis(analysis, 'auto'), { preset: 'auto', target: 20 });
    const action = moments.find((m) => m.start < 70 && m.end > 64);
    expect(action).toBeDefined();
    expect(action!.end).toBeGreaterThanOrEqual(71.99);
    // Never a piece of the next shot, nor a crossfade inside the reaction.
    expect(action!.end).toBeLessThan(72.01);
    expect(moments.filter((m) => m.start < 72 && m.end > 70)).toHaveLength(1);
  });

  it('leaves a short shot with nothing in it out', () => {
    const calmAfter = plantedAnalysis(200, [{ from: 64, to: 70, crowd: true, motion: true }], [60, 70, 72]);
    const moments = selectMoments(calmAfter, scoreAnalysis(calmAfter, 'auto'), { preset: 'auto', target: 20 });
    const action = moments.find((m) => m.start < 70 && m.end > 64)!;
    expect(action.end).toBeLessThanOrEqual(70.01);
  });
});
