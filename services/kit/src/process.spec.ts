import { Readable } from 'node:stream';
import { execProcess, exitError, ProcessError, rawFrames, runProcess, STDERR_TAIL, succeeded } from './process';

/** Node itself stands in for ffmpeg: a script that writes to its pipes and exits. */
const node = (script: string) => [process.execPath, ['-e', script]] as const;

describe('runProcess', () => {
  it('gives the exit code and the tail of stderr, and the extra pipes to read', async () => {
    const [command, args] = node(`
      const fs = require('node:fs');
      process.stderr.write('x'.repeat(5000) + 'last line');
      fs.writeSync(3, 'on fd 3');
      process.exitCode = 3;
    `);
    const running = runProcess(command, [...args], { pipes: 1 });
    const chunks: Buffer[] = [];
    running.output(3).on('data', (chunk: Buffer) => chunks.push(chunk));
    running.output(1).resume();
    const exit = await running.exit;
    expect(exit.code).toBe(3);
    expect(exit.stderr).toHaveLength(STDERR_TAIL);
    expect(exit.stderr.endsWith('last line')).toBe(true);
    expect(Buffer.concat(chunks).toString()).toBe('on fd 3');
  });

  it('keeps all of stderr when asked to', async () => {
    const [command, args] = node(`process.stderr.write('y'.repeat(5000))`);
    const running = runProcess(command, [...args], { keepAllStderr: true });
    running.output(1).resume();
    expect((await running.exit).stderr).toHaveLength(5000);
  });

  it('rejects with an ProcessError naming the command when it cannot run', async () => {
    const running = runProcess('/nonexistent/ffmpeg-of-nobody', []);
    await expect(running.exit).rejects.toThrow(ProcessError);
    await expect(running.exit).rejects.toThrow('/nonexistent/ffmpeg-of-nobody could not run');
  });

  it('rejects with the AbortError when its signal aborts', async () => {
    const controller = new AbortController();
    const [command, args] = node('setTimeout(() => {}, 10000)');
    const running = runProcess(command, [...args], { signal: controller.signal });
    running.output(1).resume();
    controller.abort();
    await expect(running.exit).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('execProcess, succeeded and exitError', () => {
  it('collects stdout as text, or hands it to onStdout without keeping it', async () => {
    const [command, args] = node(`process.stdout.write('hello')`);
    expect(await execProcess(command, [...args])).toEqual({ code: 0, stdout: 'hello', stderr: '' });
    const blocks: string[] = [];
    const seen = await execProcess(command, [...args], { onStdout: (block) => blocks.push(block) });
    expect(seen.stdout).toBe('');
    expect(blocks.join('')).toBe('hello');
  });

  it('fails a process that exits with an error with its last three stderr lines, or its code', async () => {
    const [command, args] = node(`process.stderr.write('one\\ntwo\\nthree\\nfour\\n'); process.exitCode = 1`);
    await expect(succeeded(execProcess(command, [...args]))).rejects.toThrow(new ProcessError('two three four'));
    expect(exitError({ code: 9, stderr: '  \n' }).message).toBe('ffmpeg exited with 9');
    const [ok, okArgs] = node('');
    await expect(succeeded(execProcess(ok, [...okArgs]))).resolves.toMatchObject({ code: 0 });
  });
});

describe('rawFrames', () => {
  async function framesOf(chunks: Buffer[], size: number): Promise<number[][][]> {
    const batches: number[][][] = [];
    for await (const batch of rawFrames(Readable.from(chunks), size)) batches.push(batch.map((frame) => [...frame]));
    return batches;
  }

  it('cuts a byte stream into whole frames across chunk boundaries, one batch per chunk, dropping a partial tail', async () => {
    const batches = await framesOf([Buffer.from([1, 2]), Buffer.from([3, 4, 5, 6, 7]), Buffer.from([8, 9])], 3);
    expect(batches).toEqual([
      [],
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      [[7, 8, 9]],
    ]);
    expect(await framesOf([Buffer.from([1, 2, 3, 4])], 3)).toEqual([[[1, 2, 3]]]);
  });
});
