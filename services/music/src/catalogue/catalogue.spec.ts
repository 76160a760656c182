import { compose } from '../synth/compose';
import { GENRES, MOODS } from '../synth/types';
import { CATALOGUE, findByFilename, ROOKIE_TRACKS, trackFilename, trackId } from './catalogue';

describe('the music catalogue (data in code)', () => {
  it('has at least 60 tracks with unique ids, titles, file names and seeds', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
    for (const key of ['id', 'title', 'filename', 'seed'] as const) {
      expect({ key, unique: new Set(CATALOGUE.map((t) => t[key])).size }).toEqual({ key, unique: CATALOGUE.length });
    }
    CATALOGUE.forEach((t, i) => expect(t.position).toBe(i));
  });

  it('covers every genre and every mood, and each plan gets every genre', () => {
    expect(new Set(CATALOGUE.map((t) => t.genre))).toEqual(new Set(GENRES));
    expect(new Set(CATALOGUE.map((t) => t.mood))).toEqual(new Set(MOODS));
    const rookie = CATALOGUE.filter((t) => t.plans.includes('rookie'));
    expect(new Set(rookie.map((t) => t.genre))).toEqual(new Set(GENRES));
    expect(new Set(rookie.map((t) => t.mood))).toEqual(new Set(MOODS));
  });

  it('marks the first 25+ tracks for both plans and every track for Pro (Rookie has 25+, Pro 50+)', () => {
    expect(ROOKIE_TRACKS).toBeGreaterThanOrEqual(25);
    CATALOGUE.forEach((t, i) => expect(t.plans).toEqual(i < ROOKIE_TRACKS ? ['rookie', 'pro'] : ['pro']));
    expect(CATALOGUE.filter((t) => t.plans.includes('pro')).length).toBeGreaterThanOrEqual(50);
  });

  it('asks for 30-150 s at a tempo that suits the genre, and each track comes out 30-150 s long', () => {
    const tempo: Record<string, [number, number]> = {
      electronic: [115, 130],
      acoustic: [85, 115],
      cinematic: [70, 100],
      'hip-hop': [80, 96],
      ambient: [60, 80],
      rock: [110, 140],
    };
    for (const t of CATALOGUE) {
      expect(t.length).toBeGreaterThanOrEqual(30);
      expect(t.length).toBeLessThanOrEqual(150);
      expect({ title: t.title, bpmInRange: t.bpm >= tempo[t.genre][0] && t.bpm <= tempo[t.genre][1] }).toEqual({ title: t.title, bpmInRange: true });
      const seconds = compose(t).totalSamples / 44100;
      expect({ title: t.title, ok: seconds >= 30 && seconds <= 150 && Math.abs(seconds - t.length) < 16 }).toEqual({ title: t.title, ok: true });
    }
  });

  it('derives file names and ids from titles, stable across machines', () => {
    expect(trackFilename('Golden Hour Drive')).toBe('golden-hour-drive.mp3');
    expect(trackFilename('Maple & Reed: Café Sessions!')).toBe('maple-and-reed-cafe-sessions.mp3');
    expect(trackId('golden-hour-drive.mp3')).toBe(trackId('golden-hour-drive.mp3'));
    expect(trackId('golden-hour-drive.mp3')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(trackId('a.mp3')).not.toBe(trackId('b.mp3'));
    expect(CATALOGUE[0]).toMatchObject({ title: 'Golden Hour Drive', filename: 'golden-hour-drive.mp3', id: trackId('golden-hour-drive.mp3') });
    expect(findByFilename('golden-hour-drive.mp3')?.title).toBe('Golden Hour Drive');
    expect(findByFilename('../golden-hour-drive.mp3')).toBeUndefined();
  });
});
