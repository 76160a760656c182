import { chordOf, chordTones, midiToFrequency, nearestMidi, PROGRESSIONS, voiceProgression } from './theory';

describe('music theory helpers', () => {
  it('tunes A4 to 440 Hz, equal temperament', () => {
    expect(midiToFrequency(69)).toBe(440);
    expect(midiToFrequency(81)).toBeCloseTo(880, 6);
    expect(midiToFrequency(60)).toBeCloseTo(261.626, 3);
  });

  it('spells chords from numerals, with sevenths and ninths on request', () => {
    expect(chordTones(chordOf('I'))).toEqual([0, 4, 7]);
    expect(chordTones(chordOf('vi'))).toEqual([9, 12, 16]);
    expect(chordTones(chordOf('V', { sevenths: true }))).toEqual([7, 11, 14, 17]);
    expect(chordTones(chordOf('IV', { sevenths: true }))).toEqual([5, 9, 12, 16]);
    expect(chordTones(chordOf('i', { sevenths: true, add9: true }))).toEqual([0, 3, 7, 10, 14]);
    expect(() => chordOf('IX')).toThrow(/unknown chord/);
    for (const progression of [...PROGRESSIONS.major, ...PROGRESSIONS.minor]) expect(progression.map((n) => chordOf(n))).toHaveLength(4);
  });

  it('finds the nearest note of a pitch class', () => {
    expect(nearestMidi(0, 62)).toBe(60);
    expect(nearestMidi(7, 62)).toBe(67);
    expect(nearestMidi(9, 62)).toBe(57);
  });

  it('voices a progression within range with small moves between chords', () => {
    const chords = ['I', 'V', 'vi', 'IV'].map((n) => chordOf(n));
    const voiced = voiceProgression(60, chords, 3, 52, 76);
    for (const notes of voiced) {
      expect(notes).toHaveLength(3);
      for (const n of notes) expect(n).toBeGreaterThanOrEqual(52);
      for (const n of notes) expect(n).toBeLessThanOrEqual(76);
      expect(new Set(notes).size).toBe(3);
    }
    // The chord tones are right: C E G, then G B D, A C E, F A C (in some inversion).
    expect(voiced.map((v) => v.map((n) => n % 12).sort((a, b) => a - b))).toEqual([
      [0, 4, 7],
      [2, 7, 11],
      [0, 4, 9],
      [0, 5, 9],
    ]);
    // Smooth voice leading: no voice jumps more than a fifth.
    for (let i = 1; i < voiced.length; i++) voiced[i].forEach((n, v) => expect(Math.abs(n - voiced[i - 1][v])).toBeLessThanOrEqual(7));
  });
});
