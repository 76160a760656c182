import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A process that could not run or failed (media's FfmpegError, music's SynthError). */
export class ProcessError extends Error {}

/** How much of a process's stderr is kept by default: its tail, enough for the last error lines. */
export const STDERR_TAIL = 2000;

export interface ProcessOptions {
  signal?: AbortSignal;
  /** Output pipes beyond stdout and stderr: fds 3, 4, ... up to 2 + pipes. */
  pipes?: number;
  /** Keep all of stderr (when it carries data, e.g. showinfo's frame times), not only its tail. */
  keepAllStderr?: boolean;
}

export interface ProcessExit {
  code: number | null;
  /** stderr as text: its last STDERR_TAIL characters, or all of it with keepAllStderr. */
  stderr: string;
}

export interface RunningProcess {
  /** An output pipe of the child: 1 is stdout, 3 and up the extra pipes. */
  output(fd: number): Readable;
  /**
   * Settles once the process has closed (its pipes are closed too): its exit code and stderr.
   * Rejects when it could not run (ProcessError) or was aborted through the signal (the AbortError).
   */
  exit: Promise<ProcessExit>;
}

/**
 * Starts a process with stdin closed, stdout and stderr (and `pipes` more) piped, and listens to
 * stderr and the process's end: the one place that does (media's ffmpeg and ffprobe, music's
 * synth). The caller reads the outputs it needs, and must read every pipe it asked for (a full pipe
 * stalls the process).
 */
export function runProcess(command: string, args: string[], options: ProcessOptions = {}): RunningProcess {
  const extra = Array.from({ length: options.pipes ?? 0 }, () => 'pipe' as const);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe', ...extra], signal: options.signal });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = options.keepAllStderr ? stderr + chunk : (stderr + chunk).slice(-STDERR_TAIL);
  });
  const exit = new Promise<ProcessExit>((resolve, reject) => {
    child.on('error', (err) => reject(err.name === 'AbortError' ? err : new ProcessError(`${command} could not run: ${err.message}`)));
    child.on('close', (code) => resolve({ code, stderr }));
  });
  // A caller that failed before it awaited `exit` (and so never will) must not turn the process's
  // later abort into an unhandled rejection that stops the service; callers that await still see it.
  exit.catch(() => undefined);
  return { output: (fd) => child.stdio[fd] as Readable, exit };
}

/** The error of a process that exited with `code`: the last lines it printed, or the code. */
export function exitError(exit: ProcessExit, command = 'ffmpeg'): ProcessError {
  return new ProcessError(exit.stderr.trim().split('\n').slice(-3).join(' ') || `${command} exited with ${exit.code}`);
}

/** Resolves with the exit when the process succeeded (code 0); rejects with its exitError otherwise. */
export async function succeeded(exit: Promise<ProcessExit>, command = 'ffmpeg'): Promise<ProcessExit> {
  const result = await exit;
  if (result.code !== 0) throw exitError(result, command);
  return result;
}

/**
 * Runs a process to its end, stdout as text (or given, block by block, to onStdout, and not kept).
 * Resolves whatever the exit code; see `succeeded` to require success.
 */
export async function execProcess(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<ProcessExit & { stdout: string }> {
  const running = runProcess(command, args, { signal: options.signal });
  let stdout = '';
  running
    .output(1)
    .setEncoding('utf8')
    .on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
  return { ...(await running.exit), stdout };
}

/**
 * Fixed-size frames of a raw video pipe, as they arrive: for each chunk read, the frames it
 * completes (possibly none). Each frame is a view valid until the next step of the iteration; copy
 * what is kept longer.
 */
export async function* rawFrames(pipe: Readable, frameBytes: number): AsyncGenerator<Buffer[]> {
  let pending = Buffer.alloc(0);
  for await (const chunk of pipe) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    const frames: Buffer[] = [];
    let offset = 0;
    for (; offset + frameBytes <= pending.length; offset += frameBytes) frames.push(pending.subarray(offset, offset + frameBytes));
    pending = pending.subarray(offset);
    yield frames;
  }
}
