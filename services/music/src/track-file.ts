import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE } from './catalogue/catalogue';
import { TrackCache } from './catalogue/track-cache';
import { MusicGenerator } from './synth/generator';
import { SynthRepository } from './synth/synth.repository';

export interface TrackFile {
  file: string;
  title: string;
  artist: string;
  /** Integrated loudness, LUFS. */
  loudness: number;
  beats: number[];
}

/**
 * A catalogue track as a file in the local music cache (synthesised into it when missing), without
 * NATS, S3 or a database: what the sample reels (scripts/lib/demo-reels.cjs) put under their footage.
 */
export async function catalogueTrackFile(title: string, cacheDir: string, ffmpeg = 'ffmpeg'): Promise<TrackFile> {
  const track = CATALOGUE.find((t) => t.title === title);
  if (!track) throw new Error(`no track "${title}" in the catalogue`);
  const cache = new TrackCache(cacheDir);
  const generator = new MusicGenerator(new SynthRepository({ ffmpeg }));
  const planned = generator.plan(track);
  let cached = await cache.get(track.filename, planned.hash);
  if (!cached) {
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-track-'));
    try {
      const path = join(work, track.filename);
      await cache.put(track.filename, planned.hash, path, await generator.render(planned, path));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    cached = await cache.get(track.filename, planned.hash);
    if (!cached) throw new Error(`the music cache ${cacheDir} cannot be written`);
  }
  return { file: cached.path, title: track.title, artist: track.artist, loudness: cached.loudness, beats: planned.score.beats };
}
