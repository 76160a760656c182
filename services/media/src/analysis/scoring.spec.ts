import type { Analysis } from './analysis';
import { PRESET_WEIGHTS, PRESETS, reasonsFor, scoreAnalysis } from './scoring';
import { selectMoments } from './selection';

const STEP = 0.2;

/** 120 s of calm footage; faces (count, centre) in the given seconds. */
function withFaces(faces: Array<{ from: number; to: number; count: number; center: number }>, motionAt = 0.5): Analysis {
  const seconds = 120;
  const n = seconds / STEP;
  const steady = (value: number) => Array.from({ length: n }, (_, i) => value + (((i * 7919) % 13) / 13) * value * 0.05);
  const face = (s: number) => faces.find((f) => s >= f.from && s < f.to);
  return {
    version: 6,
    step: STEP,
    duration: seconds,
    hasAudio: true,
    loudness: steady(-38),
    flux: steady(0.002),
    flatness: steady(0.1),
    crest: steady(6),
    voiceBand: steady(0.4),
    tonality: steady(0.3),
    modulation: steady(2),
    variation: steady(0.05),
    motion: steady(0.02),
    difference: steady(2),
    motionCenter: Array(n).fill(motionAt),
    histogramDelta: steady(0.01),
    subjectMotion: steady(0.02),
    cameraMotion: Array(n).fill(0),
    sharpness: steady(10),
    brightness: steady(100),
    clipped: Array(n).fill(0),
    faceCount: Array.from({ length: seconds }, (_, s) => face(s)?.count ?? 0),
    faceCenter: Array.from({ length: seconds }, (_, s) => face(s)?.center ?? 0.5),
    cuts: [],
  };
}

describe("the 'faces' score term and reason", () => {
  const analysis = withFaces([
    { from: 60, to: 70, count: 1, center: 0.8 },
    { from: 90, to: 94, count: 3, center: 0.3 },
  ]);

  it('is a feature of its own: 0 without faces, more with more faces', () => {
    const { features } = scoreAnalysis(analysis, 'wedding');
    expect(features.faces.slice(0, 60).every((v) => v === 0)).toBe(true);
    expect(features.faces.slice(60, 70).every((v) => v > 0)).toBe(true);
    expect(features.faces[91]).toBeGreaterThan(features.faces[61]);
  });

  it('weighs in wedding and business reels (and a little in auto), not in sport or travel', () => {
    expect(PRESET_WEIGHTS.wedding.faces).toBeGreaterThanOrEqual(0.1);
    expect(PRESET_WEIGHTS.business.faces).toBeGreaterThanOrEqual(0.1);
    const faceless = { ...analysis, faceCount: undefined, faceCenter: undefined };
    for (const preset of PRESETS) {
      const lift = scoreAnalysis(analysis, preset).score[65] - scoreAnalysis(faceless, preset).score[65];
      expect(scoreAnalysis(analysis, preset).score[30]).toBe(scoreAnalysis(faceless, preset).score[30]);
      if (preset === 'wedding' || preset === 'business') expect(lift).toBeGreaterThan(0.05);
      else if (preset === 'sport' || preset === 'travel') expect(lift).toBeCloseTo(0, 5);
      else expect(lift).toBeGreaterThan(0);
    }
  });

  it("says 'faces' where most seconds show one, and not elsewhere", () => {
    for (const preset of ['wedding', 'business'] as const) {
      const scores = scoreAnalysis(analysis, preset);
      expect(reasonsFor(scores, 61, 67, preset)).toContain('faces');
      expect(reasonsFor(scores, 20, 26, preset)).not.toContain('faces');
      // Two seconds of faces in a six-second moment are not what it is about.
      expect(reasonsFor(scores, 56, 62, preset)).not.toContain('faces');
    }
  });

  it('a wedding reel of calm footage picks the seconds with people', () => {
    const scores = scoreAnalysis(analysis, 'wedding');
    const moments = selectMoments(analysis, scores, { preset: 'wedding', target: 12 });
    // The best: the group (three faces); the single face is under the quality floor beside it...
    expect(moments).toHaveLength(1);
    expect(moments[0].start).toBeLessThan(94);
    expect(moments[0].end).toBeGreaterThan(90);
    expect(moments[0].reasons).toContain('faces');
    // ...and comes next when the reel is filled to its length.
    const filled = selectMoments(analysis, scores, { preset: 'wedding', target: 16, fill: true });
    expect(filled.some((m) => m.start < 70 && m.end > 60 && m.reasons.includes('faces'))).toBe(true);
  });
});

describe("the 'subject' score term and reason (an animal, a vehicle, sports gear in view)", () => {
  const base = withFaces([]);
  const seconds = base.faceCount!.length;
  const analysis: Analysis = {
    ...base,
    subject: Array.from({ length: seconds }, (_, s) => (s >= 40 && s < 46 ? 0.7 : 0)),
    subjectLabel: Array.from({ length: seconds }, (_, s) => (s >= 40 && s < 46 ? 'dog' : null)),
  };

  it('adds to the score where a subject is in view, in auto, sport and travel, and nowhere else', () => {
    const without = { ...analysis, subject: undefined, subjectLabel: undefined };
    for (const preset of PRESETS) {
      const lift = scoreAnalysis(analysis, preset).score[42] - scoreAnalysis(without, preset).score[42];
      expect(scoreAnalysis(analysis, preset).score[20]).toBe(scoreAnalysis(without, preset).score[20]);
      if (preset === 'wedding' || preset === 'business') expect(lift).toBeCloseTo(0, 5);
      else expect(lift).toBeGreaterThan(0.1);
    }
  });

  it('names what is in view, where it is in view for most of a stretch', () => {
    const scores = scoreAnalysis(analysis, 'auto');
    expect(reasonsFor(scores, 40, 45, 'auto')).toContain('dog');
    expect(reasonsFor(scores, 44, 50, 'auto')).not.toContain('dog');
  });

  it('makes the seconds with a subject the moment of otherwise calm footage', () => {
    const scores = scoreAnalysis(analysis, 'auto');
    const moments = selectMoments(analysis, scores, { preset: 'auto', target: 10 });
    expect(moments[0].start).toBeLessThan(46);
    expect(moments[0].end).toBeGreaterThan(40);
  });
});

describe("the 'rise' term", () => {
  it('sees no rise where sound starts after digital silence (a join, a dropout), and sees one after quiet sound', () => {
    const base = withFaces([]);
    const steps = base.loudness.length;
    const perSecond = Math.round(1 / base.step);
    // Digital silence from 20 s to 29.4 s, then loud (second 29 averages out at about -70 dB: the join
    // falls inside it); quiet sound (-50 dB) from 60 s to 70 s, then loud.
    const loudness = base.loudness.map((l, i) => {
      const s = Math.floor(i / perSecond);
      if (i * base.step >= 29.4 - 1e-9 && s < 30) return -15;
      if (s >= 20 && s < 30) return -100;
      if (s >= 60 && s < 70) return -50;
      return (s >= 30 && s < 34) || (s >= 70 && s < 74) ? -15 : l;
    });
    expect(steps).toBe(loudness.length);
    const { features } = scoreAnalysis({ ...base, loudness }, 'auto');
    expect(features.rise[30]).toBe(0);
    expect(features.rise[70]).toBeGreaterThan(0.5);
  });
});

describe('seconds without sound', () => {
  /** Calm footage with sound, cut at 40 and 50 s; digital silence from 40 to 50 s (`silentShot`) or 43 to 47 s (a dropout). */
  function withSilence(silentShot: boolean): Analysis {
    const base = withFaces([{ from: 40, to: 50, count: 1, center: 0.5 }]);
    const [from, to] = silentShot ? [40, 50] : [43, 47];
    return { ...base, cuts: [40, 50], loudness: base.loudness.map((l, i) => (i * STEP >= from - 1e-9 && i * STEP < to - 1e-9 ? -100 : l)) };
  }

  it('count less in a dropout than in a shot filmed without sound, which is judged on its picture', () => {
    const dropout = scoreAnalysis(withSilence(false), 'auto').score[45];
    const silentShot = scoreAnalysis(withSilence(true), 'auto').score[45];
    const heard = scoreAnalysis(withFaces([{ from: 40, to: 50, count: 1, center: 0.5 }]), 'auto').score[45];
    expect(dropout).toBeGreaterThan(0);
    expect(silentShot).toBeGreaterThan(dropout);
    expect(silentShot).toBeLessThan(heard + 1e-9);
  });
});

describe("the 'applause' reason", () => {
  /** Calm room tone with a loud, noise-like stretch at 40-46 s: `flatness` its spectrum's, `speech` whether it is a voice. */
  function withNoise(flatness: number, speech = false): Analysis {
    const base = withFaces([]);
    const inside = (i: number) => i * STEP >= 40 && i * STEP < 46;
    const at = (values: number[], value: number) => values.map((v, i) => (inside(i) ? value : v));
    return {
      ...base,
      loudness: at(base.loudness, -20),
      flatness: at(base.flatness, flatness),
      crest: at(base.crest, 3),
      // A voice: syllables (the voice band rises and falls 12 dB and more) and moving formants.
      voiceBand: speech ? at(base.voiceBand, 0.5) : base.voiceBand,
      modulation: speech ? at(base.modulation, 20) : base.modulation,
      variation: speech ? at(base.variation, 0.3) : base.variation,
    };
  }

  it('names dense noise as flat as a crowd clapping', () => {
    expect(reasonsFor(scoreAnalysis(withNoise(0.25), 'auto'), 40, 46, 'auto')).toContain('applause');
  });

  it('does not name an engine applause, even where it stands out of a silent video (a jet overhead, then a dropout)', () => {
    // A jet's roar (dense, loud, far less flat than applause) at 40-44.6 s, its last step half cut out
    // (the silent half of its frames reads flat); digital silence everywhere else.
    const jet = withNoise(0.05);
    const silent = (i: number) => i * STEP < 40 || i * STEP >= 44.6 - 1e-9;
    const cutOut = (i: number) => Math.abs(i * STEP - 44.4) < 1e-9;
    const analysis = {
      ...jet,
      loudness: jet.loudness.map((v, i) => (silent(i) ? -100 : cutOut(i) ? -52 : v)),
      flatness: jet.flatness.map((v, i) => (silent(i) ? 1 : cutOut(i) ? 0.7 : v)),
      crest: jet.crest.map((v, i) => (silent(i) ? 0 : cutOut(i) ? 8.6 : v)),
    };
    const scores = scoreAnalysis(analysis, 'auto');
    expect(Math.max(...scores.features.crowd.slice(40, 45))).toBeGreaterThanOrEqual(0.35);
    expect(reasonsFor(scores, 40, 45, 'auto')).not.toContain('applause');
  });

  it('does not take a voice in a noisy room for a crowd', () => {
    const scores = scoreAnalysis(withNoise(0.25, true), 'auto');
    expect(scores.speechRaw.slice(40, 46).every((v) => v > 0)).toBe(true);
    expect(Math.max(...scores.features.crowd.slice(40, 46))).toBe(0);
    expect(reasonsFor(scores, 40, 46, 'auto')).not.toContain('applause');
  });
});
