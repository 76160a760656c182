import type { Analysis } from './analysis';
import { keepPhrasesWhole, type PhraseEdgeOptions } from './phrase-edges';
import { scoreAnalysis } from './scoring';
import { CROSSFADE_SECONDS, MIN_MOMENT, PHRASE_REACH, selectMoments } from './selection';

const options = (o: Partial<PhraseEdgeOptions> = {}): PhraseEdgeOptions => ({
  duration: 100,
  target: 30,
  crossfade: CROSSFADE_SECONDS,
  minMoment: MIN_MOMENT,
  reach: PHRASE_REACH,
  strength: () => 1,
  ...o,
});

/** An edge cuts a phrase when it lies inside it, or a crossfade at it would fade one of its words. */
function cutsPhrase(moments: Array<{ start: number; end: number }>, phrases: Array<{ start: number; end: number }>): boolean {
  return moments.some((m) =>
    phrases.some(
      (p) => (p.start < m.start + CROSSFADE_SECONDS - 0.03 && p.end > m.start + 0.03) || (p.start < m.end - 0.03 && p.end > m.end - CROSSFADE_SECONDS + 0.03),
    ),
  );
}

describe('keepPhrasesWhole', () => {
  const phrases = [
    { start: 10, end: 13 },
    { start: 14, end: 16.5 },
    { start: 30, end: 40 },
  ];

  it('an end inside a phrase moves out to the pause after it, past the crossfade', () => {
    const [m] = keepPhrasesWhole([{ start: 8, end: 12 }], phrases, options());
    expect(m).toEqual({ start: 8, end: 13 + CROSSFADE_SECONDS });
  });

  it('a start inside a phrase moves back to the pause before it', () => {
    const [m] = keepPhrasesWhole([{ start: 15, end: 20 }], phrases, options());
    expect(m.start).toBeCloseTo(14 - CROSSFADE_SECONDS, 6);
    expect(m.end).toBe(20);
  });

  it('a start right before a word (inside the fade-in) moves ahead of the crossfade', () => {
    const [m] = keepPhrasesWhole([{ start: 9.8, end: 12.9 }], phrases, options());
    expect(m.start).toBeCloseTo(10 - CROSSFADE_SECONDS, 6);
    expect(cutsPhrase([m], phrases)).toBe(false);
  });

  it('stays on a cut rather than take in a flash of the shot before (a phrase starting right after the cut)', () => {
    // The shot starts at 9.9 and its first word at 10: moving ahead of the fade would show 0.3 s of the shot before.
    const [m] = keepPhrasesWhole([{ start: 9.9, end: 12.9 }], phrases, options({ cuts: [9.9] }));
    expect(m.start).toBe(9.9);
    // A longer stretch of the shot before is a lead-in, and is taken.
    const [far] = keepPhrasesWhole([{ start: 15, end: 20 }], phrases, options({ cuts: [11] }));
    expect(far.start).toBeCloseTo(14 - CROSSFADE_SECONDS, 6);
  });

  it('ends on a cut rather than take in a flash of the next shot', () => {
    const [m] = keepPhrasesWhole([{ start: 8, end: 12.9 }], phrases, options({ cuts: [13.1] }));
    expect(m.end).toBe(13.1);
  });

  it('beyond the reach, the edge goes into the pause on its own side and the phrase stays out', () => {
    const [m] = keepPhrasesWhole([{ start: 25, end: 34 }], phrases, options());
    expect(m).toEqual({ start: 25, end: 30 });
    const [n] = keepPhrasesWhole([{ start: 36, end: 45 }], phrases, options());
    expect(n).toEqual({ start: 40, end: 45 });
    expect(cutsPhrase([m, n], phrases)).toBe(false);
  });

  it('never runs into the next moment: then the phrase is left out', () => {
    const out = keepPhrasesWhole(
      [
        { start: 5, end: 12 },
        { start: 13.2, end: 20 },
      ],
      phrases,
      options(),
    );
    expect(out[0].end).toBeLessThanOrEqual(out[1].start - 0.5);
    expect(cutsPhrase(out, phrases)).toBe(false);
  });

  it('keeps the reel within the target by leaving whole phrases out of the weakest moment', () => {
    const out = keepPhrasesWhole(
      [
        { start: 8, end: 15 },
        { start: 50, end: 56 },
      ],
      phrases,
      options({ target: 10, strength: (m) => (m.start < 20 ? 0.1 : 0.9) }),
    );
    const reel = out.reduce((s, m) => s + m.end - m.start, 0) - CROSSFADE_SECONDS * (out.length - 1);
    expect(reel).toBeLessThanOrEqual(10.05);
    expect(cutsPhrase(out, phrases)).toBe(false);
  });

  it('without speech, the moments are as they were', () => {
    expect(keepPhrasesWhole([{ start: 1, end: 5 }], [], options())).toEqual([{ start: 1, end: 5 }]);
  });
});

describe('selection with speech segments', () => {
  /** A talk: phrases of 2-5 s with short pauses, applause at 60-64 s, a cut at 45 s. */
  function talk(): { analysis: Analysis; phrases: Array<{ start: number; end: number }> } {
    const step = 0.2;
    const duration = 90;
    const phrases: Array<{ start: number; end: number }> = [];
    for (let t = 2; t < 58;) {
      const length = 2 + ((phrases.length * 7) % 4);
      phrases.push({ start: t, end: t + length });
      t += length + 0.6 + ((phrases.length * 3) % 5) * 0.2;
    }
    const n = duration / step;
    const at = (i: number) => i * step;
    const speaking = (t: number) => phrases.some((p) => t >= p.start && t < p.end);
    const applause = (t: number) => t >= 60 && t < 64;
    const column = (f: (t: number, i: number) => number) => Array.from({ length: n }, (_, i) => f(at(i), i));
    const analysis: Analysis = {
      version: 6,
      step,
      duration,
      hasAudio: true,
      loudness: column((t) => (applause(t) ? -12 : speaking(t) ? -22 : -45)),
      flux: column(() => 0.002),
      flatness: column((t) => (applause(t) ? 0.7 : 0.1)),
      crest: column((t) => (applause(t) ? 3.5 : 6)),
      voiceBand: column((t) => (speaking(t) ? 0.8 : 0.4)),
      tonality: column(() => 0.3),
      modulation: column((t) => (speaking(t) ? 20 : 2)),
      variation: column((t) => (speaking(t) ? 0.22 : 0.05)),
      motion: column((t, i) => (t > 20 && t < 26 ? 0.5 : 0.02 + (i % 3) * 0.005)),
      difference: column(() => 2),
      motionCenter: column(() => 0.5),
      histogramDelta: column(() => 0.01),
      subjectMotion: column((t, i) => (t > 20 && t < 26 ? 0.5 : 0.02 + (i % 3) * 0.005)),
      cameraMotion: column(() => 0),
      sharpness: column(() => 20),
      brightness: column(() => 120),
      clipped: column(() => 0),
      speech: phrases.map((p) => ({ ...p })),
      cuts: [45],
    };
    return { analysis, phrases };
  }

  it.each([15, 30])('no moment of a %i s reel starts or ends inside a phrase', (target) => {
    const { analysis, phrases } = talk();
    const moments = selectMoments(analysis, scoreAnalysis(analysis, 'wedding'), { preset: 'wedding', target });
    expect(moments.length).toBeGreaterThan(0);
    expect(cutsPhrase(moments, phrases)).toBe(false);
    const reel = moments.reduce((s, m) => s + m.end - m.start, 0) - CROSSFADE_SECONDS * (moments.length - 1);
    expect(reel).toBeLessThanOrEqual(target + 0.05);
  });

  it("the 'speech' reason comes from the segments", () => {
    const { analysis } = talk();
    const scores = scoreAnalysis(analysis, 'wedding');
    expect(scores.speechRaw.slice(2, 4)).toEqual([1, 1]);
    expect(scores.speechRaw[4]).toBe(0);
    expect(scoreAnalysis({ ...analysis, speech: [] }, 'wedding').speechRaw.every((v) => v === 0)).toBe(true);
  });
});
