import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

/** A local copy held for one job: release it when the job is done with the file. */
export interface CachedSource {
  file: string;
  release(): void;
}

export interface SourceCacheOptions {
  dir: string;
  /** Bytes the copies may take together; 0 turns the cache off. */
  budgetBytes: number;
  /** A copy unused for this long is removed (the video may have been deleted since). */
  maxIdleMs: number;
  now?: () => number;
}

interface Entry {
  file: string;
  /** The video the copy belongs to: its deletion removes the copy. */
  videoId: string;
  size: number;
  usedAt: number;
  users: number;
  /** The video was deleted while a job used the copy: removed when that job is done. */
  forgotten: boolean;
}

const fileName = (key: string) => encodeURIComponent(key);

/**
 * The cache folder of this process under `base`: `reelsmith-sources-<host>-<pid>` (workers in
 * several containers may share one volume; each has its own host name).
 */
export function sourceCacheDir(base: string, host = hostname(), pid = process.pid): string {
  return join(base, `${prefix(host)}${pid}`);
}

const prefix = (host: string) => `reelsmith-sources-${host.replace(/[^A-Za-z0-9.-]/g, '_')}-`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `dir` itself and the cache folders of this host beside it whose process has ended. */
async function removeOrphans(dir: string) {
  await rm(dir, { recursive: true, force: true });
  const base = dirname(dir);
  const mine = prefix(hostname());
  for (const name of await readdir(base).catch(() => [] as string[])) {
    const pid = name.startsWith(mine) ? Number(name.slice(mine.length)) : 0;
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await rm(join(base, name), { recursive: true, force: true });
  }
}

/**
 * Local copies of source videos, so a reel's edits and the editor's exports of a video that was
 * just analysed seek in a file on disk instead of over HTTP (one connection and moov lookup per
 * moment). New reels fill it (their analysis reads every byte anyway); other jobs only use what is
 * there. Least recently used copies go first when over budget; a copy in use is never removed.
 * Object keys are immutable (a video's source never changes under its key), so a copy never goes stale.
 */
export class SourceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly filling = new Map<string, Promise<Entry>>();
  private ready: Promise<void> | null = null;

  constructor(private readonly options: SourceCacheOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The local copy of `key` if this worker has one. */
  async find(key: string): Promise<CachedSource | null> {
    await this.start();
    const entry = this.entries.get(key) ?? (await this.filling.get(key)) ?? null;
    if (!entry) return null;
    // Removed behind the cache's back (a cleaner of the temp folder, an operator): read over HTTP instead.
    if (!(await stat(entry.file).catch(() => null))) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      return null;
    }
    return this.lease(entry);
  }

  /**
   * The local copy of `key`, downloaded with `download(file)` when missing; null when the file
   * cannot fit the budget (the caller then makes its own copy or reads over HTTP).
   */
  async fetch(key: string, videoId: string, size: number, download: (file: string) => Promise<void>): Promise<CachedSource | null> {
    const found = await this.find(key);
    if (found || size > this.options.budgetBytes) return found;
    let filling = this.filling.get(key);
    if (!filling) {
      filling = this.fill(key, videoId, size, download).finally(() => this.filling.delete(key));
      this.filling.set(key, filling);
    }
    return this.lease(await filling);
  }

  private async fill(key: string, videoId: string, size: number, download: (file: string) => Promise<void>): Promise<Entry> {
    const file = join(this.options.dir, fileName(key));
    // The folder is this process's and one key is filled once at a time: one partial name is enough.
    const partial = `${file}.partial`;
    try {
      // The cache's own folder, removed from under it, is made again; the work folder above it is not
      // (a WORK_DIR that went away is the operator's to see, as every job's failure says).
      await mkdir(this.options.dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      await download(partial);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    const entry: Entry = { file, videoId, size: (await stat(file)).size || size, usedAt: this.now(), users: 0, forgotten: false };
    this.entries.set(key, entry);
    await this.evict(key);
    return entry;
  }

  private lease(entry: Entry): CachedSource {
    entry.users += 1;
    entry.usedAt = this.now();
    let released = false;
    return {
      file: entry.file,
      release: () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        entry.usedAt = this.now();
        if (entry.forgotten && entry.users === 0) void rm(entry.file, { force: true });
      },
    };
  }

  /** Removes the copies of a deleted video (one a job still reads goes when the job is done). */
  async forget(videoId: string): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (entry.videoId !== videoId) continue;
      this.entries.delete(key);
      entry.forgotten = true;
      if (entry.users === 0) await rm(entry.file, { force: true });
    }
  }

  /** Idle copies first, then the least recently used until the rest fits the budget. */
  private async evict(keep?: string) {
    const idleBefore = this.now() - this.options.maxIdleMs;
    const candidates = [...this.entries].filter(([key, e]) => key !== keep && e.users === 0).sort(([, a], [, b]) => a.usedAt - b.usedAt);
    let total = [...this.entries.values()].reduce((sum, e) => sum + e.size, 0);
    for (const [key, entry] of candidates) {
      if (entry.usedAt >= idleBefore && total <= this.options.budgetBytes) break;
      this.entries.delete(key);
      total -= entry.size;
      await rm(entry.file, { force: true });
    }
  }

  /** Starts empty, and removes the copies of workers that are gone (each process has its own folder). */
  private start(): Promise<void> {
    this.ready ??= (async () => {
      await removeOrphans(this.options.dir);
      await mkdir(this.options.dir, { recursive: true });
    })();
    return this.ready.then(() => this.evict());
  }

  /** Removes every copy (on shutdown). */
  async clear(): Promise<void> {
    this.entries.clear();
    await rm(this.options.dir, { recursive: true, force: true });
  }
}
