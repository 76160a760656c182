import type { MusicTrack } from '../types';
import { ALL, filterLabel, filterOptions, filterTracks, isProOnly } from './filters';

const track = (id: string, genre: string, mood: string, plans = ['rookie', 'pro']): MusicTrack => ({
  id,
  genre,
  mood,
  plans,
  title: id,
  artist: 'A',
  filename: `${id}.mp3`,
  duration: 60,
  bpm: 120,
  url: `/music/${id}.mp3`,
  key: 'A minor',
});
const tracks = [track('a', 'electronic', 'energetic'), track('b', 'rock', 'happy'), track('c', 'electronic', 'calm', ['pro']), track('d', 'hip-hop', 'happy')];

describe('music library filters', () => {
  it('builds each filter from the track data, with All first and no duplicates', () => {
    expect(filterOptions(tracks, 'genre')).toEqual([ALL, 'electronic', 'rock', 'hip-hop']);
    expect(filterOptions(tracks, 'mood')).toEqual([ALL, 'energetic', 'happy', 'calm']);
    expect(filterOptions([], 'genre')).toEqual([ALL]);
  });

  it('filters by genre and mood together; All lets everything through', () => {
    expect(filterTracks(tracks, { genre: ALL, mood: ALL }).map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterTracks(tracks, { genre: 'electronic', mood: ALL }).map((t) => t.id)).toEqual(['a', 'c']);
    expect(filterTracks(tracks, { genre: ALL, mood: 'happy' }).map((t) => t.id)).toEqual(['b', 'd']);
    expect(filterTracks(tracks, { genre: 'rock', mood: 'calm' })).toEqual([]);
  });

  it('labels values for people and marks Pro-only tracks', () => {
    expect(filterLabel('hip-hop')).toBe('Hip-Hop');
    expect(filterLabel('electronic')).toBe('Electronic');
    expect(filterLabel(ALL)).toBe('All');
    expect(isProOnly(tracks[2])).toBe(true);
    expect(isProOnly(tracks[0])).toBe(false);
  });
});
