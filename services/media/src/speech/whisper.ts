import { basename } from 'node:path';
import { initWhisper, type WhisperContext } from '@fugood/whisper.node';
import { TRANSCRIPT_LANGUAGES, type SpeechSegment, type TranscriptWord } from '@reelsmith/proto/http';
import { normalisedPcm, paddedSegments, SPEECH_SAMPLE_RATE } from './audio';
import type { Transcriber } from './transcriber';

/** Whisper reads at most 30 s at a time: longer speech is decoded in pieces. */
const WINDOW_SECONDS = 28;
const PAD_SECONDS = 0.2;
/** whisper.cpp gives times in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** whisper.cpp (through @fugood/whisper.node, CPU build) with a ggml model the operator supplies: good quality. */
export class WhisperTranscriber implements Transcriber {
  readonly engine = 'whisper' as const;
  readonly quality = 'good' as const;

  private constructor(
    private readonly context: WhisperContext,
    readonly languages: readonly string[],
    private readonly threads: number,
  ) {}

  /** Loads a ggml model file (ASR_MODEL); an English-only model (*.en.bin) knows English alone. */
  static async load(modelFile: string, threads = 2): Promise<WhisperTranscriber> {
    const context = await initWhisper({ filePath: modelFile, useGpu: false });
    const englishOnly = /\.en(\.|-|_)/.test(basename(modelFile));
    return new WhisperTranscriber(context, englishOnly ? ['en'] : [...TRANSCRIPT_LANGUAGES], threads);
  }

  async transcribe(audio: Float32Array, segments: readonly SpeechSegment[], language: string, signal?: AbortSignal): Promise<TranscriptWord[]> {
    const words: TranscriptWord[] = [];
    const speech = paddedSegments(segments, PAD_SECONDS, audio.length / SPEECH_SAMPLE_RATE);
    const pieces = windowsOf(speech);
    for (const piece of pieces) {
      signal?.throwIfAborted();
      const pcm = normalisedPcm(audio, piece);
      const { stop, promise } = this.context.transcribeData(pcm.buffer as ArrayBuffer, {
        language,
        maxThreads: this.threads,
        tokenTimestamps: true,
        maxLen: 1,
        temperature: 0,
      });
      const onAbort = () => void stop();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const result = await promise;
        signal?.throwIfAborted();
        for (const s of result.segments) {
          const text = s.text.trim();
          if (!text) continue;
          const start = piece.start + s.t0 / TICKS_PER_SECOND;
          words.push({ text, start: round(start), end: round(Math.min(piece.end, Math.max(start, piece.start + s.t1 / TICKS_PER_SECOND))) });
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    }
    return words;
  }

  release(): Promise<void> {
    return this.context.release();
  }
}

/**
 * The stretches Whisper decodes: speech segments packed together while they fit in one window (each
 * call costs a whole 30 s window, however little speech it holds), a longer segment cut into windows.
 */
export function windowsOf(segments: readonly SpeechSegment[]): SpeechSegment[] {
  const out: SpeechSegment[] = [];
  for (const segment of segments) {
    for (let start = segment.start; start < segment.end; start += WINDOW_SECONDS) {
      const piece = { start, end: Math.min(segment.end, start + WINDOW_SECONDS) };
      const last = out.at(-1);
      if (last && piece.end - last.start <= WINDOW_SECONDS) last.end = piece.end;
      else out.push(piece);
    }
  }
  return out;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
