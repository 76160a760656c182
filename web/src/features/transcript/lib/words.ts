import { MAX_INCLUDE_WORD_CHARS, MAX_INCLUDE_WORDS, TRANSCRIPT_LANGUAGES, type TranscriptLanguage } from '@reelsmith/proto/http';
import type { Transcript, Word } from '../types';

/** A word as search compares it: lower case, without the punctuation around it. */
export function normaliseWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’]+/gu, '')
    .replace(/’/g, "'");
}

const tokens = (phrase: string) => phrase.split(/\s+/).map(normaliseWord).filter(Boolean);

/** Where a word or phrase is said: the index of its first word and how many words it spans. */
export type Hit = { index: number; length: number; start: number; end: number };

/** Every place the words of `phrase` are said one after another (case and punctuation ignored). */
export function findPhrase(words: readonly Word[], phrase: string): Hit[] {
  const wanted = tokens(phrase);
  if (!wanted.length) return [];
  const said = words.map((w) => normaliseWord(w.text));
  const hits: Hit[] = [];
  for (let i = 0; i + wanted.length <= said.length; i++) {
    if (wanted.every((token, k) => said[i + k] === token)) {
      hits.push({ index: i, length: wanted.length, start: words[i].start, end: words[i + wanted.length - 1].end });
    }
  }
  return hits;
}

/** The index of the word being said at `seconds`, or -1 between words. Words are in time order. */
export function wordAt(words: readonly Word[], seconds: number): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (seconds < words[mid].start) high = mid - 1;
    else if (seconds >= words[mid].end) low = mid + 1;
    else return mid;
  }
  return -1;
}

/** The indexes of the words said inside [start, end): a caption of that stretch (by each word's middle). */
export function wordsInside(words: readonly Word[], start: number, end: number): number[] {
  const inside: number[] = [];
  words.forEach((w, i) => {
    const middle = (w.start + w.end) / 2;
    if (middle >= start && middle < end) inside.push(i);
  });
  return inside;
}

const ENGINE_NAMES: Record<string, string> = { pocketsphinx: 'PocketSphinx', whisper: 'Whisper' };

/** What made the transcript, said plainly: 'Draft transcript · made on this server by PocketSphinx'. */
export function transcriptSource(t: Pick<Transcript, 'engine' | 'quality' | 'edited'>): string {
  const engine = t.engine ? (ENGINE_NAMES[t.engine] ?? t.engine) : null;
  const edited = t.edited ? ' · corrected by you' : '';
  if (t.quality === 'draft') return `Draft transcript${engine ? ` · made on this server by ${engine}` : ''}${edited}`;
  return `Transcript${engine ? ` · ${engine}` : ''}${edited}`;
}

/** The words with the corrections (index → text) applied; a word corrected to nothing is left out. */
export function correctedWords(words: readonly Word[], corrections: ReadonlyMap<number, string>): Word[] {
  return words.flatMap((w, i) => {
    const text = corrections.has(i) ? corrections.get(i)!.trim().replace(/\s+/g, ' ') : w.text;
    return text ? [{ ...w, text }] : [];
  });
}

/** A word or phrase the user typed for the next reel, tidied; or why it cannot be added. */
export function addIncludeWord(list: readonly string[], typed: string): { list: string[]; error: string | null } {
  const word = typed.trim().replace(/\s+/g, ' ');
  if (!word) return { list: [...list], error: null };
  if (word.length > MAX_INCLUDE_WORD_CHARS) return { list: [...list], error: `At most ${MAX_INCLUDE_WORD_CHARS} characters a word or phrase.` };
  if (list.some((w) => w.toLowerCase() === word.toLowerCase())) return { list: [...list], error: null };
  if (list.length >= MAX_INCLUDE_WORDS) return { list: [...list], error: `At most ${MAX_INCLUDE_WORDS} words or phrases.` };
  return { list: [...list, word], error: null };
}

/** The transcript languages a user can choose, with their names. */
export const LANGUAGE_NAMES: Record<TranscriptLanguage, string> = {
  en: 'English',
  de: 'German (Deutsch)',
  fr: 'French (Français)',
  es: 'Spanish (Español)',
  it: 'Italian (Italiano)',
  nl: 'Dutch (Nederlands)',
  pt: 'Portuguese (Português)',
};

export const isTranscriptLanguage = (value: unknown): value is TranscriptLanguage => TRANSCRIPT_LANGUAGES.includes(value as TranscriptLanguage);
