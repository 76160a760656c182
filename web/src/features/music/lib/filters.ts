import type { MusicTrack } from '../types';

export const ALL = 'All';

export type FilterField = 'genre' | 'mood';

/** 'All' and then every value of the field found in the tracks, in the order they first appear. */
export function filterOptions(tracks: readonly MusicTrack[], field: FilterField): string[] {
  return [ALL, ...new Set(tracks.map((t) => t[field]).filter(Boolean))];
}

/** The tracks that match both filters ('All' matches everything). */
export function filterTracks(tracks: readonly MusicTrack[], filters: { genre: string; mood: string }): MusicTrack[] {
  return tracks.filter((t) => (filters.genre === ALL || t.genre === filters.genre) && (filters.mood === ALL || t.mood === filters.mood));
}

/** "hip-hop" -> "Hip-Hop", "electronic" -> "Electronic". */
export function filterLabel(value: string): string {
  return value.replace(/(^|[-\s])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** True when the track is not part of the Rookie plan (it needs Pro). */
export function isProOnly(track: Pick<MusicTrack, 'plans'>): boolean {
  return track.plans.length > 0 && !track.plans.includes('rookie');
}
