export type JobKind = 'process' | 'analyse' | 'highlights' | 'render' | 'transcribe';

/**
 * What each kind of job may take, generously (a busy 2-core machine, several jobs at once):
 * a fixed allowance plus seconds per second of the source and of the reel. Measured on such a machine
 * a full decode runs ~14x faster than real time and a 1080p encode about real time, so a job over its
 * deadline is stuck, not slow.
 */
const ALLOWANCE: Record<JobKind, { base: number; perSourceSecond: number; perReelSecond: number }> = {
  // probe, thumbnail and, for some uploads, a full transcode
  process: { base: 120, perSourceSecond: 4, perReelSecond: 0 },
  // one decode of the whole video, with faces and voice activity
  analyse: { base: 120, perSourceSecond: 1, perReelSecond: 0 },
  // one decode for the analysis (none when the background one is kept), then the render of the reel
  highlights: { base: 120, perSourceSecond: 2, perReelSecond: 10 },
  // the render of set moments (a 9:16 reel without a kept analysis analyses first)
  render: { base: 120, perSourceSecond: 1, perReelSecond: 10 },
  // a decode of the sound, then the recogniser: pocketsphinx about 0.3 CPU-seconds per second of speech, Whisper more
  transcribe: { base: 120, perSourceSecond: 4, perReelSecond: 0 },
};

export interface JobLength {
  /** Seconds of the source video (of the clip, for a trim). */
  sourceSeconds: number;
  /** Seconds of the reel to render; 0 when the job renders none. */
  reelSeconds?: number;
}

/** Seconds a job may run before it counts as hung; `factor` scales it (1 in production). */
export function jobDeadlineSeconds(kind: JobKind, length: JobLength, factor = 1): number {
  const a = ALLOWANCE[kind];
  const source = Math.max(0, length.sourceSeconds || 0);
  const reel = Math.max(0, length.reelSeconds || 0);
  return (a.base + a.perSourceSecond * source + a.perReelSecond * reel) * factor;
}

/** Minutes for people: "1 minute", "12 minutes" (at least one). */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A running job's deadline: its signal aborts when the time is up (which kills ffmpeg), and
 * `expired` tells a hung job from one stopped for shutdown.
 */
export class JobDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  readonly signal: AbortSignal;

  constructor(
    readonly seconds: number,
    shutdown: AbortSignal,
  ) {
    this.timer = setTimeout(() => this.controller.abort(new Error(`deadline of ${seconds} s passed`)), Math.max(1, seconds * 1000));
    this.signal = AbortSignal.any([shutdown, this.controller.signal]);
  }

  /**
   * The job's work, or its deadline: ffmpeg is killed by the signal, but a storage transfer that
   * hangs is not, so the job ends at the deadline whatever it was waiting for. The abandoned work
   * checks the signal before it records a result (see the callers' last step).
   */
  within<T>(work: Promise<T>): Promise<T> {
    const { signal } = this;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
