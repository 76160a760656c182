import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { api } from '../test/system/api';
import { signUp } from '../test/system/videos';
import { postBulk } from '../test/support/multipart';
import { type RunningApp, startReplicas, type TestStack } from '../test/support/stack';
import { cpuSeconds } from './rss';

const DIR = join(__dirname, '..', 'node_modules', '.cache', 'reelsmith-bench');
const LENGTHS = [60, 120, 180];

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

/**
 * A 1-3 minute 640x360 H.264/AAC clip whose picture changes scene every 8 s (four lavfi sources in
 * turn) with a tone and bursts of noise, so the analysis has shots and loud moments to find.
 */
function scaleClip(seconds: number): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `scale-clip-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  const sources = ['testsrc2', 'smptebars', 'testsrc', 'smptehdbars'];
  const shots = Math.ceil(seconds / 8);
  const inputs = Array.from({ length: shots }, (_, i) => ['-f', 'lavfi', '-i', `${sources[i % 4]}=size=640x360:rate=30:duration=8`]).flat();
  const filter = `${Array.from({ length: shots }, (_, i) => `[${i}:v]`).join('')}concat=n=${shots}:v=1:a=0,trim=duration=${seconds}[v]`;
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      ...inputs,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.8:duration=${seconds},volume='if(lt(mod(t,20),2),1,0.05)':eval=frame`,
      '-filter_complex',
      `${filter};[${shots}:a][${shots + 1}:a]amix=inputs=2[a]`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      `${file}.tmp.mp4`,
    ],
    { stdio: 'inherit' },
  );
  renameSync(`${file}.tmp.mp4`, file);
  return file;
}

interface RunResult {
  videos: number;
  processed: number;
  failed: number;
  seconds: number;
  footageMinutes: number;
}

/**
 * The same videos as two bulk batches (one per gateway), each video processed and given its default
 * highlights (the batches service asks for them): from the first byte sent to the last reel ready.
 */
async function processAll(gateways: string[], files: Array<{ path: string; filename: string; seconds: number }>): Promise<RunResult> {
  const token = await signUp(gateways[0]);
  const halves = [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)];
  const started = Date.now();
  const batches = await Promise.all(
    halves.map(async (half, i) => {
      const gateway = gateways[i % gateways.length];
      const created = await api(gateway, 'POST', '/api/batches', { token, body: { name: `Scale ${i + 1}` } });
      if (created.status !== 201) throw new Error(`create batch answered ${created.status}: ${created.text}`);
      const upload = await postBulk(`${gateway}/api/batches/${created.json.id}/videos/bulk`, token, half);
      if (upload.status !== 201) throw new Error(`bulk upload answered ${upload.status}: ${upload.text}`);
      return { gateway, id: created.json.id as string };
    }),
  );
  const settled = await Promise.all(
    batches.map(async ({ gateway, id }) => {
      for (;;) {
        const batch = (await api(gateway, 'GET', `/api/batches/${id}`, { token })).json;
        if (batch.status !== 'processing' && batch.status !== 'pending') return batch as { processedVideos: number; failedVideos: number };
        await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  return {
    videos: files.length,
    processed: settled.reduce((n, b) => n + b.processedVideos, 0),
    failed: settled.reduce((n, b) => n + b.failedVideos, 0),
    seconds: (Date.now() - started) / 1000,
    footageMinutes: files.reduce((n, f) => n + f.seconds, 0) / 60,
  };
}

/** Where each process's CPU went in one run: the worker's node and its ffmpeg runs apart, PostgreSQL's processes together. */
class CpuSplit {
  private readonly before: Map<string, number>;

  constructor(private readonly pids: () => Map<string, number>) {
    this.before = this.sample();
  }

  private sample(): Map<string, number> {
    const split = new Map<string, number>();
    const add = (name: string, seconds: number) => split.set(name, (split.get(name) ?? 0) + seconds);
    for (const [name, pid] of this.pids()) {
      const group = name.replace(/-2$/, '');
      if (group === 'worker') {
        add('worker: node', cpuSeconds(pid, { children: false }));
        add('worker: ffmpeg', cpuSeconds(pid) - cpuSeconds(pid, { children: false }));
      } else add(group, cpuSeconds(pid));
    }
    add(
      'postgresql (whole server)',
      postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    );
    return split;
  }

  /** CPU seconds per process group since this split was made. */
  used(): Map<string, number> {
    const after = this.sample();
    return new Map([...after].map(([name, seconds]) => [name, seconds - (this.before.get(name) ?? 0)]));
  }
}

function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const stackPids = (stack: TestStack, suffix = '') => new Map([...stack.running].map(([name, entry]) => [`${name}${suffix}`, entry.child.pid!]));

/** Pins every thread of the worker (and the ffmpeg it starts from now on) to one core. */
function pin(pid: number, core: number) {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}

/**
 * `npm run bench -- --only=scale [--videos=N] [--pinned]`: N generated 1-3 minute videos (default 12)
 * processed with default highlights by the stack as it starts (1 media worker, 1 gateway, 1 media
 * API), then the same videos again with a second worker, gateway and media API started beside them.
 * `--pinned` gives each worker a core of its own (taskset; its ffmpeg runs inherit it), so the two
 * runs differ only by the cores doing video work; the other processes float over every core.
 * Each run prints where the CPU went, process by process.
 */
export async function scaleBench(app: RunningApp, args: string[], infraPids: Map<string, number> = new Map()): Promise<void> {
  const count = Number(args.find((a) => a.startsWith('--videos='))?.slice('--videos='.length) ?? 12);
  const pinned = args.includes('--pinned');
  const files = Array.from({ length: count }, (_, i) => {
    const seconds = LENGTHS[i % LENGTHS.length];
    return { path: scaleClip(seconds), filename: `match-${String(i + 1).padStart(2, '0')}.mp4`, seconds };
  });
  console.log(
    `\n== Scale-out: ${count} videos of 1-3 min (640x360 H.264/AAC), processed with default highlights, 1 worker vs 2${pinned ? ', each worker pinned to a core of its own' : ''} ==`,
  );
  console.log(`machine: ${cpus().length} cores, load average (1 min) ${fmt(loadavg()[0])} before the first run`);
  if (pinned) pin(app.stack.running.get('worker')!.child.pid!, 0);
  const onePids = () => new Map([...stackPids(app.stack), ...infraPids]);
  let split = new CpuSplit(onePids);
  const one = await processAll([app.baseUrl], files);
  const oneCpu = split.used();
  const replicas = await startReplicas(app, ['worker', 'media', 'gateway']);
  let two: RunResult;
  let twoCpu: Map<string, number>;
  try {
    if (pinned) pin(replicas.stack.running.get('worker')!.child.pid!, 1);
    split = new CpuSplit(() => new Map([...onePids(), ...stackPids(replicas.stack, '-2')]));
    two = await processAll([app.baseUrl, replicas.baseUrl], files);
    twoCpu = split.used();
  } finally {
    await replicas.stack.stop();
  }
  const widths = [44, 8, 10, 10, 12, 14];
  console.log(row(['stack', 'videos', 'ok/failed', 'seconds', 'videos/min', 'footage min/min'], widths));
  for (const [name, r] of [
    ['1 worker, 1 gateway, 1 media API', one],
    ['2 workers, 2 gateways, 2 media APIs', two],
  ] as const) {
    console.log(
      row(
        [
          name,
          String(r.videos),
          `${r.processed}/${r.failed}`,
          fmt(r.seconds),
          fmt((r.processed / r.seconds) * 60, 2),
          fmt((r.footageMinutes / r.seconds) * 60, 1),
        ],
        widths,
      ),
    );
  }
  console.log(`ratio 2 workers / 1 worker: ${fmt(two.seconds > 0 ? two.processed / two.seconds / (one.processed / one.seconds) : 0, 2)}x videos per minute`);
  printCpuSplit([one, two], [oneCpu, twoCpu]);
}

/** CPU seconds per process group in each run, per video, and the cores busy on average. */
function printCpuSplit(runs: RunResult[], splits: Array<Map<string, number>>) {
  const widths = [30, 14, 14, 14, 14];
  console.log('CPU seconds by process (per video in brackets):');
  console.log(row(['process', '1 worker', '', '2 workers', ''], widths));
  const names = [...new Set(splits.flatMap((s) => [...s.keys()]))].filter((name) => splits.some((s) => (s.get(name) ?? 0) >= 0.05));
  for (const name of names) {
    const cells = splits.flatMap((s, i) => [fmt(s.get(name) ?? 0), `(${fmt((s.get(name) ?? 0) / runs[i].videos, 2)})`]);
    console.log(row([name, ...cells], widths));
  }
  const totals = splits.map((s) => [...s.values()].reduce((a, b) => a + b, 0));
  console.log(row(['all', ...totals.flatMap((t, i) => [fmt(t), `(${fmt(t / runs[i].videos, 2)})`])], widths));
  console.log(row(['cores busy on average', ...totals.flatMap((t, i) => [fmt(t / runs[i].seconds, 2), ''])], widths));
}
