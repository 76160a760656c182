import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import { MusicGenerator } from '../synth/generator';
import { TracksRepository } from '../tracks.repository';
import { CATALOGUE, type CatalogueTrack } from './catalogue';
import { TrackCache } from './track-cache';

export const MUSIC_OPTIONS = Symbol('MUSIC_OPTIONS');
export interface MusicOptions {
  cacheDir: string;
  concurrency: number;
}

export const objectKey = (filename: string) => `music/${filename}`;

const ATTEMPTS = 2;

/** Runs `work` over `items`, at most `limit` at a time; resolves when all are done. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Brings the object store and the `music` schema in line with the catalogue when the service
 * starts: what is missing or outdated is copied from the local cache or synthesised (a few at a
 * time), uploaded to music/<filename> and recorded with its beats and loudness. The service is
 * ready only when every track is there.
 */
@Injectable()
export class CatalogueSync implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CatalogueSync.name);
  private readonly cache: TrackCache;
  private readonly abort = new AbortController();
  private done = 0;
  private generated = 0;
  private failure: Error | null = null;
  private running: Promise<void> | null = null;
  private ready = false;

  constructor(
    private readonly tracks: TracksRepository,
    private readonly generator: MusicGenerator,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(MUSIC_OPTIONS) private readonly options: MusicOptions,
  ) {
    this.cache = new TrackCache(options.cacheDir);
  }

  onApplicationBootstrap() {
    // In the background: the process answers /healthz (and is not ready) while tracks are made.
    this.running = this.sync().catch((err: Error) => {
      if (this.abort.signal.aborted) return;
      this.failure = err;
      this.logger.error(`music catalogue incomplete: ${err.message}`);
    });
  }

  async beforeApplicationShutdown() {
    this.abort.abort();
    await this.running;
  }

  isReady(): boolean {
    return this.ready;
  }

  /** Tracks in place so far, and how many of them had to be synthesised (not copied from the cache). */
  progress(): { done: number; total: number; synthesised: number } {
    return { done: this.done, total: CATALOGUE.length, synthesised: this.generated };
  }

  /** For /readyz: resolves when the catalogue is complete, otherwise says how far it is. */
  async readiness(): Promise<void> {
    if (this.ready) return;
    if (this.failure) throw new Error(`failed: ${this.failure.message}`);
    throw new Error(`preparing ${this.done}/${CATALOGUE.length} tracks`);
  }

  /** Resolves once the catalogue is complete (rejects if it cannot be). */
  async whenReady(): Promise<void> {
    await this.running;
    if (!this.ready) throw this.failure ?? new Error('music catalogue sync stopped');
  }

  private async sync(): Promise<void> {
    const started = Date.now();
    const rows = new Map((await this.tracks.list()).map((row) => [row.id, row]));
    const removed = await this.tracks.removeAllExcept(CATALOGUE.map((t) => t.id));
    if (removed > 0) this.logger.log(`removed ${removed} tracks that left the catalogue`);
    await eachLimited(CATALOGUE, this.options.concurrency, async (track) => {
      for (let attempt = 1; ; attempt++) {
        if (this.abort.signal.aborted) throw new Error('stopped');
        try {
          await this.syncTrack(track, rows.get(track.id));
          break;
        } catch (err) {
          if (attempt >= ATTEMPTS || this.abort.signal.aborted) throw new Error(`${track.filename}: ${(err as Error).message}`, { cause: err });
          this.logger.warn(`${track.filename}: ${(err as Error).message}; trying again`);
        }
      }
      this.done++;
    });
    this.ready = true;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    this.logger.log(`music catalogue ready: ${CATALOGUE.length} tracks (${this.generated} synthesised) in ${seconds} s`);
  }

  private async syncTrack(track: CatalogueTrack, row: { audioHash: string; size: number; loudnessLufs: number } | undefined): Promise<void> {
    const planned = this.generator.plan(track);
    const key = objectKey(track.filename);
    const stored = await this.storage.stat(key);
    let audio: { loudness: number; size: number };
    if (row && row.audioHash === planned.hash && stored?.size === row.size) {
      audio = { loudness: row.loudnessLufs, size: row.size };
    } else {
      audio = await this.withAudio(track, planned, async (path, made) => {
        // The same hash means the same bytes: an object of the right size is already this file.
        if (!(stored?.size === made.size && row?.audioHash === planned.hash)) await this.storage.writeFile(key, path, planned.contentType);
      });
    }
    const { score } = planned;
    await this.tracks.save({
      id: track.id,
      position: track.position,
      title: track.title,
      artist: track.artist,
      filename: track.filename,
      genre: track.genre,
      mood: track.mood,
      duration: score.totalSamples / score.sampleRate,
      bpm: track.bpm,
      beats: score.beats,
      loudnessLufs: audio.loudness,
      plans: [...track.plans],
      musicKey: score.key,
      size: audio.size,
      contentType: planned.contentType,
      audioHash: planned.hash,
    });
  }

  /** The track's file from the cache, or synthesised (and cached); `use` runs while the file exists. */
  private async withAudio(
    track: CatalogueTrack,
    planned: ReturnType<MusicGenerator['plan']>,
    use: (path: string, audio: { loudness: number; size: number }) => Promise<void>,
  ): Promise<{ loudness: number; size: number }> {
    const cached = await this.cache.get(track.filename, planned.hash);
    if (cached) {
      await use(cached.path, cached);
      return cached;
    }
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-track-'));
    try {
      const path = join(work, track.filename);
      const rendered = await this.generator.render(planned, path, this.abort.signal);
      this.generated++;
      await this.cache.put(track.filename, planned.hash, path, rendered);
      await use(path, rendered);
      return rendered;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
