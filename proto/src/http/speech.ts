/**
 * Speech: the transcript of a video, the caption styles of a reel and the words a reel must include.
 * One contract for the media service (which writes the transcript), the gateway (which serves it and
 * the subtitle files) and the web (which shows and edits it).
 */

/** A stretch of speech (voice activity), in seconds of the source video. */
export interface SpeechSegment {
  start: number;
  end: number;
}

/** One recognised word, in seconds of the source video. */
export interface TranscriptWord {
  text: string;
  start: number;
  end: number;
}

/** The engines that can make a transcript; which one made it is stored and shown. */
export const TRANSCRIPT_ENGINES = ['pocketsphinx', 'whisper'] as const;
export type TranscriptEngine = (typeof TRANSCRIPT_ENGINES)[number];

/**
 * pending: not made yet (queued or running); ready: words below; none: the video has no sound;
 * unsupported: no engine here knows the language asked for; failed: the engine gave up.
 */
export const TRANSCRIPT_STATUSES = ['pending', 'ready', 'none', 'unsupported', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** GET /api/videos/{id}/transcript; kept as derived/{videoId}/transcript.json. */
export interface TranscriptJson {
  videoId: string;
  status: TranscriptStatus;
  /** What the user reads when status is not ready (e.g. "This video has no sound to transcribe."); '' when ready. */
  message: string;
  /** null until an engine made it. */
  engine: TranscriptEngine | null;
  /** draft: the embedded engine's quality, to be reviewed before captions go on a reel. */
  quality: 'draft' | 'good' | null;
  /** BCP 47 primary language, e.g. 'en'. */
  language: string;
  /** Phrases between pauses: what captions break on. Each lists its words by index range [from, to). */
  phrases: Array<{ start: number; end: number; from: number; to: number }>;
  words: TranscriptWord[];
  /** The user corrected words (PUT); a new transcription never overwrites an edited one. */
  edited: boolean;
  updatedAt: string | null;
}

/** PUT /api/videos/{id}/transcript: the corrected words (same count and times, or a new list). */
export const MAX_TRANSCRIPT_WORDS = 50_000;

export const CAPTION_STYLES = ['none', 'clean', 'bold', 'karaoke'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

/** Captions: at most two lines of at most this many characters, broken at phrase boundaries. */
export const CAPTION_LINE_CHARS = 42;
export const CAPTION_MAX_LINES = 2;

/** includeWords on generate: the words or short phrases whose moments must be in the reel. */
export const MAX_INCLUDE_WORDS = 20;
export const MAX_INCLUDE_WORD_CHARS = 100;

/** The languages a user can ask transcripts in (settings); the engines say which they have. */
export const TRANSCRIPT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
export type TranscriptLanguage = (typeof TRANSCRIPT_LANGUAGES)[number];
