import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ObjectStorage } from '@reelsmith/kit';
import { type Analysis, ANALYSIS_VERSION } from './analysis';
import { AnalysisStore } from './analysis-store';

/** A bucket in memory: what the store writes, it reads back. */
function memoryStorage() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const storage = {
    readJson: async (key: string) => (objects.has(key) ? JSON.parse(objects.get(key)!.body.toString('utf8')) : null),
    writeFile: async (key: string, file: string, contentType: string) => {
      objects.set(key, { body: readFileSync(file), contentType });
    },
  };
  return { storage: storage as unknown as ObjectStorage, objects };
}

const analysis = (version: number) =>
  ({ version, step: 0.2, duration: 0.4, hasAudio: false, loudness: [-100, -100], cuts: [0.2], motion: [0, 0.5] }) as unknown as Analysis;

describe('AnalysisStore', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-analysis-store-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('keeps an analysis beside its video as JSON and reads the same analysis back', async () => {
    const { storage, objects } = memoryStorage();
    const store = new AnalysisStore(storage);
    await store.keep('video-1', analysis(ANALYSIS_VERSION), work);
    expect([...objects.keys()]).toEqual(['derived/video-1/analysis.json']);
    expect(objects.get('derived/video-1/analysis.json')!.contentType).toBe('application/json');
    expect(await store.find('video-1')).toEqual(analysis(ANALYSIS_VERSION));
  });

  it('finds none for a video never analysed, or analysed by another version of the engine', async () => {
    const { storage } = memoryStorage();
    const store = new AnalysisStore(storage);
    expect(await store.find('video-2')).toBeNull();
    await store.keep('video-2', analysis(ANALYSIS_VERSION - 1), work);
    expect(await store.find('video-2')).toBeNull();
  });
});
