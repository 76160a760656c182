import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AUDIO_CONTENT_TYPE, distinctSections, masterArgs, mixArgs, renderGraph, TARGET_LUFS } from './args';
import { compose } from './compose';
import { type RenderedTrack, SynthRepository } from './synth.repository';
import type { Score, TrackDefinition } from './types';

/** Bump when the way tracks are made changes without changing the ffmpeg arguments (e.g. a new pass). */
export const GENERATOR_VERSION = '1';

/**
 * Fingerprint of everything that decides a track's bytes: the generator version and every ffmpeg
 * argument it would run. Any change to the composition, instruments or mastering changes it.
 */
export function audioHash(score: Score): string {
  const files = distinctSections(score).map((section) => ({
    dry: `${section}.wav`,
    send: `${section}-send.wav`,
    clip: `${section}-mix.wav`,
    meter: `${section}.meter`,
  }));
  return createHash('sha256')
    .update(
      JSON.stringify({
        version: GENERATOR_VERSION,
        target: TARGET_LUFS,
        graph: renderGraph(score),
        mix: mixArgs(score, files),
        master: masterArgs(score, files, 'out.mp3', 0),
      }),
    )
    .digest('hex');
}

export interface PlannedTrack {
  score: Score;
  hash: string;
  contentType: string;
}

/** Composes tracks and has them rendered; the same definition always gives the same bytes. */
@Injectable()
export class MusicGenerator {
  constructor(private readonly synth: SynthRepository) {}

  plan(definition: TrackDefinition): PlannedTrack {
    const score = compose(definition);
    return { score, hash: audioHash(score), contentType: AUDIO_CONTENT_TYPE };
  }

  render(planned: PlannedTrack, mp3Path: string, signal?: AbortSignal): Promise<RenderedTrack> {
    return this.synth.render(planned.score, mp3Path, signal);
  }
}
