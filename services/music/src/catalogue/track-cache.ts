import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import { GENERATOR_VERSION } from '../synth/generator';

export interface CachedAudio {
  path: string;
  loudness: number;
  size: number;
}

/**
 * Generated tracks on local disk, named by their audio hash under the generator version, so test
 * runs against a fresh object store copy them instead of synthesising again. A cache that cannot be
 * written (read-only disk) is only a warning.
 */
export class TrackCache {
  private readonly logger = new Logger(TrackCache.name);
  private readonly dir: string;
  private warned = false;

  constructor(root: string) {
    this.dir = root ? join(root, GENERATOR_VERSION) : '';
  }

  private file(filename: string, hash: string) {
    return join(this.dir, `${basename(filename, extname(filename))}-${hash.slice(0, 16)}${extname(filename)}`);
  }

  async get(filename: string, hash: string): Promise<CachedAudio | null> {
    if (!this.dir) return null;
    const path = this.file(filename, hash);
    try {
      const meta = JSON.parse(await readFile(`${path}.json`, 'utf8')) as { loudness: number; size: number; hash: string };
      const { size } = await stat(path);
      if (meta.hash !== hash || meta.size !== size || !Number.isFinite(meta.loudness)) return null;
      return { path, loudness: meta.loudness, size };
    } catch {
      return null;
    }
  }

  /** Copies a finished file in (temp name, then rename: readers never see half a file). */
  async put(filename: string, hash: string, source: string, audio: { loudness: number; size: number }): Promise<void> {
    if (!this.dir) return;
    const path = this.file(filename, hash);
    const temp = `${path}.${process.pid}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      await copyFile(source, temp);
      await rename(temp, path);
      await writeFile(`${temp}.json`, JSON.stringify({ hash, loudness: audio.loudness, size: audio.size }));
      await rename(`${temp}.json`, `${path}.json`);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      if (!this.warned) this.logger.warn(`music cache ${this.dir} not writable, going on without it: ${(err as Error).message}`);
      this.warned = true;
    }
  }
}
