import { CAPTION_LINE_CHARS } from '@reelsmith/proto/http';
import { buildCues, MIN_CUE_SECONDS } from './cues';
import type { TimedWord } from './reel-time';

/** Words said one after another, 0.3 s each with 0.05 s between. */
function said(text: string, from = 0): TimedWord[] {
  return text.split(' ').map((w, i) => ({ text: w, start: from + i * 0.35, end: from + i * 0.35 + 0.3 }));
}
const texts = (cues: ReturnType<typeof buildCues>) => cues.map((c) => c.lines.map((l) => l.map((w) => w.text).join(' ')));

describe('caption cues', () => {
  it('breaks at a pause longer than 0.35 s and at a phrase end', () => {
    const words = [...said('thank you all'), ...said('for coming', 1.5)];
    expect(texts(buildCues(words))).toEqual([['thank you all'], ['for coming']]);
    const marked = said('one two three').map((w, i) => ({ ...w, phraseEnd: i === 0 }));
    expect(texts(buildCues(marked))).toEqual([['one'], ['two three']]);
  });

  it('keeps lines within 42 characters and cues within two lines, balanced', () => {
    const long = said(
      'when we first met neither of us imagined that we would be standing here today in front of all of you with our families and friends around us',
    );
    const cues = buildCues(long);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.map((w) => w.text).join(' ').length).toBeLessThanOrEqual(CAPTION_LINE_CHARS);
    }
    const [first] = texts(cues);
    expect(Math.abs(first[0].length - first[1].length)).toBeLessThan(12);
    expect(cues.flatMap((c) => c.lines.flat().map((w) => w.text))).toEqual(long.map((w) => w.text));
  });

  it('lasts its words span, at least 0.7 s, and never overlaps the next', () => {
    const cues = buildCues([
      { text: 'hi', start: 1, end: 1.2 },
      { text: 'there', start: 1.6, end: 1.9 },
      { text: 'you', start: 5, end: 5.3, phraseEnd: true },
      { text: 'long', start: 6, end: 8.5 },
    ]);
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [1, 1.6],
      [1.6, 1.6 + MIN_CUE_SECONDS],
      [5, 5 + MIN_CUE_SECONDS],
      [6, 8.5],
    ]);
  });

  it('obeys a shorter line limit and leaves empty words out', () => {
    const cues = buildCues([...said('big bold words on a phone screen'), { text: '  ', start: 9, end: 9.2 }], 12);
    for (const line of cues.flatMap((c) => c.lines)) expect(line.map((w) => w.text).join(' ').length).toBeLessThanOrEqual(12);
    expect(cues.flatMap((c) => c.lines.flat()).length).toBe(7);
  });
});
