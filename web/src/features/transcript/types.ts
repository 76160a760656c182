import type { CaptionStyle, TranscriptJson, TranscriptLanguage, TranscriptWord } from '@reelsmith/proto/http';

export type Transcript = TranscriptJson;
export type Word = TranscriptWord;
export type { CaptionStyle, TranscriptLanguage };
