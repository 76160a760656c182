import type { Preset } from '../analysis/scoring';
import type { DemoKind } from './footage';

/** The sample reels to make, one per kind of /demo; light to load (npm start reads it to see what is missing). */
export interface DemoReelSpec {
  slug: string;
  kind: DemoKind;
  title: string;
  preset: Preset;
  /** Upper bound of the reel's length, seconds. */
  target: number;
  /** Title of the catalogue track under it. */
  track: string;
}

export const DEMO_REELS: readonly DemoReelSpec[] = [
  { slug: 'generated-match', kind: 'sport', title: 'Generated match: Riverside v Harbour', preset: 'sport', target: 30, track: 'Stadium Lights' },
  { slug: 'generated-wedding', kind: 'wedding', title: 'Generated wedding: Maya and Daniel', preset: 'wedding', target: 30, track: 'Vows Under Starlight' },
  { slug: 'generated-keynote', kind: 'business', title: 'Generated keynote: Introducing Pulse', preset: 'business', target: 30, track: 'Afterglow Avenue' },
  { slug: 'generated-road-trip', kind: 'travel', title: 'Generated road trip: Iceland', preset: 'travel', target: 30, track: 'The Long Ascent' },
];
