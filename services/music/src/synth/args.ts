/**
 * ffmpeg filter graphs and argument lists for the music generator, built by pure functions so they
 * can be checked without running anything. Only SynthRepository runs them.
 *
 * Four ffmpeg runs per track: render (each layer synthesised once for its cycle with lavfi sources,
 * each kind of section mixed once) to float WAVs per section; mix (each section's phrase through a
 * convolution reverb, its loudness measured); master (the phrases in arrangement order, the gain to
 * the target loudness, a peak limiter, MP3 with bit-exact flags); and the finished file measured.
 */
import { envelopeExpression, layerExpression, num } from './expressions';
import type { Layer, Score, Section } from './types';

/** Integrated loudness every track is brought to (EBU R128), with peaks kept under -1 dBFS. */
export const TARGET_LUFS = -16;
export const PEAK_LIMIT_DBFS = -1;
export const MP3_BITRATE = '128k';
export const AUDIO_CONTENT_TYPE = 'audio/mpeg';
export const AUDIO_EXTENSION = 'mp3';

const ffmpegBase = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];
/** The reverb runs at a quarter of the sample rate: its tail is dark anyway, and it is 16 times less work. */
const REVERB_DIVISOR = 4;

/** Equal-power pan of a mono layer into stereo, at the layer's gain. */
export function panFilter(layer: Layer): string {
  const gain = 10 ** (layer.gainDb / 20);
  const angle = ((Math.max(-1, Math.min(1, layer.pan)) + 1) * Math.PI) / 4;
  const left = gain * Math.cos(angle) * Math.SQRT2;
  const right = gain * Math.sin(angle) * Math.SQRT2;
  return `pan=stereo|c0=${num(left)}*c0|c1=${num(right)}*c0`;
}

/** A stereo layer at its gain, its two sides blended a little so nothing sits hard left or right. */
export function widthFilter(layer: Layer): string {
  const gain = 10 ** (layer.gainDb / 20);
  return `pan=stereo|c0=${num(gain * 0.85)}*c0+${num(gain * 0.3)}*c1|c1=${num(gain * 0.3)}*c0+${num(gain * 0.85)}*c1`;
}

/**
 * Sample rate a timbre is synthesised at: every layer is band-limited (by its partials or by the
 * filters after it) to 2.5-5 kHz, so it is computed at a quarter or half of the rate and resampled,
 * which makes the expressions 2-4 times cheaper. Noise keeps the full rate (hi-hats live up high);
 * its envelope does not need it.
 */
export function renderRate(layer: Layer, sampleRate: number): number {
  if (layer.kind === 'noise') return sampleRate / 4;
  switch (layer.timbre) {
    case 'sub-bass':
    case '808':
    case 'drone-bass':
    case 'finger-bass':
    case 'saw-bass':
    case 'kick':
    case 'tom':
    case 'pad':
    case 'strings':
    case 'staccato':
    case 'flute':
    case 'synth-stab':
    case 'snare-body':
      return sampleRate / 4;
    default:
      return sampleRate / 2;
  }
}

/** The lavfi source of one layer's cycle, at the full sample rate, mono or stereo (the last entry is the chain's head). */
export function layerSource(layer: Layer, index: number, score: Score): string[] {
  const cycleSamples = layer.cycleBars * 4 * score.beatSamples;
  const seconds = num(cycleSamples / score.sampleRate + 0.05);
  const beatSeconds = score.beatSamples / score.sampleRate;
  const rate = renderRate(layer, score.sampleRate);
  const resample = rate === score.sampleRate ? '' : `,aresample=${score.sampleRate}`;
  if (layer.kind === 'noise') {
    const seed = 1000 + index * 7919 + score.reverb.seed * 13;
    return [
      `anoisesrc=d=${seconds}:r=${score.sampleRate}:a=1:c=${layer.color}:seed=${seed},highpass=f=${layer.band[0]},lowpass=f=${layer.band[1]}[n${index}]`,
      `aevalsrc=exprs='${envelopeExpression(layer.hits, layer.shape)}':s=${rate}:d=${seconds}${resample}[e${index}]`,
      `[n${index}][e${index}]amultiply`,
    ];
  }
  const options = { tune: layer.tune, duck: layer.duck, beatSeconds };
  // Stereo layers: even voices left, odd voices right, each slightly detuned (a chorus for free).
  const exprs = layer.stereo
    ? [0, 1].map((side) =>
        layerExpression(
          layer.voices.filter((_, v) => v % 2 === side),
          layer.timbre,
          { ...options, detune: side === 0 ? 0.998 : 1.002 },
        ),
      )
    : [layerExpression(layer.voices, layer.timbre, options)];
  return [`aevalsrc=exprs='${exprs.join('|')}':s=${rate}:d=${seconds}${resample}`];
}

/** Sections of the arrangement in the order they first appear. */
export function distinctSections(score: Score): Section[] {
  return [...new Set(score.arrangement)];
}

/**
 * The filter graph of the render pass. Each layer's cycle is synthesised once; each kind of section
 * (intro, verse, ...) is mixed once as one phrase, with a reverb that wraps around the phrase so the
 * phrase repeats without a seam (reverbArgs). Outputs [s0], [s1], ... (dry, full rate) and [r0],
 * [r1], ... (what is sent to the reverb, quarter rate), stereo float, exactly one phrase each, one pair
 * per distinct section, written to separate files in parallel so little is held in memory.
 */
export function renderGraph(score: Score): string {
  const rate = score.sampleRate;
  const P = score.phraseSamples;
  const sections = distinctSections(score);
  const lines: string[] = [];
  const dry: string[][] = sections.map(() => []);
  const sends: Array<Array<{ label: string; weight: number }>> = sections.map(() => []);

  score.layers.forEach((layer, i) => {
    const users = sections.map((section, j) => [section, j] as const).filter(([section]) => layer.sections.includes(section));
    if (users.length === 0) return;
    const cycleSamples = layer.cycleBars * 4 * score.beatSamples;
    const source = layerSource(layer, i, score);
    lines.push(...source.slice(0, -1));
    // Looped up to a phrase once (aloop keeps a whole cycle in memory: float, before panning to stereo).
    const chain = [
      source[source.length - 1],
      `atrim=end_sample=${cycleSamples}`,
      ...layer.filters,
      'aformat=sample_fmts=fltp',
      ...(cycleSamples === P ? [] : [`aloop=loop=-1:size=${cycleSamples}`, `atrim=end_sample=${P}`]),
      layer.kind === 'tone' && layer.stereo ? widthFilter(layer) : panFilter(layer),
    ];
    const outputs = users.map(([, j]) => `[c${i}_${j}]`);
    lines.push(`${chain.join(',')}${outputs.length > 1 ? `,asplit=${outputs.length}` : ''}${outputs.join('')}`);
    for (const [, j] of users) {
      if (layer.reverbSend > 0) {
        lines.push(`[c${i}_${j}]asplit=2[d${i}_${j}][s${i}_${j}]`);
        sends[j].push({ label: `[s${i}_${j}]`, weight: layer.reverbSend });
      } else {
        lines.push(`[c${i}_${j}]anull[d${i}_${j}]`);
      }
      dry[j].push(`[d${i}_${j}]`);
    }
  });

  // Exactly one phrase of stereo float with timestamps from the sample count.
  const exact = (samples: number) => `apad=whole_len=${samples},atrim=end_sample=${samples},asetpts=N/SR/TB,aformat=sample_fmts=flt:channel_layouts=stereo`;
  const reverbRate = rate / REVERB_DIVISOR;
  sections.forEach((_, j) => {
    lines.push(
      dry[j].length > 0 ? `${dry[j].join('')}amix=inputs=${dry[j].length}:normalize=0,${exact(P)}[s${j}]` : `anullsrc=r=${rate}:cl=stereo,${exact(P)}[s${j}]`,
    );
    // What goes to the reverb, at a quarter of the sample rate (the reverb is dark anyway).
    lines.push(
      sends[j].length > 0
        ? `${sends[j].map((s) => s.label).join('')}amix=inputs=${sends[j].length}:normalize=0:weights='${sends[j].map((s) => num(s.weight)).join(' ')}',aresample=${reverbRate},${exact(P / REVERB_DIVISOR)}[r${j}]`
        : `anullsrc=r=${reverbRate}:cl=stereo,${exact(P / REVERB_DIVISOR)}[r${j}]`,
    );
  });
  return `${lines.join(';\n')}\n`;
}

/** Files of one distinct section: its dry mix, what it sends to the reverb, the finished phrase and its loudness. */
export interface SectionFiles {
  dry: string;
  send: string;
  clip: string;
  meter: string;
}

/** Pass 1: render the dry mix and the reverb send of each distinct section to WAV (float); the graph comes from a script file (too long for an argument). */
export function renderArgs(graphFile: string, files: SectionFiles[]): string[] {
  return [
    ...ffmpegBase,
    '-filter_complex_script',
    graphFile,
    ...files.flatMap(({ dry, send }, j) => [
      '-map',
      `[s${j}]`,
      '-c:a',
      'pcm_f32le',
      '-f',
      'wav',
      dry,
      '-map',
      `[r${j}]`,
      '-c:a',
      'pcm_f32le',
      '-f',
      'wav',
      send,
    ]),
  ];
}

/** The same tone for every track: less low-mid mud, more air. */
const MASTER_EQ = 'equalizer=f=250:t=q:w=0.8:g=-2.5,treble=g=4:f=4500:t=q:w=0.6';

/** EBU R128 of a stream, printing the running integrated loudness (the last value is the whole stream's). */
const meter = (file: string) => `ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=${file}`;

/**
 * Pass 2: each section's phrase with its reverb, seamless when the phrase repeats: the end of the
 * phrase goes through the convolution first, then the whole phrase, and only the part after the
 * end is kept, so the phrase's start carries the tail of its own end. Each send file is read twice
 * (end, whole) so nothing waits in memory. The impulse response is decaying stereo noise, scaled to
 * keep the energy of what is sent to it. Each finished phrase's loudness goes to its meter file.
 */
export function mixArgs(score: Score, files: SectionFiles[]): string[] {
  const { seconds, level, seed } = score.reverb;
  const rate = score.sampleRate / REVERB_DIVISOR;
  const phrase = score.phraseSamples / REVERB_DIVISOR;
  const tail = Math.ceil(seconds * rate);
  const irScale = 1 / Math.sqrt((rate * seconds) / 13.8);
  const decayExpr = `${num(irScale)}*exp(-${num(6.9 / seconds)}*t)`;
  const ir = files.map((_, j) => `[ir${j}]`).join('');
  const P = score.phraseSamples;
  const lines = [
    `anoisesrc=d=${num(seconds)}:r=${rate}:a=1:seed=${seed}[irl]`,
    `anoisesrc=d=${num(seconds)}:r=${rate}:a=1:seed=${seed + 1}[irr]`,
    `[irl][irr]join=inputs=2:channel_layout=stereo[irn]`,
    `aevalsrc=exprs='${decayExpr}|${decayExpr}':s=${rate}:d=${num(seconds)}[ire]`,
    `[irn][ire]amultiply,highpass=f=180,lowpass=f=4500${files.length > 1 ? `,asplit=${files.length}` : ''}${ir}`,
    ...files.map(({ meter: meterFile }, j) =>
      [
        `[${3 * j + 1}:a]atrim=start_sample=${phrase - tail},asetpts=PTS-STARTPTS[t${j}]`,
        `[t${j}][${3 * j + 2}:a]concat=n=2:v=0:a=1[c${j}]`,
        `[c${j}][ir${j}]afir=dry=1:wet=${num(level)}:gtype=none:irfmt=input,atrim=start_sample=${tail},aresample=${score.sampleRate},` +
          `apad=whole_len=${P},atrim=end_sample=${P},asetpts=N/SR/TB[w${j}]`,
        `[w${j}][${3 * j}:a]amix=inputs=2:normalize=0,${MASTER_EQ},apad=whole_len=${P},atrim=end_sample=${P},asetpts=N/SR/TB,aformat=sample_fmts=flt:channel_layouts=stereo,asplit=2[o${j}][m${j}]`,
        `[m${j}]${meter(meterFile)},anullsink`,
      ].join(';'),
    ),
  ];
  return [
    ...ffmpegBase,
    ...files.flatMap(({ dry, send }) => ['-i', dry, '-i', send, '-i', send]),
    '-filter_complex',
    lines.join(';'),
    ...files.flatMap(({ clip }, j) => ['-map', `[o${j}]`, '-c:a', 'pcm_f32le', '-f', 'wav', clip]),
  ];
}

/** Finished files measure this much quieter than their sections suggest (the fade, gating, MP3): measured over the catalogue. */
const ESTIMATE_BIAS_LU = 0.7;

/**
 * The loudness of the whole track from its sections' (energy-weighted by how often each plays, the
 * faded last phrase counting a little less). Close enough to aim the gain; the master pass measures
 * the real thing.
 */
export function estimateLoudness(score: Score, sectionLoudness: number[]): number {
  const sections = distinctSections(score);
  let energy = 0;
  let weight = 0;
  score.arrangement.forEach((section, k) => {
    const w = k === score.arrangement.length - 1 ? 0.6 : 1;
    const lufs = sectionLoudness[sections.indexOf(section)];
    if (!Number.isFinite(lufs)) return;
    energy += w * 10 ** (lufs / 10);
    weight += w;
  });
  if (weight === 0) throw new Error('no section has a loudness');
  return 10 * Math.log10(energy / weight) - ESTIMATE_BIAS_LU;
}

/**
 * Pass 3: the phrases in arrangement order, faded out at the end, with the gain to the target
 * loudness and a look-ahead peak limiter that compensates its own delay (the beat grid stays where
 * it was); MP3 with no tags, no encoder string, nothing time-dependent.
 */
export function masterArgs(score: Score, files: SectionFiles[], mp3Out: string, gainDb: number): string[] {
  const sections = distinctSections(score);
  const clips = score.arrangement.map((section) => files[sections.indexOf(section)].clip);
  const fadeStart = score.totalSamples / score.sampleRate - score.fadeOutSeconds;
  const limit = 10 ** (PEAK_LIMIT_DBFS / 20);
  const graph =
    `${clips.map((_, k) => `[${k}:a]`).join('')}concat=n=${clips.length}:v=0:a=1,afade=t=out:st=${num(fadeStart)}:d=${num(score.fadeOutSeconds)},` +
    `volume=${num(gainDb)}dB,alimiter=limit=${num(limit)}:level=0:latency=1:attack=4:release=60[out]`;
  return [
    ...ffmpegBase,
    ...clips.flatMap((clip) => ['-i', clip]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-map_metadata',
    '-1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    MP3_BITRATE,
    '-compression_level',
    '7',
    '-ar',
    String(score.sampleRate),
    '-ac',
    '2',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-id3v2_version',
    '0',
    '-write_id3v1',
    '0',
    '-write_xing',
    '1',
    '-f',
    'mp3',
    mp3Out,
  ];
}

/** Pass 4: the loudness of the finished file as players decode it (what the reel renderer will mix). */
export function fileLoudnessArgs(file: string): string[] {
  return [...ffmpegBase, '-i', file, '-af', meter('-'), '-f', 'null', '-'];
}

/** The last integrated loudness (LUFS) that ametadata printed; NaN when there is none. */
export function parseIntegratedLoudness(stdout: string): number {
  const matches = [...stdout.matchAll(/lavfi\.r128\.I=(-?[\d.]+|-?inf)/g)];
  if (matches.length === 0) return Number.NaN;
  const value = matches[matches.length - 1][1];
  return value.endsWith('inf') ? Number.NEGATIVE_INFINITY : Number(value);
}

/** dB to bring a measured loudness to the target. */
export function loudnessGain(measuredLufs: number, targetLufs = TARGET_LUFS): number {
  if (!Number.isFinite(measuredLufs)) throw new Error(`cannot normalise a loudness of ${measuredLufs}`);
  return Math.round((targetLufs - measuredLufs) * 100) / 100;
}
