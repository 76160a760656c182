import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { execProcess, ProcessError, succeeded } from '@reelsmith/kit';
import {
  distinctSections,
  estimateLoudness,
  fileLoudnessArgs,
  loudnessGain,
  masterArgs,
  mixArgs,
  parseIntegratedLoudness,
  renderArgs,
  renderGraph,
  TARGET_LUFS,
} from './args';
import type { Score } from './types';

export const SYNTH_TOOLS = Symbol('SYNTH_TOOLS');
export interface SynthTools {
  ffmpeg: string;
}

/** ffmpeg could not run, failed, or gave no loudness: the ProcessError of services/kit's process helpers. */
export { ProcessError as SynthError };

export interface RenderedTrack {
  /** Integrated loudness of the finished file's signal (LUFS). */
  loudness: number;
  size: number;
}

/** How far the first master may land from the target before it is done again. */
const MAX_MISS_LU = 0.3;

/** The only place that runs ffmpeg for music: renders a score to an MP3 at the target loudness. */
@Injectable()
export class SynthRepository {
  constructor(@Inject(SYNTH_TOOLS) private readonly tools: SynthTools) {}

  async render(score: Score, mp3Path: string, signal?: AbortSignal): Promise<RenderedTrack> {
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-music-'));
    try {
      const graphFile = join(work, 'graph.txt');
      const files = distinctSections(score).map((section) => ({
        dry: join(work, `${section}.wav`),
        send: join(work, `${section}-send.wav`),
        clip: join(work, `${section}-mix.wav`),
        meter: join(work, `${section}.meter`),
      }));
      await writeFile(graphFile, renderGraph(score));
      await this.run(renderArgs(graphFile, files), signal);
      await this.run(mixArgs(score, files), signal);
      const sections = await Promise.all(files.map(async (f) => parseIntegratedLoudness(await readFile(f.meter, 'utf8'))));
      const master = async (gain: number) => {
        await this.run(masterArgs(score, files, mp3Path, gain), signal);
        return parseIntegratedLoudness(await this.run(fileLoudnessArgs(mp3Path), signal));
      };
      const gain = loudnessGain(estimateLoudness(score, sections));
      let loudness = await master(gain);
      // The estimate missed (the fade, the gating, the encoder): aim again from the measured file.
      if (Math.abs(loudness - TARGET_LUFS) > MAX_MISS_LU) loudness = await master(Math.round((gain + TARGET_LUFS - loudness) * 100) / 100);
      if (!Number.isFinite(loudness)) throw new ProcessError('ffmpeg reported no loudness for the finished track');
      return { loudness, size: (await stat(mp3Path)).size };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Runs ffmpeg to success: its stdout's tail (the loudness lines), or its last stderr lines as the error. */
  private async run(args: string[], signal?: AbortSignal): Promise<string> {
    let stdout = '';
    await succeeded(
      execProcess(this.tools.ffmpeg, args, {
        signal,
        // Only the loudness lines matter; keep the tail so a long track cannot grow this without bound.
        onStdout: (chunk) => {
          stdout = (stdout + chunk).slice(-4096);
        },
      }),
    );
    return stdout;
  }
}
