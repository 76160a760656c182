import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../../test/support/wait';
import { SourceCache, sourceCacheDir } from './source-cache';

describe('SourceCache', () => {
  let base: string;
  let clock: number;
  let downloads: string[];

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'source-cache-'));
    clock = 1_000_000;
    downloads = [];
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const cache = (budgetBytes = 100, maxIdleMs = 60_000) => new SourceCache({ dir: sourceCacheDir(base), budgetBytes, maxIdleMs, now: () => clock });
  const writer = (key: string, bytes: number) => async (file: string) => {
    downloads.push(key);
    await writeFile(file, Buffer.alloc(bytes, 7));
  };
  const fetch = async (c: SourceCache, key: string, bytes: number) => {
    clock += 1000;
    return c.fetch(key, `video-of-${key}`, bytes, writer(key, bytes));
  };

  it('downloads a source once and hands the same local file to later jobs', async () => {
    const c = cache();
    const first = await fetch(c, 'derived/v1/proxy.mp4', 40);
    first!.release();
    const again = await fetch(c, 'derived/v1/proxy.mp4', 40);
    const found = await c.find('derived/v1/proxy.mp4');
    expect(downloads).toEqual(['derived/v1/proxy.mp4']);
    expect(again!.file).toBe(first!.file);
    expect(found!.file).toBe(first!.file);
    expect(existsSync(first!.file)).toBe(true);
    expect(await c.find('derived/v2/proxy.mp4')).toBeNull();
  });

  it('does not hand out a copy removed behind its back, and downloads it again even when its folder went too', async () => {
    const c = cache();
    const first = await fetch(c, 'k', 10);
    first!.release();
    rmSync(sourceCacheDir(base), { recursive: true, force: true });
    expect(await c.find('k')).toBeNull();
    const again = await fetch(c, 'k', 10);
    expect(downloads).toEqual(['k', 'k']);
    expect(existsSync(again!.file)).toBe(true);

    // The work folder above it is not made again behind the operator's back.
    again!.release();
    rmSync(base, { recursive: true, force: true });
    await expect(fetch(c, 'k', 10)).rejects.toThrow('ENOENT');
    expect(existsSync(base)).toBe(false);
  });

  it('downloads once for jobs that ask at the same time', async () => {
    const c = cache();
    const [a, b] = await Promise.all([fetch(c, 'k', 10), fetch(c, 'k', 10)]);
    expect(downloads).toEqual(['k']);
    expect(a!.file).toBe(b!.file);
  });

  it('removes the least recently used copies to stay within the budget, never one in use', async () => {
    const c = cache(100);
    const a = await fetch(c, 'a', 40);
    (await fetch(c, 'b', 40))!.release();
    (await fetch(c, 'c', 40))!.release();
    // a is in use: b, the least recently used free copy, went.
    expect(await c.find('b')).toBeNull();
    expect(existsSync(a!.file)).toBe(true);
    a!.release();
    (await c.find('c'))!.release();
    (await fetch(c, 'd', 40))!.release();
    expect(await c.find('a')).toBeNull();
    expect(await c.find('c')).not.toBeNull();
    expect(readdirSync(sourceCacheDir(base)).sort()).toEqual(['c', 'd']);
  });

  it('does not take a file larger than the whole budget (the job copies it itself)', async () => {
    const c = cache(100);
    expect(await fetch(c, 'huge', 500)).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('removes copies idle for longer than allowed', async () => {
    const c = cache(100, 60_000);
    (await fetch(c, 'old', 10))!.release();
    clock += 61_000;
    expect(await c.find('old')).toBeNull();
    expect(readdirSync(sourceCacheDir(base))).toEqual([]);
  });

  it('keeps nothing of a failed download, and tries again next time', async () => {
    const c = cache();
    await expect(
      c.fetch('k', 'v', 10, async (file) => {
        await writeFile(file, 'half');
        throw new Error('connection reset');
      }),
    ).rejects.toThrow('connection reset');
    expect(readdirSync(sourceCacheDir(base))).toEqual([]);
    expect(await fetch(c, 'k', 10)).not.toBeNull();
    expect(downloads).toEqual(['k']);
  });

  it('removes the copy of a deleted video, once the job reading it is done', async () => {
    const c = cache();
    const inUse = await fetch(c, 'a', 10);
    (await fetch(c, 'b', 10))!.release();
    await c.forget('video-of-a');
    await c.forget('video-of-b');
    expect(await c.find('a')).toBeNull();
    expect(existsSync(inUse!.file)).toBe(true);
    inUse!.release();
    // The release removes the copy in the background.
    await eventually(() => expect(readdirSync(sourceCacheDir(base))).toEqual([]));
  });

  it("starts empty and removes the folders of this host's workers that have ended", async () => {
    const dead = sourceCacheDir(base, undefined, 999_999_999);
    const alive = sourceCacheDir(base, undefined, process.ppid);
    const otherHost = sourceCacheDir(base, 'another-container', 999_999_999);
    for (const dir of [dead, alive, otherHost, sourceCacheDir(base)]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'left-over'), 'x');
    }
    const c = cache();
    expect(await c.find('left-over')).toBeNull();
    expect([existsSync(dead), existsSync(alive), existsSync(otherHost)]).toEqual([false, true, true]);
    expect(readdirSync(sourceCacheDir(base))).toEqual([]);
    await c.clear();
    expect(existsSync(sourceCacheDir(base))).toBe(false);
  });
});
