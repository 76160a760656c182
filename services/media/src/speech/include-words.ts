import type { TranscriptJson } from '@reelsmith/proto/http';

interface Span {
  start: number;
  end: number;
}

/** Words compared as said: case, punctuation and accents aside ("I do!" is "i do"). */
export function normalWord(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/'/g, '')
    .trim();
}

const tokens = (text: string) => normalWord(text).split(/\s+/).filter(Boolean);

export interface FoundWords {
  /** Where any of the asked words or phrases is said, in seconds of the source, in order. */
  spans: Span[];
  /** The asked texts said nowhere (as the user typed them). */
  notFound: string[];
}

/** Every place each asked word or phrase (its words consecutive) is said in the transcript. */
export function findSaid(asked: readonly string[], transcript: Pick<TranscriptJson, 'words'>): FoundWords {
  // One transcript word may hold several tokens ("don't stop" typed as one word), so match token by token.
  const said = transcript.words.flatMap((w, index) => tokens(w.text).map((token) => ({ token, index })));
  const spans: Span[] = [];
  const notFound: string[] = [];
  for (const text of asked) {
    const wanted = tokens(text);
    if (wanted.length === 0) continue;
    let found = false;
    for (let i = 0; i + wanted.length <= said.length; i++) {
      if (!wanted.every((token, k) => said[i + k].token === token)) continue;
      found = true;
      spans.push({ start: transcript.words[said[i].index].start, end: transcript.words[said[i + wanted.length - 1].index].end });
    }
    if (!found) notFound.push(text);
  }
  return { spans: spans.sort((a, b) => a.start - b.start), notFound };
}
