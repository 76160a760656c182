/**
 * Fills the local music cache (what a fresh object store is filled from) without NATS, S3 or a
 * database: `node services/music/dist/warm-cache.js`. The test set-up runs it so every service
 * start in a test run only copies files. Prints how many tracks it had to make.
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE } from './catalogue/catalogue';
import { TrackCache } from './catalogue/track-cache';
import { configSchema } from './config';
import { MusicGenerator } from './synth/generator';
import { SynthRepository } from './synth/synth.repository';

async function main() {
  const config = configSchema.pick({ MUSIC_CACHE_DIR: true, MUSIC_CONCURRENCY: true, FFMPEG_PATH: true }).parse(process.env);
  if (!config.MUSIC_CACHE_DIR) return;
  const cache = new TrackCache(config.MUSIC_CACHE_DIR);
  const generator = new MusicGenerator(new SynthRepository({ ffmpeg: config.FFMPEG_PATH }));
  const missing: Array<{ track: (typeof CATALOGUE)[number]; planned: ReturnType<MusicGenerator['plan']> }> = [];
  for (const track of CATALOGUE) {
    const planned = generator.plan(track);
    if (!(await cache.get(track.filename, planned.hash))) missing.push({ track, planned });
  }
  if (missing.length === 0) return;
  const started = Date.now();
  process.stdout.write(`music: synthesising ${missing.length} tracks into ${config.MUSIC_CACHE_DIR} `);
  const work = await mkdtemp(join(tmpdir(), 'reelsmith-warm-'));
  try {
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const { track, planned } = missing[next++];
        const path = join(work, track.filename);
        const rendered = await generator.render(planned, path);
        await cache.put(track.filename, planned.hash, path, rendered);
        await rm(path, { force: true });
        process.stdout.write('.');
      }
    };
    await Promise.all(Array.from({ length: config.MUSIC_CONCURRENCY }, worker));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((err) => {
  console.error(`music cache: ${(err as Error).message}`);
  process.exit(1);
});
