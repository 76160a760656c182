import { powerSpectrum } from './fft';

/** What one analysis step (e.g. 0.2 s) of mono audio sounds like. */
export interface AudioStep {
  /** RMS level in dBFS (-100 for silence). */
  loudness: number;
  /** Positive change of the spectrum from one frame to the next, averaged: onsets, hits, bursts. */
  flux: number;
  /** Spectral flatness 0..1: noise-like sound (crowds, applause, wind) is high, tones and voices low. */
  flatness: number;
  /** Peak over RMS: sharp transients are high, dense sustained noise is low. */
  crest: number;
  /** Share of the energy in the voice band (300-3400 Hz). */
  voiceBand: number;
  /** Share of the energy in the strongest spectral peak (3 bins): a tone or a whistle is high, a voice low. */
  tonality: number;
  /**
   * How much the voice-band energy rises and falls between the step's 40 ms frames, in dB (max over
   * min, 0..40): syllables and the gaps between them; steady tones, engines and crowds stay low.
   */
  modulation: number;
  /**
   * How much the shape of the spectrum changes from one sounding 40 ms frame to the next (1 - cosine
   * similarity of the magnitudes, 100-4000 Hz): speech moves its formants all the time; a tone, a
   * beep, an engine or a held note keeps its shape.
   */
  variation: number;
}

export const FRAME = 512;
const SILENCE_DB = -100;

/**
 * Turns a stream of PCM (mono, float -1..1) into one AudioStep per `stepSamples` samples.
 * Keeps only what the next step needs, so any length of audio runs in constant memory.
 */
export class AudioFeatureExtractor {
  private pending = new Float32Array(0);
  private previousSpectrum: Float32Array | null = null;

  constructor(
    private readonly sampleRate: number,
    private readonly stepSamples: number,
  ) {
    if (stepSamples % FRAME !== 0) throw new Error(`step must be a multiple of ${FRAME} samples`);
  }

  /** Adds samples; returns the steps they complete. */
  push(samples: Float32Array): AudioStep[] {
    const all = new Float32Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const steps: AudioStep[] = [];
    let offset = 0;
    for (; offset + this.stepSamples <= all.length; offset += this.stepSamples) {
      steps.push(this.step(all.subarray(offset, offset + this.stepSamples)));
    }
    this.pending = all.slice(offset);
    return steps;
  }

  private step(samples: Float32Array): AudioStep {
    let sumSquares = 0;
    let peak = 0;
    for (const s of samples) {
      sumSquares += s * s;
      peak = Math.max(peak, Math.abs(s));
    }
    const rms = Math.sqrt(sumSquares / samples.length);
    let flux = 0;
    let flatness = 0;
    let voiceBand = 0;
    let tonality = 0;
    let loudestVoice = 0;
    let variation = 0;
    let pairs = 0;
    let previousShape: Float32Array | null = null;
    let previousEnergy = 0;
    let quietestVoice = Infinity;
    const frames = samples.length / FRAME;
    const binHz = this.sampleRate / FRAME;
    for (let f = 0; f < frames; f++) {
      const spectrum = powerSpectrum(samples.subarray(f * FRAME, (f + 1) * FRAME));
      let total = 0;
      let logSum = 0;
      let voice = 0;
      let peak = 0;
      for (let k = 2; k < spectrum.length - 1; k++) peak = Math.max(peak, spectrum[k - 1] + spectrum[k] + spectrum[k + 1]);
      for (let k = 1; k < spectrum.length; k++) {
        const p = spectrum[k] + 1e-12;
        total += p;
        logSum += Math.log(p);
        const hz = k * binHz;
        if (hz >= 300 && hz <= 3400) voice += p;
        if (this.previousSpectrum) flux += Math.max(0, Math.sqrt(spectrum[k]) - Math.sqrt(this.previousSpectrum[k]));
      }
      const bins = spectrum.length - 1;
      flatness += Math.exp(logSum / bins) / (total / bins);
      voiceBand += voice / total;
      tonality += peak / total;
      const low = Math.max(1, Math.floor(100 / binHz));
      const high = Math.min(spectrum.length - 1, Math.ceil(4000 / binHz));
      const shape = new Float32Array(high - low + 1);
      let energy = 0;
      for (let k = low; k <= high; k++) {
        shape[k - low] = Math.sqrt(spectrum[k]);
        energy += spectrum[k];
      }
      if (previousShape && energy > 1e-7 && previousEnergy > 1e-7) {
        let dot = 0,
          aa = 0,
          bb = 0;
        for (let k = 0; k < shape.length; k++) {
          dot += shape[k] * previousShape[k];
          aa += shape[k] * shape[k];
          bb += previousShape[k] * previousShape[k];
        }
        variation += 1 - dot / Math.sqrt(aa * bb);
        pairs++;
      }
      previousShape = shape;
      previousEnergy = energy;
      loudestVoice = Math.max(loudestVoice, voice);
      quietestVoice = Math.min(quietestVoice, voice);
      this.previousSpectrum = spectrum;
    }
    return {
      loudness: rms > 1e-5 ? 20 * Math.log10(rms) : SILENCE_DB,
      flux: flux / frames / FRAME,
      flatness: flatness / frames,
      crest: rms > 1e-5 ? peak / rms : 0,
      voiceBand: voiceBand / frames,
      tonality: tonality / frames,
      variation: pairs ? variation / pairs : 0,
      modulation: loudestVoice > 1e-6 ? Math.min(40, 10 * Math.log10(loudestVoice / Math.max(quietestVoice, loudestVoice * 1e-4))) : 0,
    };
  }
}

/** s16le bytes to floats; an odd trailing byte waits for the next chunk. */
export class PcmDecoder {
  private carry: Buffer | null = null;

  decode(chunk: Buffer): Float32Array {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    this.carry = whole < bytes.length ? bytes.subarray(whole) : null;
    const out = new Float32Array(whole / 2);
    for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
    return out;
  }
}
