/**
 * ffmpeg expressions (the aevalsrc language) for the instruments. A voice plays one note at a time:
 * a balanced binary search over the note onsets stores the current note in registers, then the
 * instrument formula turns it into a sample.
 *
 * Registers: 0 onset, 1 frequency (Hz), 2 length (s), 3 velocity, 4 time since the onset;
 * 5-9 are scratch for the formulas.
 */
import type { Hit, NoiseShape, Note, Timbre } from './types';

/** Numbers short and exact enough for the expression text (1e-6 s is far below one sample). */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const text = Number(value.toFixed(6)).toString();
  return text === '-0' ? '0' : text;
}

const TWO_PI = 6.283185307;

interface Event {
  time: number;
  registers: Array<[number, number]>;
}

/** Nested if(lt(t,...)) that finds the last event at or before t and stores its registers. */
export function lookupTree(events: Event[]): string {
  const silent: Event = {
    time: 0,
    registers: [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
    ],
  };
  const sorted = [...events].sort((a, b) => a.time - b.time);
  // An event at or before 0 (a note carried over from the previous cycle) covers the start.
  const all = sorted.length && sorted[0].time <= 0 ? sorted : [silent, ...sorted];
  const leaf = (e: Event) => e.registers.map(([r, v]) => `st(${r},${num(v)})`).join(';');
  const build = (lo: number, hi: number): string => {
    if (lo === hi) return leaf(all[lo]);
    const mid = Math.ceil((lo + hi + 1) / 2);
    return `if(lt(t,${num(all[mid].time)}),${build(lo, mid - 1)},${build(mid, hi)})`;
  };
  return build(0, all.length - 1);
}

const TAU = 'ld(4)';
const V = 'ld(3)';
const attack = (seconds: number) => `min(1,${TAU}/${num(seconds)})`;
const release = (seconds: number) => `min(1,(ld(2)-${TAU})/${num(seconds)})`;
const decay = (rate: number) => `exp(-${num(rate)}*${TAU})`;
/** sin(k * phase) where register 5 holds 2*pi*f*tau. */
const partial = (k: number) => (k === 1 ? 'sin(ld(5))' : `sin(${num(k)}*ld(5))`);
/** A naive sawtooth of f*k*tau (its aliasing is filtered away afterwards). */
const saw = (k: number) => `(2*(${num(k)}*ld(6)-floor(${num(k)}*ld(6)+0.5)))`;

/** Stores the phase 2*pi*f*detune*tau in register 5 and f*detune*tau in 6, with optional vibrato. */
function phase(detune: number, vibrato?: { rate: number; depth: number }): string {
  const time = vibrato ? `(${TAU}+${num(vibrato.depth / (TWO_PI * vibrato.rate))}*(1-cos(${num(TWO_PI * vibrato.rate)}*${TAU})))` : TAU;
  return `st(6,ld(1)*${num(detune)}*${time});st(5,${num(TWO_PI)}*ld(6))`;
}

/** The sample of one note of `timbre`, from the registers. `tune` is used by kicks: [start Hz, end Hz, decay]. */
export function timbreFormula(timbre: Timbre, detune = 1, tune: number[] = [150, 48, 9]): string {
  switch (timbre) {
    case 'kick': {
      const [start, end, rate] = tune;
      const body = `sin(${num(TWO_PI)}*(${num(end)}*${TAU}+${num((start - end) / 32)}*(1-exp(-32*${TAU}))))`;
      return `${V}*(${body}*${decay(rate)}*${attack(0.0015)}+0.18*exp(-260*${TAU})*sin(${num(TWO_PI * 2100)}*${TAU}))`;
    }
    case 'tom':
      return `${V}*sin(${num(TWO_PI)}*ld(1)*(${TAU}+0.6*(1-exp(-18*${TAU}))/18))*${decay(6.5)}*${attack(0.002)}`;
    case 'snare-body':
      return `${V}*(sin(${num(TWO_PI)}*ld(1)*${TAU})*${decay(26)}+0.45*sin(${num(TWO_PI * 1.78)}*ld(1)*${TAU})*${decay(34)})*${attack(0.001)}`;
    case 'rim':
      return `${V}*(sin(${num(TWO_PI)}*ld(1)*${TAU})*${decay(85)}+0.7*sin(${num(TWO_PI * 0.47)}*ld(1)*${TAU})*${decay(55)})`;
    case 'sub-bass':
      return `${phase(detune)};${V}*(${partial(1)}+0.18*${partial(2)})*${attack(0.004)}*${release(0.02)}`;
    case 'saw-bass':
      return `${phase(detune)};${V}*0.5*(${saw(1)}+${saw(1.005)})*(0.6+0.4*${decay(5)})*${attack(0.003)}*${release(0.015)}`;
    case '808':
      return `st(5,${num(TWO_PI)}*ld(1)*(${TAU}+0.7*(1-exp(-28*${TAU}))/28));${V}*tanh(1.6*${partial(1)})*1.08*${decay(1.1)}*${attack(0.002)}*${release(0.03)}`;
    case 'finger-bass':
      return `${phase(detune)};${V}*(${partial(1)}+0.45*${partial(2)}*${decay(5)}+0.22*${partial(3)}*${decay(9)})*${decay(2.2)}*${attack(0.003)}*${release(0.02)}`;
    case 'drone-bass':
      return `${phase(detune)};${V}*(${partial(1)}+0.22*${partial(2)})*${attack(0.35)}*${release(0.3)}`;
    case 'pad':
      return `${phase(detune)};${V}*0.45*(${partial(1)}+0.5*${partial(2)}+0.3*${partial(3)}+0.16*${partial(4)}+0.08*${partial(5)})*${attack(0.3)}*${release(0.4)}`;
    case 'strings':
      return `${phase(detune, { rate: 5.3, depth: 0.0045 })};${V}*0.45*(${partial(1)}+0.5*${partial(2)}+0.33*${partial(3)}+0.25*${partial(4)}+0.18*${partial(5)}+0.12*${partial(6)})*${attack(0.32)}*${release(0.4)}`;
    case 'staccato':
      return `${phase(detune)};${V}*0.5*(${partial(1)}+0.5*${partial(2)}+0.33*${partial(3)}+0.22*${partial(4)})*${attack(0.008)}*${decay(7)}*${release(0.02)}`;
    case 'ep':
      return `${phase(detune)};${V}*(sin(ld(5)+1.4*${decay(2.6)}*${partial(1)})*${decay(1.1)}+0.1*${partial(15.2)}*${decay(30)})*${attack(0.002)}*${release(0.05)}`;
    case 'pluck':
      // A plucked string: bright at first, the upper partials dying sooner (register 7 is e^-1.2t).
      return `${phase(detune)};st(7,${decay(1.2)});${V}*${decay(1.4)}*(${partial(1)}+0.7*${partial(2)}*ld(7)+0.5*${partial(3)}*ld(7)^2+0.38*${partial(4)}*ld(7)^3+0.28*${partial(5)}*ld(7)^4+0.2*${partial(6)}*ld(7)^5+0.14*${partial(7)}*ld(7)^6+0.1*${partial(8)}*ld(7)^7)*${attack(0.002)}*${release(0.03)}`;
    case 'piano':
      return `${phase(detune)};${V}*(${partial(1)}*(0.65*${decay(2.6)}+0.35*${decay(0.45)})+0.45*${partial(2.0008)}*${decay(1.6)}+0.28*${partial(3.0027)}*${decay(2.6)}+0.14*${partial(4.0064)}*${decay(3.6)}+0.1*${partial(7.1)}*${decay(40)})*${attack(0.002)}*${release(0.06)}`;
    case 'bell':
      return `${phase(detune)};${V}*(sin(ld(5)+1.6*${decay(1.3)}*${partial(3.5)})*${decay(1.5)}+0.25*${partial(2.76)}*${decay(3)})*${attack(0.002)}*${release(0.1)}`;
    case 'saw-lead':
      return `${phase(detune)};${V}*0.5*(${saw(1)}+${saw(1.006)})*(0.55+0.45*${decay(6)})*${attack(0.004)}*${release(0.03)}`;
    case 'square-lead':
      return `${phase(detune, { rate: 5.5, depth: 0.003 })};${V}*0.7*(${partial(1)}+${partial(3)}/3+${partial(5)}/5+${partial(7)}/7)*(0.6+0.4*${decay(4)})*${attack(0.005)}*${release(0.03)}`;
    case 'power':
      // Root, fifth and octave through one distortion: a power chord.
      return `${phase(detune)};${V}*tanh(2.4*(${saw(1)}+0.8*${saw(1.4983)}+0.5*${saw(2.003)}))*(0.38+0.62*${decay(7)})*${attack(0.002)}*${release(0.015)}`;
    case 'synth-stab':
      return `${phase(detune)};${V}*0.5*(${partial(1)}+0.6*${partial(2)}+0.45*${partial(3)}+0.3*${partial(4)}+0.2*${partial(5)})*${decay(9)}*${attack(0.003)}*${release(0.02)}`;
    case 'lead-guitar':
      return `${phase(detune, { rate: 5.8, depth: 0.006 })};${V}*0.8*tanh(2.6*${saw(1)})*(0.6+0.4*${decay(3)})*${attack(0.004)}*${release(0.04)}`;
    case 'flute':
      return `${phase(detune, { rate: 5, depth: 0.005 })};${V}*(${partial(1)}+0.14*${partial(2)}+0.05*${partial(3)})*${attack(0.06)}*${release(0.07)}`;
  }
}

/** One monophonic voice: the note lookup, then the instrument while the note lasts. */
export function voiceExpression(notes: Note[], timbre: Timbre, options: { detune?: number; tune?: number[] } = {}): string {
  const lookup = lookupTree(
    notes.map((n) => ({
      time: n.time,
      registers: [
        [0, n.time],
        [1, n.freq],
        [2, n.length],
        [3, n.velocity],
      ],
    })),
  );
  return `${lookup};st(4,t-ld(0));if(lt(ld(4),ld(2)),${timbreFormula(timbre, options.detune ?? 1, options.tune)},0)`;
}

/** Several voices summed, optionally pumped against the beat (sidechain-style ducking). */
export function layerExpression(
  voices: Note[][],
  timbre: Timbre,
  options: { detune?: number; tune?: number[]; duck?: number; beatSeconds?: number } = {},
): string {
  const sum =
    voices
      .filter((v) => v.length > 0)
      .map((v) => `(${voiceExpression(v, timbre, options)})`)
      .join('+') || '0';
  if (!options.duck || !options.beatSeconds) return sum;
  return `(${sum})*(1-${num(options.duck)}*exp(-mod(t,${num(options.beatSeconds)})*${num(5 / options.beatSeconds)}))`;
}

/** The amplitude envelope that shapes the noise of one noise layer. */
export function envelopeExpression(hits: Hit[], shape: NoiseShape): string {
  const lookup = lookupTree(
    hits.map((h) => ({
      time: h.time,
      registers: [
        [0, h.time],
        [2, h.decay],
        [3, h.velocity],
      ],
    })),
  );
  const rate = 'ld(2)';
  const curves: Record<NoiseShape, string> = {
    snare: `${V}*exp(-${rate}*${TAU})*min(1,${TAU}/0.0008)`,
    hat: `${V}*exp(-${rate}*${TAU})*min(1,${TAU}/0.0005)`,
    cymbal: `${V}*exp(-${rate}*${TAU})*min(1,${TAU}/0.001)`,
    shaker: `${V}*min(1,${TAU}/0.012)*exp(-${rate}*${TAU})`,
    // Three quick bursts, then the tail: a hand clap.
    clap: `${V}*if(lt(${TAU},0.033),0.9*exp(-mod(${TAU},0.011)*230),0.85*exp(-${rate}*(${TAU}-0.033)))`,
  };
  return `${lookup};st(4,t-ld(0));${curves[shape]}`;
}
