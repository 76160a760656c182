import { MUSIC_MIX } from '@reelsmith/proto/http';
import { compose } from './compose';
import { envelopeExpression, layerExpression, lookupTree, num, timbreFormula } from './expressions';
import {
  distinctSections,
  estimateLoudness,
  fileLoudnessArgs,
  loudnessGain,
  masterArgs,
  mixArgs,
  panFilter,
  parseIntegratedLoudness,
  renderArgs,
  renderGraph,
  renderRate,
  TARGET_LUFS,
} from './args';
import type { TrackDefinition } from './types';

const def: TrackDefinition = { seed: 7, title: 'T', artist: 'A', genre: 'rock', mood: 'energetic', bpm: 120, length: 60 };
const files = (n: number) => Array.from({ length: n }, (_, j) => ({ dry: `d${j}.wav`, send: `s${j}.wav`, clip: `c${j}.wav`, meter: `m${j}.txt` }));

describe('ffmpeg expressions for the instruments', () => {
  it('writes numbers short, finite and without -0', () => {
    expect(num(0.1 + 0.2)).toBe('0.3');
    expect(num(-0)).toBe('0');
    expect(num(1 / 3)).toBe('0.333333');
    expect(() => num(Number.NaN)).toThrow();
  });

  it('finds the current note with a balanced binary search over the onsets', () => {
    const tree = lookupTree([0.5, 1, 1.5, 2].map((time) => ({ time, registers: [[0, time]] as Array<[number, number]> })));
    // A silent note comes first (nothing before 0.5 s), then a split in the middle.
    expect(tree).toBe('if(lt(t,1.5),if(lt(t,1),if(lt(t,0.5),st(0,0);st(1,0);st(2,0);st(3,0),st(0,0.5)),st(0,1)),if(lt(t,2),st(0,1.5),st(0,2)))');
    expect(lookupTree([{ time: 0, registers: [[0, 0]] }])).toBe('st(0,0)');
  });

  it('plays a note only while it lasts, from the time since its onset', () => {
    const expr = layerExpression([[{ time: 0, length: 0.5, freq: 220, velocity: 0.8 }]], 'pluck');
    expect(expr).toContain('st(0,0);st(1,220);st(2,0.5);st(3,0.8)');
    expect(expr).toContain('st(4,t-ld(0));if(lt(ld(4),ld(2)),');
    expect(layerExpression([], 'pad')).toBe('0');
    // Ducking pumps against the beat.
    expect(layerExpression([[{ time: 0, length: 1, freq: 110, velocity: 1 }]], 'pad', { duck: 0.5, beatSeconds: 0.5 })).toMatch(
      /\*\(1-0\.5\*exp\(-mod\(t,0\.5\)\*10\)\)$/,
    );
  });

  it('has a formula for every instrument, and kicks sweep from their start to their end pitch', () => {
    for (const timbre of [
      'kick',
      'tom',
      'snare-body',
      'rim',
      'sub-bass',
      'saw-bass',
      '808',
      'finger-bass',
      'drone-bass',
      'pad',
      'strings',
      'ep',
      'pluck',
      'piano',
      'bell',
      'saw-lead',
      'square-lead',
      'synth-stab',
      'power',
      'lead-guitar',
      'flute',
      'staccato',
    ] as const) {
      const formula = timbreFormula(timbre);
      expect(formula).toMatch(/ld\(3\)/);
      expect((formula.match(/\(/g) ?? []).length).toBe((formula.match(/\)/g) ?? []).length);
    }
    expect(timbreFormula('kick', 1, [150, 48, 9])).toContain('sin(6.283185*(48*ld(4)+3.1875*(1-exp(-32*ld(4)))))*exp(-9*ld(4))');
    // Stereo voices are detuned through the phase.
    expect(timbreFormula('pad', 1.002)).toContain('st(6,ld(1)*1.002*ld(4))');
  });

  it('shapes noise with one envelope per kind of hit', () => {
    const hats = envelopeExpression(
      [
        { time: 0, velocity: 0.5, decay: 50 },
        { time: 0.25, velocity: 0.3, decay: 50 },
      ],
      'hat',
    );
    expect(hats).toBe('if(lt(t,0.25),st(0,0);st(2,50);st(3,0.5),st(0,0.25);st(2,50);st(3,0.3));st(4,t-ld(0));ld(3)*exp(-ld(2)*ld(4))*min(1,ld(4)/0.0005)');
    expect(envelopeExpression([{ time: 0, velocity: 1, decay: 16 }], 'clap')).toContain('mod(ld(4),0.011)');
  });
});

describe('ffmpeg argument lists of the generator', () => {
  const score = compose(def);
  const sections = distinctSections(score);

  it('renders every layer once for its cycle, at a lower rate when it has nothing up high, and mixes each section once', () => {
    const graph = renderGraph(score);
    expect(graph.match(/aevalsrc=exprs=/g)!.length).toBeGreaterThanOrEqual(score.layers.length);
    expect(graph).toContain('anoisesrc=');
    expect(graph).toMatch(/aevalsrc=exprs='[^']*':s=11025:d=[\d.]+,aresample=44100/);
    for (let j = 0; j < sections.length; j++) {
      expect(graph).toContain(`[s${j}]`);
      expect(graph).toContain(`[r${j}]`);
    }
    // Phrases are cut to the sample, so concatenated phrases keep the beat grid.
    expect(graph).toContain(`atrim=end_sample=${score.phraseSamples},asetpts=N/SR/TB`);
    expect(
      renderRate(
        score.layers.find((l) => l.name === 'hats')!,
        44100,
      ),
    ).toBe(11025);
    expect(
      renderRate(
        score.layers.find((l) => l.name === 'guitar')!,
        44100,
      ),
    ).toBe(22050);
  });

  it('pans mono layers with equal power at their gain', () => {
    const layer = { ...score.layers[0], gainDb: 0, pan: 0 };
    expect(panFilter(layer)).toBe('pan=stereo|c0=1*c0|c1=1*c0');
    expect(panFilter({ ...layer, pan: -1 })).toBe('pan=stereo|c0=1.414214*c0|c1=0*c0');
  });

  it('writes each section to its own files and reads the graph from a script file', () => {
    const args = renderArgs('graph.txt', files(2));
    expect(args.slice(0, 7)).toEqual(['-hide_banner', '-nostdin', '-y', '-v', 'error', '-filter_complex_script', 'graph.txt']);
    expect(args).toEqual(expect.arrayContaining(['-map', '[s1]', '-c:a', 'pcm_f32le', '-f', 'wav', 'd1.wav', '-map', '[r1]']));
  });

  it('reverbs each section seamlessly: its end first, then the whole phrase, keeping what follows the end', () => {
    const args = mixArgs(score, files(sections.length));
    const graph = args[args.indexOf('-filter_complex') + 1];
    // Each send is read twice, with the dry mix.
    expect(args.filter((a) => a === 's0.wav')).toHaveLength(2);
    expect(graph).toMatch(/\[1:a\]atrim=start_sample=\d+,asetpts=PTS-STARTPTS\[t0\];\[t0\]\[2:a\]concat=n=2:v=0:a=1/);
    expect(graph).toContain('afir=dry=1:wet=');
    expect(graph).toContain('ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=m0.txt');
  });

  it('masters the phrases in arrangement order with the gain, a limiter that keeps the timing, and bit-exact MP3 without tags', () => {
    const args = masterArgs(score, files(sections.length), 'out.mp3', -3.5);
    expect(args.filter((a) => a === '-i')).toHaveLength(score.arrangement.length);
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toContain(`concat=n=${score.arrangement.length}:v=0:a=1`);
    expect(graph).toContain('volume=-3.5dB,alimiter=limit=0.891251:level=0:latency=1');
    expect(args).toEqual(
      expect.arrayContaining([
        '-c:a',
        'libmp3lame',
        '-b:a',
        '128k',
        '-fflags',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-map_metadata',
        '-1',
        '-id3v2_version',
        '0',
      ]),
    );
    expect(args.at(-1)).toBe('out.mp3');
    expect(fileLoudnessArgs('out.mp3')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-i',
      'out.mp3',
      '-af',
      'ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=-',
      '-f',
      'null',
      '-',
    ]);
  });

  it('reads the loudness ffmpeg printed and aims the gain at the target', () => {
    expect(parseIntegratedLoudness('frame:1\nlavfi.r128.I=-20.500\nframe:2\nlavfi.r128.I=-18.250\n')).toBe(-18.25);
    expect(parseIntegratedLoudness('nothing')).toBeNaN();
    expect(parseIntegratedLoudness('lavfi.r128.I=-inf')).toBe(Number.NEGATIVE_INFINITY);
    expect(loudnessGain(-18.25)).toBe(TARGET_LUFS + 18.25);
    expect(() => loudnessGain(Number.NEGATIVE_INFINITY)).toThrow();
    // The editor's preview sets the music's level from this, without the track's measured loudness.
    expect(TARGET_LUFS).toBe(MUSIC_MIX.libraryTrackLufs);
  });

  it('estimates the track loudness from its sections, weighted by how often each plays', () => {
    const equal = estimateLoudness(
      score,
      sections.map(() => -20),
    );
    expect(equal).toBeCloseTo(-20.7, 5);
    const louder = estimateLoudness(
      score,
      sections.map((s) => (s === 'chorus' ? -14 : -20)),
    );
    expect(louder).toBeGreaterThan(equal);
    expect(louder).toBeLessThan(-14.7);
  });
});
