import { arrangement, compose, phraseCount } from './compose';
import { GENRES, type TrackDefinition } from './types';

const base: TrackDefinition = { seed: 42, title: 'Test', artist: 'Nobody', genre: 'electronic', mood: 'energetic', bpm: 124, length: 90 };

describe('composing a track from its definition', () => {
  it('is deterministic: the same definition gives the same score, another seed another one', () => {
    expect(compose(base)).toEqual(compose(base));
    expect(JSON.stringify(compose({ ...base, seed: 43 }))).not.toBe(JSON.stringify(compose(base)));
  });

  it('keeps the beat a whole number of samples, with every beat of the track in the grid', () => {
    const score = compose(base);
    expect(score.beatSamples).toBe(Math.round((44100 * 60) / 124));
    expect(score.phraseSamples).toBe(score.phraseBars * 4 * score.beatSamples);
    expect(score.totalSamples).toBe(score.arrangement.length * score.phraseSamples);
    expect(score.beats).toHaveLength(score.totalSamples / score.beatSamples);
    score.beats.forEach((b, i) => expect(b).toBeCloseTo((i * score.beatSamples) / 44100, 9));
  });

  it('uses 8-bar phrases from 96 BPM and 4-bar phrases below, and lands near the wanted length', () => {
    expect(compose({ ...base, bpm: 124 }).phraseBars).toBe(8);
    expect(compose({ ...base, genre: 'ambient', mood: 'calm', bpm: 64 }).phraseBars).toBe(4);
    expect(phraseCount(90, 15.5)).toBe(6);
    expect(phraseCount(30, 16)).toBe(2);
    expect(phraseCount(150, 15.5) * 15.5).toBeLessThanOrEqual(150);
    expect(phraseCount(31, 7.5) * 7.5).toBeGreaterThanOrEqual(30);
  });

  it('arranges intro, verses and choruses, a breakdown in longer tracks, and an outro', () => {
    expect(arrangement(2)).toEqual(['verse', 'chorus']);
    expect(arrangement(3)).toEqual(['intro', 'chorus', 'outro']);
    expect(arrangement(6)).toEqual(['intro', 'verse', 'chorus', 'verse', 'chorus', 'outro']);
    const long = arrangement(10);
    expect(long[0]).toBe('intro');
    expect(long.at(-1)).toBe('outro');
    expect(long).toContain('breakdown');
    expect(long.at(-2)).toBe('chorus');
  });

  it('writes drums, bass, chords and a melody for every genre, in the key it names', () => {
    for (const genre of GENRES) {
      const score = compose({ ...base, genre, bpm: genre === 'ambient' ? 70 : genre === 'hip-hop' ? 90 : 110 });
      const names = score.layers.map((l) => l.name);
      expect({ genre, kick: names.includes('kick'), bass: names.includes('bass'), lead: names.includes('lead') }).toEqual({
        genre,
        kick: true,
        bass: true,
        lead: true,
      });
      expect(score.key).toMatch(/^[A-G][b#]? (major|minor)$/);
      for (const layer of score.layers) {
        const cycle = (layer.cycleBars * 4 * score.beatSamples) / 44100;
        const events = layer.kind === 'tone' ? layer.voices.flat() : layer.hits;
        expect(events.length).toBeGreaterThan(0);
        // Everything starts inside the layer's cycle and notes end before the cycle does, except a
        // held chord that rings across the loop point: its twin one cycle earlier carries it on.
        for (const e of events) expect(e.time).toBeLessThan(cycle);
        if (layer.kind !== 'tone') continue;
        for (const voice of layer.voices) {
          for (const n of voice) {
            if (n.wraps) expect(voice).toContainEqual({ ...n, time: n.time - cycle, wraps: undefined });
            else if (n.time >= 0) expect(n.time + n.length).toBeLessThanOrEqual(cycle);
            else expect(voice.some((m) => m.wraps && Math.abs(m.time - cycle - n.time) < 1e-9)).toBe(true);
          }
        }
      }
    }
  });

  it('puts the kick of four-on-the-floor tracks on every beat', () => {
    const score = compose(base);
    const kick = score.layers.find((l) => l.name === 'kick')!;
    if (kick.kind !== 'tone') throw new Error('kick is tonal');
    const beat = score.beatSamples / 44100;
    expect(kick.voices[0].map((n) => Math.round((n.time / beat) * 1000) / 1000)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it('plays major keys for happy and uplifting moods and minor for dramatic ones', () => {
    for (let seed = 1; seed < 20; seed++) {
      expect(compose({ ...base, seed, mood: 'happy' }).key).toMatch(/major$/);
      expect(compose({ ...base, seed, mood: 'dramatic' }).key).toMatch(/minor$/);
    }
  });
});
