import { clock, subtitleFile } from './subtitles';

const words = [
  { text: 'Good', start: 0.5, end: 0.8 },
  { text: 'evening', start: 0.85, end: 1.3 },
  { text: 'a<b&c', start: 3, end: 3.4 },
];

describe('subtitle files', () => {
  it('writes SRT cues numbered from 1 with comma milliseconds', () => {
    expect(subtitleFile(words, 'srt')).toBe('1\n00:00:00,500 --> 00:00:01,300\nGood evening\n\n2\n00:00:03,000 --> 00:00:03,700\na<b&c\n');
  });

  it('writes WebVTT with its header, dot milliseconds and markup escaped', () => {
    expect(subtitleFile(words, 'vtt')).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:01.300\nGood evening\n\n00:00:03.000 --> 00:00:03.700\na&lt;b&amp;c\n');
  });

  it('keeps a word with a line break on one line', () => {
    expect(subtitleFile([{ text: 'two\n\nlines', start: 0, end: 1 }], 'srt')).toContain('\ntwo lines\n');
  });

  it('counts hours', () => {
    expect(clock(3723.4567, ',')).toBe('01:02:03,457');
  });
});
