import type { TranscriptJson, TranscriptWord } from '@reelsmith/proto/http';

export const DEFAULT_TRANSCRIPT_LANGUAGE = 'en';

/** Where a video's transcript is kept, beside its other derived files (one key for the writer and the readers). */
export const transcriptKey = (videoId: string) => `derived/${videoId}/transcript.json`;

/** A transcript with words to show: ready, and not empty. */
export const hasWords = (t: TranscriptJson): boolean => t.status === 'ready' && t.words.length > 0;

/** A pause at least this long between two words ends a phrase (what captions break on). */
const PHRASE_PAUSE_SECONDS = 0.5;
/** A phrase never runs longer than this many words, pause or not. */
const PHRASE_MAX_WORDS = 12;

/** The phrases of a word list: runs of words between pauses, each by index range [from, to). */
export function phrasesOf(words: readonly TranscriptWord[]): TranscriptJson['phrases'] {
  const phrases: TranscriptJson['phrases'] = [];
  words.forEach((word, i) => {
    const last = phrases.at(-1);
    const continues = last && word.start - words[i - 1].end < PHRASE_PAUSE_SECONDS && last.to - last.from < PHRASE_MAX_WORDS;
    if (continues) Object.assign(last, { end: Math.max(last.end, word.end), to: i + 1 });
    else phrases.push({ start: word.start, end: word.end, from: i, to: i + 1 });
  });
  return phrases;
}

/** A transcript without words: pending, none, unsupported or failed, with what the user reads. */
export function transcriptWithout(videoId: string, status: Exclude<TranscriptJson['status'], 'ready'>, language: string, message = ''): TranscriptJson {
  return {
    videoId,
    status,
    message,
    engine: null,
    quality: null,
    language,
    phrases: [],
    words: [],
    edited: false,
    updatedAt: status === 'pending' ? null : new Date().toISOString(),
  };
}

export function readyTranscript(
  videoId: string,
  made: Pick<TranscriptJson, 'engine' | 'quality' | 'language'>,
  words: TranscriptWord[],
  edited = false,
): TranscriptJson {
  return { videoId, status: 'ready', message: '', ...made, phrases: phrasesOf(words), words, edited, updatedAt: new Date().toISOString() };
}

export const NO_SOUND_MESSAGE = 'This video has no sound to transcribe.';
export const PENDING_MESSAGE = 'The transcript is being made.';
