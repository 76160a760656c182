import type { Analysis } from './analysis';
import { pictureFlaws } from './picture-quality';

const STEP = 0.2;

/** 20 s of a handheld shot (the picture changes a little every step) with the given steps changed. */
function shot(
  changes: Record<number, Partial<Record<'difference' | 'subjectMotion' | 'cameraMotion' | 'sharpness' | 'brightness' | 'clipped', number>>>,
  cuts: number[] = [],
): Analysis {
  const n = 100;
  const column = (key: string, value: number) => Array.from({ length: n }, (_, i) => (changes[i] as Record<string, number> | undefined)?.[key] ?? value);
  return {
    version: 6,
    step: STEP,
    duration: n * STEP,
    hasAudio: false,
    loudness: column('loudness', -100),
    flux: column('flux', 0),
    flatness: column('flatness', 0),
    crest: column('crest', 0),
    voiceBand: column('voiceBand', 0),
    tonality: column('tonality', 0),
    modulation: column('modulation', 0),
    variation: column('variation', 0),
    motion: column('motion', 0.1),
    difference: column('difference', 4),
    motionCenter: column('motionCenter', 0.5),
    histogramDelta: column('histogramDelta', 0.01),
    subjectMotion: column('subjectMotion', 0.1),
    cameraMotion: column('cameraMotion', 0.01),
    sharpness: column('sharpness', 20),
    brightness: column('brightness', 120),
    clipped: column('clipped', 0),
    cuts,
  };
}

const range = (from: number, to: number, value: Record<string, number>) => Object.fromEntries(Array.from({ length: to - from }, (_, k) => [from + k, value]));

describe('pictureFlaws', () => {
  it('finds nothing wrong in an ordinary moving shot', () => {
    expect(pictureFlaws(shot({})).every((f) => f === null)).toBe(true);
  });

  it('marks a picture that freezes in a moving shot (a codec glitch), but not a single still step', () => {
    const flaws = pictureFlaws(shot({ ...range(40, 47, { difference: 0, subjectMotion: 0 }), 70: { difference: 0 } }));
    expect(flaws.slice(40, 47).every((f) => f === 'frozen')).toBe(true);
    expect(flaws[70]).toBeNull();
  });

  it('does not call a locked-off shot of a still scene frozen', () => {
    const still = shot(range(0, 100, { difference: 0.1, subjectMotion: 0 }));
    expect(pictureFlaws(still).every((f) => f === null)).toBe(true);
  });

  it('marks whip pans, blown-out and black frames and a smear close to the lens', () => {
    const flaws = pictureFlaws(
      shot({
        10: { cameraMotion: 0.075, subjectMotion: 0.6, sharpness: 14 },
        20: { clipped: 0.4 },
        30: { brightness: 8, sharpness: 1 },
        50: { sharpness: 12, subjectMotion: 0.3 },
      }),
    );
    expect([flaws[10], flaws[20], flaws[30], flaws[50]]).toEqual(['whip pan', 'blown out', 'black', 'smeared']);
  });

  it('marks a fade to black once the picture is dim, not a dark shot', () => {
    const fade = pictureFlaws(
      shot(Object.fromEntries(Array.from({ length: 20 }, (_, k) => [80 + k, { brightness: 150 - k * 7, difference: 3, subjectMotion: 0 }]))),
    );
    expect(fade.slice(80, 89).every((f) => f === null)).toBe(true);
    expect(fade.slice(89, 100).every((f) => f === 'faded')).toBe(true);
    expect(pictureFlaws(shot(range(0, 100, { brightness: 25 }))).every((f) => f === null)).toBe(true);
    // A hard cut to a darker, still shot: one big change, then nothing.
    const cut = pictureFlaws(shot({ ...range(50, 100, { brightness: 40, subjectMotion: 0 }), 50: { brightness: 40, difference: 80 } }, [10]));
    expect(cut.every((f) => f === null)).toBe(true);
  });

  it('does not take a frenzy where everything changes (confetti, a crowd waving) for a whip pan', () => {
    expect(pictureFlaws(shot(range(10, 30, { cameraMotion: 0.075, subjectMotion: 0.7, sharpness: 21 })))[15]).toBeNull();
  });

  it('lets a fast but readable pan through (a plane followed across a plain sky)', () => {
    expect(pictureFlaws(shot(range(10, 20, { cameraMotion: 0.075, subjectMotion: 0.02, sharpness: 2 })))[15]).toBeNull();
  });

  it('judges sharpness against the shot: a soft shot after a sharp one is not a smear', () => {
    const flaws = pictureFlaws(shot(range(50, 100, { sharpness: 6, subjectMotion: 0.3 }), [10]));
    expect(flaws.slice(52, 100).every((f) => f === null)).toBe(true);
  });
});
