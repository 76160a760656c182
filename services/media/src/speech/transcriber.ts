import type { SpeechSegment, TranscriptEngine, TranscriptWord } from '@reelsmith/proto/http';

export { SPEECH_SAMPLE_RATE } from './audio';

/**
 * A speech recogniser. It reads the whole sound of a video (16 kHz mono samples in [-1, 1]) and the
 * VAD's speech segments, and decodes only those; word times are in seconds of the source.
 */
export interface Transcriber {
  readonly engine: TranscriptEngine;
  /** draft: to be reviewed before captions go on a reel (the embedded engine); good: Whisper. */
  readonly quality: 'draft' | 'good';
  /** The BCP 47 primary languages it knows. */
  readonly languages: readonly string[];
  transcribe(audio: Float32Array, segments: readonly SpeechSegment[], language: string, signal?: AbortSignal): Promise<TranscriptWord[]>;
}

/** What a user reads when the engine here does not know the language asked for. */
export function unsupportedLanguageMessage(transcriber: Transcriber, language: string): string {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const known = transcriber.languages.map((code) => names.of(code) ?? code).join(', ');
  const only = transcriber.languages.length === 1 ? `only knows ${known}` : `knows ${known}`;
  return `The ${transcriber.engine === 'whisper' ? 'Whisper' : 'embedded'} transcriber ${only}; set ASR_MODEL to a multilingual Whisper model for ${names.of(language) ?? language}.`;
}

export interface TranscriberChoice {
  /** A ggml model file (ASR_MODEL): Whisper. */
  modelFile: string;
  threads?: number;
}

/** Whisper when a model is configured, else the embedded pocketsphinx (always there: the set-up installs it). */
export async function chooseTranscriber({ modelFile, threads }: TranscriberChoice): Promise<Transcriber> {
  if (!modelFile) return new (await import('./pocketsphinx')).PocketsphinxTranscriber();
  const { WhisperTranscriber } = await import('./whisper');
  return WhisperTranscriber.load(modelFile, threads).catch((err: Error) => {
    throw new Error(`The Whisper model ${modelFile} (ASR_MODEL) could not be loaded: ${err.message}`);
  });
}
