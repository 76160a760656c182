/**
 * Turns a track definition into a Score: key, progression, drum patterns, bass line, chords and a
 * melody for one phrase, and which layers play in which phrase. Pure and deterministic: the seed
 * decides every choice.
 */
import { createRandom, type Random } from '@reelsmith/kit';
import { type Chord, chordOf, chordTones, midiToFrequency, type Mode, nearestMidi, PROGRESSIONS, scaleOf, voiceProgression } from './theory';
import {
  type Genre,
  type Hit,
  type Layer,
  type Mood,
  type NoiseLayer,
  type NoiseShape,
  type Note,
  SAMPLE_RATE,
  type Score,
  type Section,
  type Timbre,
  type ToneLayer,
  type TrackDefinition,
} from './types';

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const MIN_SECONDS = 30;
const MAX_SECONDS = 150;

type Role = 'kick' | 'backbeat' | 'hats' | 'cymbal' | 'bass' | 'chords' | 'lead' | 'texture';

const PLAYS: Record<Role, readonly Section[]> = {
  kick: ['verse', 'chorus', 'outro'],
  backbeat: ['verse', 'chorus'],
  hats: ['intro', 'verse', 'chorus', 'outro'],
  cymbal: ['verse', 'chorus'],
  bass: ['verse', 'chorus', 'outro'],
  chords: ['intro', 'verse', 'chorus', 'breakdown', 'outro'],
  lead: ['chorus', 'breakdown'],
  texture: ['intro', 'verse', 'chorus', 'breakdown'],
};

/** intro, verses and choruses in turns, a breakdown in the middle of longer tracks, an outro. */
export function arrangement(phrases: number): Section[] {
  if (phrases <= 2) return ['verse', 'chorus'].slice(0, phrases) as Section[];
  if (phrases === 3) return ['intro', 'chorus', 'outro'];
  const sections: Section[] = ['intro'];
  const breakdown = phrases >= 7 ? Math.floor(phrases / 2) : -1;
  for (let p = 1; p < phrases - 1; p++) {
    if (p === breakdown) sections.push('breakdown');
    else sections.push(p % 2 === 1 ? 'verse' : 'chorus');
  }
  // End on a chorus before the outro.
  if (sections[sections.length - 1] === 'verse' && sections[sections.length - 2] !== 'chorus') sections[sections.length - 1] = 'chorus';
  sections.push('outro');
  return sections;
}

interface Context {
  rnd: Random;
  genre: Genre;
  mood: Mood;
  mode: Mode;
  /** Pitch class of the key's tonic. */
  tonic: number;
  beat: number;
  step: number;
  phraseBars: number;
  /** Bars of the repeating parts (drums, bass, chords); the melody spans the whole phrase. */
  cycleBars: number;
  chords: Chord[];
  /** Delay of offbeat eighths, as a fraction of a sixteenth (0 = straight). */
  swing: number;
  /** 0.6 (gentle) .. 1 (driving). */
  energy: number;
  humanize: number;
}

/** Time in seconds of sixteenth `step` of bar `bar`, with swing and a little humanising. */
function at(ctx: Context, bar: number, step: number, jitter = true): number {
  const swung = step % 4 === 2 ? ctx.swing : step % 2 === 1 ? ctx.swing / 2 : 0;
  const offset = jitter && ctx.humanize > 0 ? ctx.rnd.range(-ctx.humanize, ctx.humanize) : 0;
  return Math.max(0, (bar * 16 + step + swung) * ctx.step + offset);
}

const vel = (ctx: Context, base: number, spread = 0.08) => Math.min(1, Math.max(0.05, base * ctx.energy * (1 + ctx.rnd.range(-spread, spread))));
const chordAt = (ctx: Context, bar: number) => ctx.chords[bar % ctx.chords.length];

// ---------------------------------------------------------------------------------------------
// Drums

interface DrumPatterns {
  kick: number[][];
  snare: number[];
  /** Steps with hats and their base velocity. */
  hats: Array<[number, number]>;
  hatDecay: number;
  openHatSteps?: number[];
  backbeat: 'snare' | 'clap' | 'rim' | 'none';
  hatShape: NoiseShape;
  cymbal: boolean;
  toms: boolean;
  kickTune: [number, number, number];
}

function drumPatterns(ctx: Context): DrumPatterns {
  const { rnd, genre, mood } = ctx;
  const gentle = mood === 'calm' || mood === 'romantic';
  const sixteenths = (accent: number, soft: number) =>
    Array.from({ length: 16 }, (_, s) => [s, s % 4 === 2 ? accent : s % 2 === 0 ? (accent + soft) / 2 : soft] as [number, number]);
  const eighths = (on: number, off: number) => Array.from({ length: 8 }, (_, i) => [i * 2, i % 2 === 0 ? on : off] as [number, number]);
  switch (genre) {
    case 'electronic':
      return {
        kick: [[0, 4, 8, 12]],
        snare: [4, 12],
        hats: gentle ? eighths(0.3, 0.55) : sixteenths(0.6, 0.22),
        hatDecay: 55,
        openHatSteps: [2, 6, 10, 14],
        backbeat: rnd.chance(0.6) ? 'clap' : 'snare',
        hatShape: 'hat',
        cymbal: true,
        toms: false,
        kickTune: [150, 48, 9],
      };
    case 'hip-hop':
      return {
        kick: rnd.pick([
          [
            [0, 10],
            [0, 7, 10],
          ],
          [
            [0, 3, 10],
            [0, 10, 11],
          ],
          [
            [0, 8, 10],
            [0, 6, 10],
          ],
        ]),
        snare: [4, 12],
        hats: rnd.chance(0.5) ? eighths(0.55, 0.35) : sixteenths(0.5, 0.18),
        hatDecay: 60,
        backbeat: 'snare',
        hatShape: 'hat',
        cymbal: false,
        toms: false,
        kickTune: [120, 45, 6],
      };
    case 'rock':
      return {
        kick: rnd.pick([
          [[0, 8, 10]],
          [[0, 6, 8]],
          [
            [0, 8],
            [0, 7, 8, 10],
          ],
        ]),
        snare: [4, 12],
        hats: eighths(0.55, 0.38),
        hatDecay: 40,
        backbeat: 'snare',
        hatShape: 'hat',
        cymbal: true,
        toms: true,
        kickTune: [130, 55, 10],
      };
    case 'acoustic':
      return {
        kick: [
          [0, 8],
          [0, 7, 8],
        ],
        snare: [4, 12],
        hats: sixteenths(0.45, 0.2),
        hatDecay: 30,
        backbeat: 'rim',
        hatShape: 'shaker',
        cymbal: false,
        toms: false,
        kickTune: [110, 55, 9],
      };
    case 'cinematic':
      return {
        kick: [
          [0, 8],
          [0, 3, 8, 11],
        ],
        snare: [],
        hats: gentle ? [] : eighths(0.35, 0.25),
        hatDecay: 70,
        backbeat: 'none',
        hatShape: 'hat',
        cymbal: true,
        toms: true,
        kickTune: [90, 38, 4],
      };
    case 'ambient':
      return {
        kick: [[0], [0, 10]],
        snare: gentle ? [] : [12],
        hats: eighths(0.3, 0.18),
        hatDecay: 25,
        backbeat: gentle ? 'none' : 'rim',
        hatShape: 'shaker',
        cymbal: false,
        toms: false,
        kickTune: [90, 45, 7],
      };
  }
}

function drumLayers(ctx: Context): Array<{ role: Role; layer: Layer }> {
  const p = drumPatterns(ctx);
  const { cycleBars: phraseBars } = ctx;
  const last = phraseBars - 1;
  const layers: Array<{ role: Role; layer: Layer }> = [];
  const gentle = ctx.mood === 'calm' || ctx.mood === 'romantic';

  const kicks: Note[] = [];
  for (let bar = 0; bar < phraseBars; bar++) {
    const pattern = p.kick[bar % p.kick.length];
    for (const s of pattern) kicks.push({ time: at(ctx, bar, s, false), length: 0.6, freq: p.kickTune[1], velocity: vel(ctx, s % 4 === 0 ? 1 : 0.8, 0.04) });
  }
  layers.push({
    role: 'kick',
    layer: tone('kick', 'kick', [fitLengths(kicks)], {
      gainDb: ctx.genre === 'cinematic' ? 0 : -1,
      filters: [],
      reverbSend: ctx.genre === 'cinematic' ? 0.25 : 0.03,
      tune: p.kickTune,
    }),
  });

  // Backbeat: snare (tonal body + noise), clap, or a rim click; a fill at the end of the phrase.
  const backHits: Hit[] = [];
  const bodies: Note[] = [];
  const backbeatDecay = p.backbeat === 'clap' ? 16 : p.backbeat === 'rim' ? 60 : 18;
  for (let bar = 0; bar < phraseBars; bar++) {
    for (const s of p.snare) {
      if (p.backbeat === 'none') continue;
      if (bar === last && s === 12 && p.backbeat !== 'rim' && !gentle) continue; // the fill takes over
      const t = at(ctx, bar, s);
      const v = vel(ctx, 0.95, 0.05);
      backHits.push({ time: t, velocity: v, decay: backbeatDecay });
      bodies.push({ time: t, length: 0.25, freq: p.backbeat === 'rim' ? 1700 : 185, velocity: v });
    }
  }
  if (p.backbeat !== 'none' && p.backbeat !== 'rim' && !gentle) {
    const fill = ctx.genre === 'electronic' ? [12, 13, 14, 15] : ctx.genre === 'hip-hop' ? [12, 15] : [12, 14, 15];
    for (const s of fill) {
      const t = at(ctx, last, s);
      const v = vel(ctx, 0.55 + (s - 12) * 0.14, 0.04);
      backHits.push({ time: t, velocity: v, decay: 22 });
      bodies.push({ time: t, length: 0.2, freq: 185, velocity: v });
    }
  }
  if (p.backbeat !== 'none') {
    backHits.sort((a, b) => a.time - b.time);
    bodies.sort((a, b) => a.time - b.time);
    const shape: NoiseShape = p.backbeat === 'clap' ? 'clap' : 'snare';
    if (p.backbeat !== 'rim') {
      layers.push({
        role: 'backbeat',
        layer: noise('snare', shape, backHits, {
          band: shape === 'clap' ? [900, 7000] : [1200, 9000],
          gainDb: shape === 'clap' ? 4 : 2,
          reverbSend: 0.3,
          color: 'white',
        }),
      });
    }
    layers.push({
      role: 'backbeat',
      layer: tone('snare-body', p.backbeat === 'rim' ? 'rim' : 'snare-body', [fitLengths(bodies)], {
        gainDb: p.backbeat === 'rim' ? -4 : -3,
        filters: [],
        reverbSend: 0.25,
      }),
    });
  }

  // Toms: fills for rock, a taiko-like ostinato for cinematic.
  if (p.toms) {
    const toms: Note[] = [];
    if (ctx.genre === 'cinematic') {
      for (let bar = 0; bar < phraseBars; bar++) {
        for (const [s, f] of [
          [4, 110],
          [6, 95],
          [12, 110],
          [14, 80],
        ] as Array<[number, number]>)
          toms.push({ time: at(ctx, bar, s), length: 0.7, freq: f, velocity: vel(ctx, s === 12 ? 0.9 : 0.7) });
      }
    } else {
      for (const [s, f] of [
        [8, 196],
        [9, 196],
        [10, 147],
        [11, 147],
        [13, 110],
        [14, 110],
        [15, 98],
      ] as Array<[number, number]>)
        toms.push({ time: at(ctx, last, s), length: 0.4, freq: f, velocity: vel(ctx, 0.75) });
    }
    layers.push({
      role: 'backbeat',
      layer: tone('toms', 'tom', [fitLengths(toms)], { gainDb: ctx.genre === 'cinematic' ? -4 : -3, filters: [], reverbSend: 0.3 }),
    });
  }

  // Hats or shaker.
  if (p.hats.length) {
    const hats: Hit[] = [];
    for (let bar = 0; bar < phraseBars; bar++) {
      for (const [s, base] of p.hats) {
        if (bar === last && s >= 12 && p.backbeat === 'clap') continue;
        const open = p.openHatSteps?.includes(s) && !gentle;
        hats.push({ time: at(ctx, bar, s), velocity: vel(ctx, base, 0.15), decay: open ? 14 : p.hatDecay });
      }
    }
    const shaker = p.hatShape === 'shaker';
    layers.push({
      role: 'hats',
      layer: noise('hats', p.hatShape, hats, {
        band: shaker ? [4500, 11000] : [7000, 16000],
        gainDb: shaker ? 1 : -3,
        reverbSend: shaker ? 0.15 : 0.08,
        color: 'white',
        pan: shaker ? 0.25 : -0.2,
      }),
    });
  }

  // A crash at the top of the phrase.
  if (p.cymbal) {
    const crash: Hit[] = [{ time: 0, velocity: vel(ctx, 0.8, 0.03), decay: ctx.genre === 'cinematic' ? 1.2 : 2.2 }];
    layers.push({ role: 'cymbal', layer: noise('crash', 'cymbal', crash, { band: [4000, 14000], gainDb: -7, reverbSend: 0.3, color: 'white', pan: 0.3 }) });
  }
  return layers;
}

// ---------------------------------------------------------------------------------------------
// Pitched parts

/** Each note lasts until the next one starts (a monophonic voice), never past its own length. */
function fitLengths(notes: Note[], gap = 0.004): Note[] {
  const sorted = [...notes].sort((a, b) => a.time - b.time);
  return sorted.map((n, i) => {
    const next = sorted[i + 1];
    const room = next ? next.time - n.time - gap : n.length;
    return { ...n, length: Math.max(0.02, Math.min(n.length, room)) };
  });
}

function bassLayer(ctx: Context): Layer {
  const { rnd, genre, cycleBars: phraseBars } = ctx;
  const notes: Note[] = [];
  const rootMidi = (bar: number, low = 33) => nearestMidi((ctx.tonic + chordAt(ctx, bar).root) % 12, low + 6);
  const fifthMidi = (bar: number) => rootMidi(bar) + 7;
  const add = (bar: number, s: number, len: number, midi: number, v: number) =>
    notes.push({ time: at(ctx, bar, s), length: len * ctx.step, freq: midiToFrequency(midi), velocity: vel(ctx, v, 0.05) });

  let timbre: Timbre = 'finger-bass';
  let filters: string[] = ['lowpass=f=900'];
  let gainDb = -3;
  switch (genre) {
    case 'electronic': {
      const rolling = rnd.chance(0.5);
      timbre = rolling ? 'saw-bass' : 'sub-bass';
      filters = rolling ? ['lowpass=f=700', 'lowpass=f=1400'] : ['lowpass=f=500'];
      for (let bar = 0; bar < phraseBars; bar++) {
        if (rolling) for (let s = 0; s < 16; s += 2) add(bar, s, 1.6, rootMidi(bar) + (s === 6 || s === 14 ? 12 : 0), s % 4 === 2 ? 0.9 : 0.75);
        else for (const s of [2, 6, 10, 14]) add(bar, s, 1.8, rootMidi(bar) + (s === 14 && bar % 2 ? 12 : 0), 1);
      }
      gainDb = rolling ? -6 : -2;
      break;
    }
    case 'hip-hop':
      timbre = '808';
      filters = ['lowpass=f=600'];
      for (let bar = 0; bar < phraseBars; bar++) {
        add(bar, 0, 7, rootMidi(bar, 28), 1);
        add(bar, 10, 6, rootMidi(bar, 28) + (bar % 2 ? 7 : 0), 0.85);
      }
      gainDb = -6;
      break;
    case 'rock':
      timbre = 'finger-bass';
      filters = ['lowpass=f=1600'];
      for (let bar = 0; bar < phraseBars; bar++) for (let s = 0; s < 16; s += 2) add(bar, s, 1.8, rootMidi(bar), s % 4 === 0 ? 0.95 : 0.8);
      gainDb = -9;
      break;
    case 'acoustic':
      timbre = 'finger-bass';
      filters = ['lowpass=f=1200'];
      for (let bar = 0; bar < phraseBars; bar++) {
        add(bar, 0, 5.5, rootMidi(bar), 0.95);
        add(bar, 6, 1.8, rootMidi(bar), 0.6);
        add(bar, 8, 5.5, fifthMidi(bar) - 12 >= 28 ? fifthMidi(bar) - 12 : fifthMidi(bar), 0.85);
        add(bar, 14, 1.8, rootMidi(bar) + 12, 0.55);
      }
      gainDb = -8;
      break;
    case 'cinematic':
    case 'ambient':
      timbre = 'drone-bass';
      filters = ['lowpass=f=400'];
      for (let bar = 0; bar < phraseBars; bar++) add(bar, 0, 15.8, rootMidi(bar, 28), genre === 'ambient' ? 0.7 : 0.9);
      gainDb = genre === 'ambient' ? -10 : -11;
      break;
  }
  return tone('bass', timbre, [fitLengths(notes)], { gainDb, filters, reverbSend: genre === 'ambient' ? 0.2 : 0.03 });
}

function chordLayers(ctx: Context): Array<{ role: Role; layer: Layer }> {
  const { rnd, genre, cycleBars: phraseBars, mood } = ctx;
  const bars = Array.from({ length: phraseBars }, (_, b) => chordAt(ctx, b));
  const low = genre === 'rock' ? 40 : 52;
  const high = genre === 'rock' ? 64 : 76;
  const tonicMidi = nearestMidi(ctx.tonic, 60);
  const layers: Array<{ role: Role; layer: Layer }> = [];

  // Held chords: two sets of voices take turns bar by bar, each chord ringing on into the next one's
  // attack (a crossfade instead of a gap). The cycle's last chord rings across the loop point: a twin
  // that started one cycle earlier carries it on at the start, so the loop has no seam either.
  const sustained = (timbre: Timbre, voices: number) => {
    const voicing = voiceProgression(tonicMidi, bars, voices, low, high);
    const bar = 16 * ctx.step;
    const cycle = bars.length * bar;
    const overlap = Math.min(0.45, bar / 3);
    const last = bars.length - 1;
    return [0, 1].flatMap((set) =>
      Array.from({ length: voices }, (_, v) => {
        const notes: Note[] = bars.flatMap((_, b) =>
          b % 2 !== set
            ? []
            : [
                {
                  time: at(ctx, b, 0, false),
                  length: bar + overlap,
                  freq: midiToFrequency(voicing[b][v]),
                  velocity: vel(ctx, 0.8, 0.03),
                  ...(b === last ? { wraps: true } : {}),
                },
              ],
        );
        const wrapping = notes.find((n) => n.wraps);
        return wrapping ? [{ ...wrapping, time: wrapping.time - cycle, wraps: undefined }, ...notes] : notes;
      }),
    );
  };
  const rhythmic = (timbre: Timbre, voices: number, hits: Array<[number, number, number]>, strum = 0) => {
    const voicing = voiceProgression(tonicMidi, bars, voices, low, high);
    return Array.from({ length: voices }, (_, v) =>
      fitLengths(
        bars.flatMap((_, bar) =>
          hits.map(([s, len, base], i) => {
            const down = i % 2 === 0;
            const spread = strum * (down ? v : voices - 1 - v);
            return {
              time: at(ctx, bar, s, false) + spread,
              length: len * ctx.step,
              freq: midiToFrequency(voicing[bar][v]),
              velocity: vel(ctx, base * (down ? 1 : 0.8), 0.06),
            };
          }),
        ),
      ),
    );
  };

  switch (genre) {
    case 'electronic': {
      const stabs = mood === 'energetic' || (mood !== 'calm' && rnd.chance(0.4));
      layers.push({
        role: 'chords',
        layer: tone('pad', 'pad', sustained('pad', 3), {
          gainDb: stabs ? -11 : -9,
          filters: ['lowpass=f=3200', 'highpass=f=180'],
          reverbSend: 0.35,
          stereo: true,
          duck: 0.65,
        }),
      });
      if (stabs) {
        const hits: Array<[number, number, number]> = [
          [2, 1.2, 0.9],
          [6, 1.2, 0.8],
          [10, 1.2, 0.9],
          [14, 1.2, 0.8],
        ];
        layers.push({
          role: 'texture',
          layer: tone('stabs', 'synth-stab', rhythmic('synth-stab', 4, hits), {
            gainDb: -12,
            filters: ['lowpass=f=3500', 'highpass=f=250'],
            reverbSend: 0.3,
            stereo: true,
          }),
        });
      } else {
        layers.push({ role: 'texture', layer: arpLayer(ctx, bars, 'pluck', 'saw-lead', [60, 84], 2, -16, ['lowpass=f=4000', 'highpass=f=300']) });
      }
      break;
    }
    case 'hip-hop': {
      // Comping that rings to the end of the bar (the next chord takes over).
      const hits: Array<[number, number, number]> = rnd.pick([
        [
          [0, 5.5, 0.9],
          [6, 3.5, 0.6],
          [10, 6, 0.8],
        ],
        [
          [0, 7.5, 0.9],
          [8, 3, 0.7],
          [11, 5, 0.6],
        ],
        [
          [0, 3, 0.85],
          [3, 4.5, 0.6],
          [8, 8, 0.8],
        ],
      ]);
      layers.push({
        role: 'chords',
        layer: tone('keys', 'ep', rhythmic('ep', 4, hits, 0.006), {
          gainDb: -8,
          filters: ['lowpass=f=3500', 'highpass=f=150'],
          reverbSend: 0.25,
          stereo: true,
        }),
      });
      break;
    }
    case 'rock': {
      // Power chords: root, fifth and octave, driven eighths.
      // One voice plays root, fifth and octave together, so the distortion sounds like one amp.
      const roots = bars.map((c) => nearestMidi((ctx.tonic + c.root) % 12, 47));
      const chugs = fitLengths(
        bars.flatMap((_, bar) =>
          Array.from({ length: 8 }, (_, i) => ({
            time: at(ctx, bar, i * 2),
            length: 1.85 * ctx.step,
            freq: midiToFrequency(roots[bar]),
            velocity: vel(ctx, i % 2 === 0 ? 0.95 : 0.8, 0.05),
          })),
        ),
      );
      layers.push({
        role: 'chords',
        layer: tone('guitar', 'power', [chugs], { gainDb: -12, filters: ['highpass=f=140', 'lowpass=f=4500'], reverbSend: 0.12, pan: -0.25 }),
      });
      layers.push({
        role: 'texture',
        layer: tone('organ', 'pad', sustained('pad', 3), { gainDb: -19, filters: ['lowpass=f=2500', 'highpass=f=200'], reverbSend: 0.3, stereo: true }),
      });
      break;
    }
    case 'acoustic': {
      if (mood === 'romantic' || mood === 'calm') {
        layers.push({ role: 'chords', layer: arpLayer(ctx, bars, 'pluck', 'pluck', [48, 74], 2, -8, ['highpass=f=90'], 'chords') });
        layers.push({
          role: 'texture',
          layer: tone('strings', 'strings', sustained('strings', 3), {
            gainDb: -17,
            filters: ['lowpass=f=2800', 'highpass=f=200'],
            reverbSend: 0.4,
            stereo: true,
          }),
        });
      } else {
        const hits: Array<[number, number, number]> = [
          [0, 4, 1],
          [4, 2, 0.7],
          [6, 4, 0.8],
          [10, 2, 0.7],
          [12, 2, 0.85],
          [14, 2, 0.7],
        ];
        layers.push({
          role: 'chords',
          layer: tone('guitar', 'pluck', rhythmic('pluck', 4, hits, 0.009), { gainDb: -10, filters: ['highpass=f=160'], reverbSend: 0.18, stereo: true }),
        });
        layers.push({ role: 'texture', layer: arpLayer(ctx, bars, 'piano', 'piano', [60, 84], 4, -14, ['highpass=f=200']) });
      }
      break;
    }
    case 'cinematic': {
      layers.push({
        role: 'chords',
        layer: tone('strings', 'strings', sustained('strings', 3), {
          gainDb: -8,
          filters: ['lowpass=f=3000', 'highpass=f=120'],
          reverbSend: 0.45,
          stereo: true,
        }),
      });
      layers.push({ role: 'texture', layer: arpLayer(ctx, bars, 'ostinato', 'staccato', [48, 67], 2, -5, ['lowpass=f=3500', 'highpass=f=120']) });
      break;
    }
    case 'ambient': {
      layers.push({
        role: 'chords',
        layer: tone('pad', 'pad', sustained('pad', 3), { gainDb: -6, filters: ['lowpass=f=2200', 'highpass=f=120'], reverbSend: 0.5, stereo: true }),
      });
      layers.push({ role: 'texture', layer: arpLayer(ctx, bars, 'bells', 'bell', [67, 91], 4, -15, ['highpass=f=300']) });
      break;
    }
  }
  return layers;
}

/** Chord tones broken into a pattern, `every` sixteenths apart (2 = eighths, 4 = quarters). */
function arpLayer(
  ctx: Context,
  bars: Chord[],
  name: string,
  timbre: Timbre,
  range: [number, number],
  every: number,
  gainDb: number,
  filters: string[],
  role: 'texture' | 'chords' = 'texture',
): Layer {
  const { rnd } = ctx;
  const shape = rnd.pick([
    [0, 1, 2, 3],
    [0, 2, 1, 3],
    [0, 1, 2, 1],
    [0, 2, 3, 1],
    [0, 3, 2, 1],
  ]);
  const notes: Note[] = [];
  const base = range[0] + 4;
  for (let bar = 0; bar < bars.length; bar++) {
    const tones = chordTones(bars[bar]);
    const pitches: number[] = [];
    for (let octave = 0; pitches.length < 4 && octave < 3; octave++) {
      for (const t of tones) {
        const midi = nearestMidi((ctx.tonic + t) % 12, base + octave * 12 - 6) + (octave === 0 ? 0 : 0);
        if (midi >= range[0] && midi <= range[1] && !pitches.includes(midi)) pitches.push(midi);
      }
    }
    pitches.sort((a, b) => a - b);
    for (let s = 0, i = 0; s < 16; s += every, i++) {
      const idx = shape[i % shape.length] % pitches.length;
      const octaveUp = every <= 2 && i % 8 >= 4 && pitches[idx] + 12 <= range[1] ? 12 : 0;
      const length = timbre === 'bell' ? every * 3 : every * 0.95;
      notes.push({
        time: at(ctx, bar, s),
        length: length * ctx.step,
        freq: midiToFrequency(pitches[idx] + octaveUp),
        velocity: vel(ctx, s % 4 === 0 ? 0.9 : 0.7, 0.08),
      });
    }
  }
  void role;
  return tone(name, timbre, [fitLengths(notes)], { gainDb, filters, reverbSend: timbre === 'bell' ? 0.55 : 0.3, pan: rnd.range(-0.3, 0.3) });
}

const RHYTHMS: Array<Array<[number, number]>> = [
  [
    [0, 4],
    [4, 2],
    [6, 2],
    [8, 4],
    [12, 4],
  ],
  [
    [0, 6],
    [6, 2],
    [8, 6],
    [14, 2],
  ],
  [
    [0, 3],
    [3, 3],
    [6, 2],
    [8, 8],
  ],
  [
    [2, 2],
    [4, 4],
    [10, 2],
    [12, 4],
  ],
  [
    [0, 2],
    [2, 2],
    [4, 4],
    [8, 2],
    [10, 2],
    [12, 4],
  ],
  [
    [0, 8],
    [8, 4],
    [12, 4],
  ],
];
const CADENCES: Array<Array<[number, number]>> = [
  [
    [0, 4],
    [4, 12],
  ],
  [[0, 16]],
  [
    [0, 2],
    [2, 2],
    [4, 12],
  ],
];

/** A singable melody: a motif, its repetition on the next chord, a variation and a cadence. */
function leadLayer(ctx: Context): Layer | null {
  const { rnd, genre, phraseBars, mode } = ctx;
  const instrument: Record<Genre, Timbre> = {
    electronic: rnd.chance(0.5) ? 'saw-lead' : 'square-lead',
    'hip-hop': rnd.chance(0.5) ? 'bell' : 'flute',
    rock: 'lead-guitar',
    acoustic: rnd.chance(0.5) ? 'flute' : 'piano',
    cinematic: rnd.chance(0.5) ? 'piano' : 'strings',
    ambient: 'bell',
  };
  const timbre = instrument[genre];
  const [low, high] = timbre === 'lead-guitar' ? [57, 79] : timbre === 'strings' ? [55, 77] : [62, 86];
  const scale = scaleOf(mode);
  const scaleNotes: number[] = [];
  for (let m = low; m <= high; m++) if (scale.includes((((m - ctx.tonic) % 12) + 12) % 12)) scaleNotes.push(m);
  const isChordTone = (m: number, chord: Chord) =>
    chordTones(chord)
      .map((t) => (ctx.tonic + t) % 12)
      .includes(m % 12);

  const slow = genre === 'ambient' || (genre === 'cinematic' && timbre === 'strings');
  const palette = slow ? [RHYTHMS[1], RHYTHMS[5]] : RHYTHMS;
  const motif = rnd.pick(palette);
  const variation = rnd.pick(palette);
  const cadence = rnd.pick(CADENCES);
  const intervals = motif.map(() => rnd.pick([-2, -1, -1, 1, 1, 2, 0, 3]));

  const notes: Note[] = [];
  let index = Math.floor(scaleNotes.length / 2);
  for (let bar = 0; bar < phraseBars; bar++) {
    const chord = chordAt(ctx, bar);
    const inBar = bar % 4;
    const rhythm = inBar === 3 ? cadence : inBar === 2 ? variation : motif;
    rhythm.forEach(([s, len], i) => {
      const strong = s === 0 || s === 8 || len >= 6;
      if (i === 0 || strong) {
        // Land on the nearest chord tone.
        let best = index;
        for (let d = 0; d < scaleNotes.length; d++) {
          for (const c of [index - d, index + d]) {
            if (c >= 0 && c < scaleNotes.length && isChordTone(scaleNotes[c], chord)) {
              best = c;
              d = scaleNotes.length;
              break;
            }
          }
        }
        index = best;
      } else {
        const step = inBar < 2 ? intervals[i % intervals.length] : rnd.pick([-2, -1, 1, 2]);
        index = Math.min(scaleNotes.length - 1, Math.max(0, index + step));
      }
      if (inBar === 3 && i === rhythm.length - 1 && bar === phraseBars - 1) {
        // End the phrase on the tonic.
        const tonicIdx = scaleNotes
          .map((m, k) => [m, k] as const)
          .filter(([m]) => m % 12 === ctx.tonic)
          .sort((a, b) => Math.abs(a[1] - index) - Math.abs(b[1] - index))[0];
        if (tonicIdx) index = tonicIdx[1];
      }
      const gap = len >= 4 ? 0.9 : 0.8;
      notes.push({
        time: at(ctx, bar, s),
        length: len * gap * ctx.step,
        freq: midiToFrequency(scaleNotes[index]),
        velocity: vel(ctx, strong ? 0.9 : 0.75, 0.06),
      });
    });
  }
  const gains: Partial<Record<Timbre, number>> = { 'saw-lead': -12, 'square-lead': -10, bell: -10, flute: -13, 'lead-guitar': -13, piano: -7, strings: -7 };
  const filters: Partial<Record<Timbre, string[]>> = {
    'saw-lead': ['lowpass=f=4500', 'highpass=f=250'],
    'square-lead': ['lowpass=f=5000', 'highpass=f=250'],
    'lead-guitar': ['lowpass=f=4000', 'highpass=f=200'],
    strings: ['lowpass=f=3500', 'highpass=f=200'],
  };
  return tone('lead', timbre, [fitLengths(notes)], {
    gainDb: gains[timbre] ?? -10,
    filters: filters[timbre] ?? ['highpass=f=200'],
    reverbSend: 0.35,
    pan: 0.05,
  });
}

// ---------------------------------------------------------------------------------------------

function tone(
  name: string,
  timbre: Timbre,
  voices: Note[][],
  o: { gainDb: number; filters: string[]; reverbSend: number; stereo?: boolean; pan?: number; duck?: number; tune?: number[] },
): ToneLayer {
  return {
    kind: 'tone',
    name,
    timbre,
    voices,
    stereo: o.stereo ?? false,
    gainDb: o.gainDb,
    pan: o.pan ?? 0,
    filters: o.filters,
    reverbSend: o.reverbSend,
    duck: o.duck ?? 0,
    sections: [],
    cycleBars: 4,
    ...(o.tune ? { tune: o.tune } : {}),
  };
}

function noise(
  name: string,
  shape: NoiseShape,
  hits: Hit[],
  o: { band: [number, number]; gainDb: number; reverbSend: number; color: 'white' | 'pink'; pan?: number },
): NoiseLayer {
  return {
    kind: 'noise',
    name,
    shape,
    hits,
    color: o.color,
    band: o.band,
    gainDb: o.gainDb,
    pan: o.pan ?? 0,
    filters: [],
    reverbSend: o.reverbSend,
    sections: [],
    cycleBars: 4,
  };
}

function modeFor(mood: Mood, rnd: Random): Mode {
  switch (mood) {
    case 'dramatic':
      return 'minor';
    case 'energetic':
      return rnd.chance(0.5) ? 'minor' : 'major';
    case 'romantic':
      return rnd.chance(0.25) ? 'minor' : 'major';
    case 'calm':
      return rnd.chance(0.2) ? 'minor' : 'major';
    default:
      return 'major';
  }
}

/** Phrases that fit the wanted length, kept within 30-150 s. */
export function phraseCount(length: number, phraseSeconds: number): number {
  let phrases = Math.max(2, Math.round(length / phraseSeconds));
  while (phrases > 2 && phrases * phraseSeconds > MAX_SECONDS) phrases--;
  while (phrases * phraseSeconds < MIN_SECONDS) phrases++;
  return phrases;
}

export function compose(def: TrackDefinition): Score {
  const rnd = createRandom(def.seed);
  const sampleRate = SAMPLE_RATE;
  const beatSamples = Math.round((sampleRate * 60) / def.bpm);
  const beat = beatSamples / sampleRate;
  const phraseBars = def.bpm >= 96 ? 8 : 4;
  const phraseSamples = phraseBars * 4 * beatSamples;
  const phrases = phraseCount(def.length, phraseSamples / sampleRate);
  const totalSamples = phrases * phraseSamples;

  const mode = modeFor(def.mood, rnd);
  const tonic = rnd.int(0, 11);
  const rich = def.mood === 'romantic' || def.mood === 'calm' || def.genre === 'hip-hop' || def.genre === 'ambient';
  const progression = rnd.pick(PROGRESSIONS[mode]);
  const chords = progression.map((numeral) => chordOf(numeral, { sevenths: rich, add9: def.genre === 'ambient' && rnd.chance(0.5) }));
  const energy = { energetic: 1, happy: 0.95, uplifting: 0.92, dramatic: 0.95, romantic: 0.78, calm: 0.72 }[def.mood];
  const swing = def.genre === 'hip-hop' ? rnd.range(0.35, 0.6) : def.genre === 'acoustic' && def.mood !== 'energetic' ? rnd.range(0, 0.25) : 0;
  const humanize = def.genre === 'electronic' ? 0 : 0.003;
  const ctx: Context = {
    rnd,
    genre: def.genre,
    mood: def.mood,
    mode,
    tonic,
    beat,
    step: beat / 4,
    phraseBars,
    cycleBars: Math.min(4, phraseBars),
    chords,
    swing,
    energy,
    humanize,
  };

  const parts: Array<{ role: Role; layer: Layer }> = [...drumLayers(ctx), { role: 'bass', layer: bassLayer(ctx) }, ...chordLayers(ctx)];
  const lead = leadLayer(ctx);
  if (lead) parts.push({ role: 'lead', layer: lead });

  const sections = arrangement(phrases);
  for (const { role, layer } of parts) {
    layer.sections = [...PLAYS[role]];
    layer.cycleBars = role === 'lead' ? phraseBars : ctx.cycleBars;
    // A note still sounding when its cycle loops would be cut off with a click: it ends (and fades) before.
    if (layer.kind === 'tone') {
      const end = layer.cycleBars * 4 * beat - 0.005;
      layer.voices = layer.voices.map((voice) =>
        voice.filter((n) => n.time < end - 0.02).map((n) => (n.wraps ? n : { ...n, length: Math.min(n.length, end - n.time) })),
      );
    }
  }

  const beats = Array.from({ length: Math.floor((phrases * phraseSamples) / beatSamples) }, (_, i) => (i * beatSamples) / sampleRate);
  const reverbSeconds = def.genre === 'ambient' || def.genre === 'cinematic' ? 3.2 : def.genre === 'rock' || def.genre === 'hip-hop' ? 1.2 : 1.8;
  return {
    sampleRate,
    bpm: def.bpm,
    beatSamples,
    phraseBars,
    phraseSamples,
    arrangement: sections,
    totalSamples,
    fadeOutSeconds: Math.min(8, (phraseSamples / sampleRate) * 0.75),
    reverb: { seconds: reverbSeconds, level: def.genre === 'ambient' ? 0.55 : def.genre === 'cinematic' ? 0.45 : 0.3, seed: (def.seed % 1000) + 7 },
    layers: parts.map((p) => p.layer),
    beats,
    key: `${NOTE_NAMES[tonic]} ${mode}`,
  };
}
