import { paddedSegments, normalisedPcm } from './audio';
import { wordsOfCtm } from './pocketsphinx';
import { phrasesOf } from './transcript';
import { windowsOf } from './whisper';

describe('speech helpers', () => {
  it('pads speech segments within the sound and merges the ones that then touch', () => {
    expect(
      paddedSegments(
        [
          { start: 0.1, end: 1 },
          { start: 1.3, end: 2 },
          { start: 5, end: 9.9 },
        ],
        0.25,
        10,
      ),
    ).toEqual([
      { start: 0, end: 2.25 },
      { start: 4.75, end: 10 },
    ]);
  });

  it('brings a quiet segment to the target peak, and leaves silence silent', () => {
    const audio = new Float32Array(16_000).map((_, i) => 0.01 * Math.sin(i / 5));
    const pcm = normalisedPcm(audio, { start: 0, end: 1 });
    expect(Math.max(...pcm.map(Math.abs))).toBeGreaterThan(29_000);
    expect(Math.max(...normalisedPcm(new Float32Array(16_000), { start: 0, end: 1 }))).toBe(0);
  });

  it("reads pocketsphinx's CTM as words in source seconds, without fillers and alternate marks", () => {
    const utterances = [
      { start: 10, end: 13 },
      { start: 20, end: 22 },
    ];
    const ctm = [
      'u0 1 0.46 0.17 go 0.998',
      'u0 1 0.64 0.52 forward(2) 0.998',
      'u0 1 1.2 0.3 <sil> 1',
      'u1 1 0.03 0.29 [NOISE] 0.1',
      'u1 1 0.33 0.58 meters 0.7',
    ].join('\n');
    expect(wordsOfCtm(ctm, utterances)).toEqual([
      { text: 'go', start: 10.46, end: 10.63 },
      { text: 'forward', start: 10.64, end: 11.16 },
      { text: 'meters', start: 20.33, end: 20.91 },
    ]);
  });

  it('breaks phrases at pauses of half a second and after twelve words', () => {
    const words = [0, 0.3, 0.6, 1.5, 1.8].map((start, i) => ({ text: `w${i}`, start, end: start + 0.25 }));
    expect(phrasesOf(words)).toEqual([
      { start: 0, end: 0.85, from: 0, to: 3 },
      { start: 1.5, end: 2.05, from: 3, to: 5 },
    ]);
    const run = Array.from({ length: 13 }, (_, i) => ({ text: 'w', start: i * 0.3, end: i * 0.3 + 0.25 }));
    expect(phrasesOf(run).map((p) => p.to - p.from)).toEqual([12, 1]);
  });

  it("packs speech into Whisper's windows and cuts a long segment", () => {
    expect(
      windowsOf([
        { start: 0, end: 5 },
        { start: 10, end: 20 },
        { start: 30, end: 90 },
      ]),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 30, end: 58 },
      { start: 58, end: 86 },
      { start: 86, end: 90 },
    ]);
  });
});
