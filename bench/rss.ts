import { readFileSync } from 'node:fs';

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`));
  return match ? Number(match[1]) / 1024 : 0;
}

/** A process's children and theirs (its ffmpeg runs, for a worker), from /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const tasks = read(`/proc/${pid}/task/${pid}/children`);
  const children = tasks.split(' ').filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const CLOCK_TICKS = 100;

/**
 * CPU seconds a process has used, its own and (unless `children` is false) that of its children it
 * has waited for (ffmpeg runs that ended), from /proc/<pid>/stat: utime + stime (+ cutime + cstime).
 */
export function cpuSeconds(pid: number, { children = true } = {}): number {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the command name: state is [0], so utime (14th of the whole line) is [11].
  return fields.length > 14 ? fields.slice(11, children ? 15 : 13).reduce((sum, f) => sum + Number(f), 0) / CLOCK_TICKS : 0;
}

/**
 * Samples the RSS of named processes every 100 ms and keeps each one's peak. Names in `withChildren`
 * get a second entry, "<name> + children", summing the process and every process it started.
 */
export class RssSampler {
  private readonly peaks = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly pids: Map<string, number>,
    private readonly withChildren: string[] = [],
  ) {}

  snapshot(): Map<string, number> {
    const sizes = new Map([...this.pids].map(([name, pid]) => [name, rssMiB(pid)]));
    for (const name of this.withChildren) {
      const pid = this.pids.get(name);
      if (pid) sizes.set(`${name} + children`, rssMiB(pid) + descendants(pid).reduce((sum, child) => sum + rssMiB(child), 0));
    }
    return sizes;
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
