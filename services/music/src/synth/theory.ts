/** Just enough music theory for the generator: keys, chords, progressions, voicings. */

export type Mode = 'major' | 'minor';
export type ChordQuality = 'maj' | 'min' | 'dim' | 'sus2' | 'sus4';

export interface Chord {
  /** Semitones above the tonic. */
  root: number;
  quality: ChordQuality;
  /** Adds the seventh that fits the quality (maj7, m7, or a dominant 7 on V). */
  seventh?: boolean;
  add9?: boolean;
}

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];

export function scaleOf(mode: Mode): readonly number[] {
  return mode === 'major' ? MAJOR_SCALE : MINOR_SCALE;
}

export function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

const NUMERALS: Record<string, Chord> = {
  I: { root: 0, quality: 'maj' },
  ii: { root: 2, quality: 'min' },
  iii: { root: 4, quality: 'min' },
  IV: { root: 5, quality: 'maj' },
  V: { root: 7, quality: 'maj' },
  vi: { root: 9, quality: 'min' },
  i: { root: 0, quality: 'min' },
  iv: { root: 5, quality: 'min' },
  v: { root: 7, quality: 'min' },
  bIII: { root: 3, quality: 'maj' },
  bVI: { root: 8, quality: 'maj' },
  bVII: { root: 10, quality: 'maj' },
  Isus2: { root: 0, quality: 'sus2' },
  Vsus4: { root: 7, quality: 'sus4' },
};

/** Four-chord progressions that sound like the mood asks, one chord per bar. */
export const PROGRESSIONS: Record<Mode, readonly string[][]> = {
  major: [
    ['I', 'V', 'vi', 'IV'],
    ['I', 'vi', 'IV', 'V'],
    ['vi', 'IV', 'I', 'V'],
    ['I', 'IV', 'vi', 'V'],
    ['IV', 'I', 'V', 'vi'],
    ['I', 'iii', 'IV', 'V'],
    ['I', 'V', 'IV', 'IV'],
    ['Isus2', 'vi', 'IV', 'Vsus4'],
  ],
  minor: [
    ['i', 'bVI', 'bIII', 'bVII'],
    ['i', 'iv', 'bVI', 'V'],
    ['i', 'bVII', 'bVI', 'bVII'],
    ['i', 'bVI', 'iv', 'V'],
    ['i', 'iv', 'bVII', 'bIII'],
    ['bVI', 'bVII', 'i', 'i'],
    ['i', 'i', 'bVI', 'bVII'],
  ],
};

export function chordOf(numeral: string, options: { sevenths?: boolean; add9?: boolean } = {}): Chord {
  const chord = NUMERALS[numeral];
  if (!chord) throw new Error(`unknown chord numeral ${numeral}`);
  const canExtend = chord.quality === 'maj' || chord.quality === 'min';
  return { ...chord, seventh: Boolean(options.sevenths && canExtend), add9: Boolean(options.add9 && chord.quality !== 'dim') };
}

/** Pitch classes relative to the tonic: root first, then the other chord tones. */
export function chordTones(chord: Chord): number[] {
  const triad = { maj: [0, 4, 7], min: [0, 3, 7], dim: [0, 3, 6], sus2: [0, 2, 7], sus4: [0, 5, 7] }[chord.quality];
  const tones = [...triad];
  if (chord.seventh) tones.push(chord.quality === 'maj' ? (chord.root === 7 ? 10 : 11) : 10);
  if (chord.add9) tones.push(14);
  return tones.map((t) => chord.root + t);
}

/** The MIDI note of pitch class `pc` (0-11, relative to C) closest to `near`. */
export function nearestMidi(pc: number, near: number): number {
  const base = near - ((((near - pc) % 12) + 12) % 12);
  return near - base <= 6 ? base : base + 12;
}

/**
 * Chord notes for `voices` voices between low and high, each chord voiced close to the previous one
 * (smooth voice leading rather than parallel jumps).
 */
export function voiceProgression(tonicMidi: number, chords: Chord[], voices: number, low: number, high: number): number[][] {
  const result: number[][] = [];
  let previous: number[] | undefined;
  const centre = (low + high) / 2;
  for (const chord of chords) {
    const tones = chordTones(chord).map((t) => (tonicMidi + t) % 12);
    const candidates: number[][] = [];
    for (let inversion = 0; inversion < tones.length; inversion++) {
      for (let octave = low - 12; octave <= high; octave += 12) {
        const notes: number[] = [];
        let pitch = octave;
        for (let i = 0; i < voices; i++) {
          const pc = tones[(inversion + i) % tones.length];
          pitch = pitch + ((((pc - pitch) % 12) + 12) % 12);
          if (i > 0 && notes.includes(pitch)) pitch += 12;
          notes.push(pitch);
          pitch += 1;
        }
        if (notes[0] >= low && notes[notes.length - 1] <= high) candidates.push(notes);
      }
    }
    if (candidates.length === 0) throw new Error(`no voicing of ${voices} voices in ${low}-${high}`);
    const cost = (notes: number[]) =>
      previous ? notes.reduce((sum, n, i) => sum + Math.abs(n - previous![i]), 0) : Math.abs(notes.reduce((a, b) => a + b, 0) / notes.length - centre);
    candidates.sort((a, b) => cost(a) - cost(b) || a[0] - b[0]);
    previous = candidates[0];
    result.push(previous);
  }
  return result;
}
