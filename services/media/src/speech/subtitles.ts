import { buildCues, type Cue } from './cues';
import type { TimedWord } from './reel-time';

export type SubtitleFormat = 'srt' | 'vtt';

export const SUBTITLE_TYPES: Record<SubtitleFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/** A subtitle file of timed words, cut into cues by the captions' line rules (buildCues). */
export function subtitleFile(words: readonly TimedWord[], format: SubtitleFormat): string {
  const cues = buildCues(words);
  return format === 'srt' ? srt(cues) : vtt(cues);
}

function srt(cues: Cue[]): string {
  return cues.map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${lines(cue, plain)}\n`).join('\n');
}

function vtt(cues: Cue[]): string {
  const body = cues.map((cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${lines(cue, vttText)}\n`).join('\n');
  return `WEBVTT\n\n${body}`;
}

const lines = (cue: Cue, text: (word: string) => string) => cue.lines.map((line) => line.map((w) => text(w.text)).join(' ')).join('\n');

/** Line breaks inside a word would end the cue early: a word is one line of text. */
const plain = (word: string) => word.replace(/\s+/g, ' ').trim();

/** WebVTT reads <, & and the arrow as markup. */
const vttText = (word: string) => plain(word).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** hh:mm:ss,mmm (SRT) or hh:mm:ss.mmm (WebVTT). */
export function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (v: number, n = 2) => String(v).padStart(n, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}
