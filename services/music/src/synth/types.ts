/** What one catalogue track is made of: the data the generator turns into audio. */

export const GENRES = ['electronic', 'acoustic', 'cinematic', 'hip-hop', 'ambient', 'rock'] as const;
export type Genre = (typeof GENRES)[number];

export const MOODS = ['energetic', 'uplifting', 'calm', 'romantic', 'dramatic', 'happy'] as const;
export type Mood = (typeof MOODS)[number];

export interface TrackDefinition {
  /** Everything the generator chooses (key, progression, melody, patterns) follows from it. */
  seed: number;
  title: string;
  artist: string;
  genre: Genre;
  mood: Mood;
  bpm: number;
  /** Wanted length in seconds; the track ends on a whole phrase, so it comes out close to this. */
  length: number;
}

export const SAMPLE_RATE = 44100;

/** One sounding note (or drum hit) inside a phrase; times in seconds from the phrase start. */
export interface Note {
  time: number;
  length: number;
  /** Hz; drums use it as their tuning. */
  freq: number;
  velocity: number;
  /** Rings on across the loop point: its twin at `time - cycle` carries it on in the next cycle. */
  wraps?: boolean;
}

/** Instruments built from sines, partials and FM (see expressions.ts). */
export type Timbre =
  | 'kick'
  | 'tom'
  | 'snare-body'
  | 'rim'
  | 'sub-bass'
  | 'saw-bass'
  | '808'
  | 'finger-bass'
  | 'drone-bass'
  | 'pad'
  | 'strings'
  | 'ep'
  | 'pluck'
  | 'piano'
  | 'bell'
  | 'saw-lead'
  | 'square-lead'
  | 'synth-stab'
  | 'power'
  | 'lead-guitar'
  | 'flute'
  | 'staccato';

/** Filtered noise shaped by an envelope per hit (snare wires, claps, hi-hats, shakers, cymbals). */
export type NoiseShape = 'snare' | 'clap' | 'hat' | 'shaker' | 'cymbal';

export interface Hit {
  time: number;
  velocity: number;
  /** Exponential decay rate (1/s): larger is shorter. */
  decay: number;
}

interface LayerBase {
  name: string;
  gainDb: number;
  /** -1 left .. 1 right. */
  pan: number;
  /** ffmpeg audio filters applied to the looped layer, e.g. lowpass=f=3000. */
  filters: string[];
  /** 0..1, how much goes to the reverb. */
  reverbSend: number;
  /** The kinds of phrase the layer plays in (the arrangement). */
  sections: Section[];
  /** Bars after which the layer repeats (it is rendered once for this long, then looped). */
  cycleBars: number;
}

export interface ToneLayer extends LayerBase {
  kind: 'tone';
  timbre: Timbre;
  /** Monophonic voices; a chord of three notes is three voices. */
  voices: Note[][];
  /** Voices alternate between left and right for width. */
  stereo: boolean;
  /** Sidechain-style pumping against the beat, 0..1. */
  duck: number;
  /** Kick drums: [start Hz, end Hz, decay rate]. */
  tune?: number[];
}

export interface NoiseLayer extends LayerBase {
  kind: 'noise';
  shape: NoiseShape;
  color: 'white' | 'pink';
  /** Band of the noise before the envelope: [highpass Hz, lowpass Hz]. */
  band: [number, number];
  hits: Hit[];
}

export type Layer = ToneLayer | NoiseLayer;

/** What a phrase is in the arrangement. */
export type Section = 'intro' | 'verse' | 'chorus' | 'breakdown' | 'outro';

export interface Score {
  sampleRate: number;
  bpm: number;
  /** A beat is a whole number of samples, so the grid never drifts. */
  beatSamples: number;
  phraseBars: number;
  phraseSamples: number;
  /** One section per phrase, in order. */
  arrangement: Section[];
  totalSamples: number;
  /** Seconds over which the end fades out. */
  fadeOutSeconds: number;
  reverb: { seconds: number; level: number; seed: number };
  layers: Layer[];
  /** Every beat of the track in seconds, from 0. */
  beats: number[];
  key: string;
}
