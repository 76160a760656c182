import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execProcess, succeeded } from '@reelsmith/kit';
import type { SpeechSegment, TranscriptWord } from '@reelsmith/proto/http';
import { normalisedPcm, paddedSegments, SPEECH_SAMPLE_RATE } from './audio';
import type { Transcriber } from './transcriber';

/** Where Debian's pocketsphinx-en-us puts the acoustic model, language model and dictionary. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const FRAMES_PER_SECOND = 100;

export interface PocketsphinxSettings {
  /** Seconds of sound kept either side of each speech segment. */
  pad: number;
  /** A segment longer than this is decoded in pieces (one utterance each). */
  maxUtteranceSeconds: number;
  /** Decoder options passed as they are (-lw, -beam, ...). */
  decoder: Record<string, string>;
}

/**
 * The settings tuned on real speech (../shared/speech-dev; docs/speech.md gives the figures): each
 * speech segment its own utterance, padded 0.25 s (the model's batch cepstral normalisation is then
 * per phrase), more Gaussians per frame (-topn 8) and a lower word insertion penalty (-wip 0.3):
 * corpus WER 0.349 on the Silero VAD's segments, against 0.49 untuned. Wider beams gained 0.01 for 4x the CPU; the language-model
 * weight (-lw 8, 10), -remove_noise and -remove_silence off, and padding of 0.15 or 0.4 s did worse.
 */
export const TUNED_POCKETSPHINX: PocketsphinxSettings = {
  pad: 0.25,
  maxUtteranceSeconds: 30,
  decoder: { '-topn': '8', '-wip': '0.3' },
};

const FILLERS = /^(<s>|<\/s>|<sil>|\[.*\]|\+.*\+)$/;

/** The embedded engine: CMU pocketsphinx (Debian), English only, draft quality. */
export class PocketsphinxTranscriber implements Transcriber {
  readonly engine = 'pocketsphinx' as const;
  readonly quality = 'draft' as const;
  readonly languages = ['en'] as const;

  constructor(
    private readonly settings: PocketsphinxSettings = TUNED_POCKETSPHINX,
    private readonly command = 'pocketsphinx_batch',
    private readonly modelDir = POCKETSPHINX_MODEL_DIR,
  ) {}

  async transcribe(audio: Float32Array, segments: readonly SpeechSegment[], _language: string, signal?: AbortSignal): Promise<TranscriptWord[]> {
    const utterances = this.utterances(audio, segments);
    if (utterances.length === 0) return [];
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-ps-'));
    try {
      const control = await writeUtterances(dir, audio, utterances);
      await succeeded(execProcess(this.command, [...this.args(dir), '-ctl', control], { signal }), this.command);
      return wordsOfCtm(await readFile(join(dir, 'words.ctm'), 'utf8'), utterances);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private utterances(audio: Float32Array, segments: readonly SpeechSegment[]): SpeechSegment[] {
    const duration = audio.length / SPEECH_SAMPLE_RATE;
    return paddedSegments(segments, this.settings.pad, duration).flatMap((segment) => splitLong(segment, this.settings.maxUtteranceSeconds));
  }

  private args(dir: string): string[] {
    const options: Record<string, string> = {
      '-hmm': join(this.modelDir, 'en-us'),
      '-lm': join(this.modelDir, 'en-us.lm.bin'),
      '-dict': join(this.modelDir, 'cmudict-en-us.dict'),
      ...this.settings.decoder,
      '-adcin': 'yes',
      '-cepdir': dir,
      '-cepext': '.raw',
      '-ctm': join(dir, 'words.ctm'),
      '-logfn': '/dev/null',
    };
    return Object.entries(options).flat();
  }
}

function splitLong(segment: SpeechSegment, max: number): SpeechSegment[] {
  const pieces = Math.ceil((segment.end - segment.start) / max);
  const length = (segment.end - segment.start) / pieces;
  return Array.from({ length: pieces }, (_, i) => ({
    start: segment.start + i * length,
    end: i === pieces - 1 ? segment.end : segment.start + (i + 1) * length,
  }));
}

/** One raw file holding every utterance, each level-normalised on its own, and the control file listing their frames. */
async function writeUtterances(dir: string, audio: Float32Array, utterances: SpeechSegment[]): Promise<string> {
  const pieces = utterances.map((utterance) => normalisedPcm(audio, utterance));
  const lines: string[] = [];
  let frame = 0;
  pieces.forEach((pcm, i) => {
    const frames = Math.floor((pcm.length / SPEECH_SAMPLE_RATE) * FRAMES_PER_SECOND);
    lines.push(`speech ${frame} ${frame + frames - 1} u${i}`);
    frame += Math.ceil((pcm.length / SPEECH_SAMPLE_RATE) * FRAMES_PER_SECOND);
  });
  // Each utterance starts on a frame boundary: pad every piece to whole frames.
  const samplesPerFrame = SPEECH_SAMPLE_RATE / FRAMES_PER_SECOND;
  const total = pieces.reduce((sum, pcm) => sum + Math.ceil(pcm.length / samplesPerFrame) * samplesPerFrame, 0);
  const all = new Int16Array(total);
  let offset = 0;
  for (const pcm of pieces) {
    all.set(pcm, offset);
    offset += Math.ceil(pcm.length / samplesPerFrame) * samplesPerFrame;
  }
  await writeFile(join(dir, 'speech.raw'), Buffer.from(all.buffer, all.byteOffset, all.byteLength));
  const control = join(dir, 'utterances.ctl');
  await writeFile(control, lines.join('\n') + '\n');
  return control;
}

/** CTM lines ("u3 1 0.46 0.17 word 0.998", times within the utterance) as words in source seconds. */
export function wordsOfCtm(ctm: string, utterances: SpeechSegment[]): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  for (const line of ctm.split('\n')) {
    const [id, , start, duration, word] = line.trim().split(/\s+/);
    const utterance = utterances[Number(id?.slice(1))];
    if (!utterance || !word || FILLERS.test(word)) continue;
    const from = utterance.start + Number(start);
    words.push({ text: word.replace(/\(\d+\)$/, ''), start: round(from), end: round(Math.min(utterance.end, from + Number(duration))) });
  }
  return words.sort((a, b) => a.start - b.start);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
