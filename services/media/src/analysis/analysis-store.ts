import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import { type Analysis, ANALYSIS_VERSION, analysisKey } from './analysis';

/**
 * Where analyses are kept (analysisKey, beside the video in the bucket), so new reels and edits need
 * no second decode: the only place that reads or writes them.
 */
@Injectable()
export class AnalysisStore {
  constructor(private readonly storage: ObjectStorage) {}

  /** The kept analysis of a video; null when there is none, or it is of another version (then it is made again). */
  async find(videoId: string): Promise<Analysis | null> {
    const kept = await this.storage.readJson<Analysis>(analysisKey(videoId));
    return kept?.version === ANALYSIS_VERSION ? kept : null;
  }

  /** Keeps a video's analysis, written first to analysis.json in `workDir` (a folder of the caller's job). */
  async keep(videoId: string, analysis: Analysis, workDir: string): Promise<void> {
    const file = join(workDir, 'analysis.json');
    await writeFile(file, JSON.stringify(analysis));
    await this.storage.writeFile(analysisKey(videoId), file, 'application/json');
  }
}
