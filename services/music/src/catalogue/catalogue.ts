/**
 * The music library, as data: every track Reelsmith synthesises, the same on every machine.
 * Titles and artists are invented. Changing a seed, BPM or length changes that track's audio
 * (and its file is made again); the id and file name follow from the title.
 */
import { createHash } from 'node:crypto';
import type { Genre, Mood, TrackDefinition } from '../synth/types';

export type PlanId = 'rookie' | 'pro';

export interface CatalogueTrack extends TrackDefinition {
  id: string;
  filename: string;
  /** Catalogue order, from 0. */
  position: number;
  plans: PlanId[];
}

/** The Rookie plan includes this many tracks (the spec promises 25+); Pro includes them all (50+). */
export const ROOKIE_TRACKS = 30;

type Row = [title: string, artist: string, mood: Mood, bpm: number, length: number, seed: number];

/** Ten tracks per genre; the catalogue interleaves the genres so every plan gets all of them. */
const BY_GENRE: Record<Genre, Row[]> = {
  electronic: [
    ['Golden Hour Drive', 'Neon Atlas', 'uplifting', 122, 71, 4117],
    ['Skyline Sprint', 'Juno Vale', 'energetic', 128, 51, 2203],
    ['Bright Circuits', 'Pixel Harbor', 'happy', 124, 60, 8801],
    ['Midnight Relay', 'Sundial Systems', 'dramatic', 126, 81, 3319],
    ['Soft Voltage', 'Juno Vale', 'calm', 118, 66, 5521],
    ['Neon Tidewater', 'Neon Atlas', 'energetic', 126, 93, 7013],
    ['Afterglow Avenue', 'Pixel Harbor', 'uplifting', 120, 47, 1609],
    ['Summer Static', 'Sundial Systems', 'happy', 124, 40, 9091],
    ['Pulse of the City', 'Neon Atlas', 'energetic', 128, 150, 6203],
    ['Rising Signal', 'Juno Vale', 'uplifting', 122, 34, 2711],
  ],
  acoustic: [
    ['Porch Light Morning', 'Maple & Reed', 'happy', 104, 57, 1123],
    ['Letters in the Attic', 'Elin Harrow', 'romantic', 92, 72, 4451],
    ['Sunday Orchard', 'The Driftwood Pair', 'calm', 88, 50, 7727],
    ['Homeward Trail', 'Sol Avery', 'uplifting', 108, 63, 3347],
    ['Two Coffees', 'Elin Harrow', 'romantic', 96, 39, 5879],
    ['Wildflower Road', 'Maple & Reed', 'happy', 110, 85, 8263],
    ['Open Window', 'The Driftwood Pair', 'calm', 90, 96, 2089],
    ['Lanterns by the Lake', 'Sol Avery', 'romantic', 94, 55, 6619],
    ['Barefoot in June', 'Maple & Reed', 'happy', 112, 44, 9377],
    ['Little Victories', 'Sol Avery', 'uplifting', 106, 31, 1451],
  ],
  cinematic: [
    ['Edge of the Storm', 'Aurora Halden', 'dramatic', 90, 76, 5153],
    ['The Long Ascent', 'Meridian Score', 'uplifting', 84, 90, 2377],
    ['Vows Under Starlight', 'Cass Montague', 'romantic', 76, 68, 8017],
    ['Stampede', 'Northlight Orchestra', 'energetic', 100, 52, 3911],
    ['Northern Silence', 'Meridian Score', 'calm', 72, 61, 6983],
    ['Crown of Thunder', 'Aurora Halden', 'dramatic', 96, 144, 1297],
    ['Beyond the Horizon', 'Northlight Orchestra', 'uplifting', 88, 46, 7451],
    ['Final Whistle', 'Cass Montague', 'dramatic', 100, 36, 4673],
    ['A Quiet Promise', 'Meridian Score', 'romantic', 74, 83, 9931],
    ['Embers and Oaths', 'Aurora Halden', 'dramatic', 92, 32, 2593],
  ],
  'hip-hop': [
    ['Corner Store Sunrise', 'Lo Tide', 'happy', 90, 65, 3061],
    ['Full Court Press', 'Kairo Banks', 'energetic', 94, 56, 6271],
    ['Concrete Bloom', 'Velvet Metro', 'calm', 84, 78, 1811],
    ['Heavy Crown', 'Dusty Compass', 'dramatic', 88, 49, 8543],
    ['Rooftop Stories', 'Lo Tide', 'romantic', 86, 70, 4289],
    ['Main Event', 'Kairo Banks', 'energetic', 95, 140, 7187],
    ['Late Night Laundromat', 'Velvet Metro', 'calm', 85, 41, 2957],
    ['Block Party Bounce', 'Lo Tide', 'happy', 93, 87, 5651],
    ['Cold Open', 'Dusty Compass', 'dramatic', 89, 35, 9157],
    ['Victory Lap', 'Kairo Banks', 'energetic', 92, 59, 3517],
  ],
  ambient: [
    ['Tidepool Dreams', 'Still Harbor', 'calm', 70, 73, 6151],
    ['Paper Lanterns', 'Mira Solen', 'romantic', 66, 62, 2441],
    ['Weightless', 'Glasshouse Drift', 'uplifting', 76, 91, 8719],
    ['Deep Field', 'Quiet Cartography', 'dramatic', 64, 54, 1033],
    ['Slow Glacier', 'Still Harbor', 'calm', 60, 146, 5387],
    ['Distant Shores', 'Mira Solen', 'romantic', 68, 45, 7643],
    ['First Light', 'Glasshouse Drift', 'uplifting', 78, 67, 3769],
    ['Morning Fog Bank', 'Quiet Cartography', 'calm', 62, 82, 9433],
    ['Cloudline', 'Still Harbor', 'calm', 72, 37, 4007],
    ['Still Water', 'Mira Solen', 'calm', 64, 30, 6599],
  ],
  rock: [
    ['Open Road Anthem', 'The Copper Lines', 'energetic', 124, 68, 2803],
    ['Sunburst Highway', 'Vesper Road', 'happy', 132, 55, 7349],
    ['Fearless', 'Harbor Lights Union', 'uplifting', 120, 80, 4969],
    ['Thunder Alley', 'Redwood Static', 'dramatic', 116, 47, 1213],
    ['Kickoff', 'The Copper Lines', 'energetic', 136, 39, 8329],
    ['Stadium Lights', 'Harbor Lights Union', 'energetic', 128, 92, 3637],
    ['Weekend Riot', 'Vesper Road', 'happy', 138, 61, 6067],
    ['Heart on the Line', 'Redwood Static', 'dramatic', 112, 75, 9803],
    ['Rally Cry', 'The Copper Lines', 'energetic', 130, 32, 5227],
    ['Brand New Day', 'Harbor Lights Union', 'uplifting', 118, 51, 2179],
  ],
};

const GENRE_ORDER: Genre[] = ['electronic', 'acoustic', 'cinematic', 'hip-hop', 'ambient', 'rock'];

/** "Golden Hour Drive" -> "golden-hour-drive.mp3" */
export function trackFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}.mp3`;
}

/** A stable UUID (name-based, SHA-1, version 5 layout) so a track keeps its id across databases. */
export function trackId(filename: string): string {
  const hash = createHash('sha1').update(`reelsmith:music:${filename}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function build(): CatalogueTrack[] {
  const tracks: CatalogueTrack[] = [];
  for (let i = 0; i < 10; i++) {
    for (const genre of GENRE_ORDER) {
      const [title, artist, mood, bpm, length, seed] = BY_GENRE[genre][i];
      const filename = trackFilename(title);
      const position = tracks.length;
      tracks.push({
        id: trackId(filename),
        filename,
        position,
        title,
        artist,
        genre,
        mood,
        bpm,
        length,
        seed,
        plans: position < ROOKIE_TRACKS ? ['rookie', 'pro'] : ['pro'],
      });
    }
  }
  return tracks;
}

export const CATALOGUE: readonly CatalogueTrack[] = Object.freeze(build());

/** The catalogue entry behind a file name, or undefined (only these names are ever served). */
export function findByFilename(filename: string): CatalogueTrack | undefined {
  return CATALOGUE.find((t) => t.filename === filename);
}
