import { readFileSync } from 'node:fs';

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the RSS of named processes every 100 ms and keeps each one's peak. */
export class RssSampler {
  private readonly peaks = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly pids: Map<string, number>) {}

  snapshot(): Map<string, number> {
    return new Map([...this.pids].map(([name, pid]) => [name, rssMiB(pid)]));
  }

  start(): void {
    this.peaks.clear();
    this.timer = setInterval(() => {
      for (const [name, mib] of this.snapshot()) this.peaks.set(name, Math.max(this.peaks.get(name) ?? 0, mib));
    }, 100);
  }

  stop(): Map<string, number> {
    clearInterval(this.timer);
    return new Map(this.peaks);
  }
}
