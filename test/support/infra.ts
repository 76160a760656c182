import { ChildProcess, spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';

/**
 * A port nothing listens on at this moment. Only for a server that binds it itself and, when the
 * port was taken in the meantime, is started again on another one (startOnSomePort): a number
 * handed to another process is never certain to be still free when that process binds it.
 */
function portToTry(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Whether a start failed because its port was taken. */
const portWasTaken = (err: unknown) => /EADDRINUSE|address already in use/i.test(String((err as Error)?.message ?? err));

/** Starts a server on a port to try, and on another one as long as the port turns out to be taken (a few times). */
export async function startOnSomePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await portToTry());
    } catch (err) {
      if (attempt >= attempts || !portWasTaken(err)) throw err;
    }
  }
}

export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Resolves with the first line of a child's output that `ready` picks (returning a value), and
 * rejects, with its last lines, if it exits (or `timeoutMs` passes) first. The child tells that
 * it is up itself, so another process that happens to listen on the port cannot pass for it.
 * The output keeps being read afterwards, so a full pipe never blocks the child.
 */
export function waitForLine<T>(child: ChildProcess, ready: (line: string) => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const last: string[] = [];
    let done = false;
    const finish = (err: Error | null, value?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.off('close', onExit);
      if (err) reject(err);
      else resolve(value as T);
    };
    const timer = setTimeout(() => finish(new Error(`${what} not ready after ${timeoutMs} ms:\n${last.join('\n')}`)), timeoutMs);
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`${what} exited (${signal ?? `code ${code}`}) before it was ready:\n${last.join('\n')}`));
    // 'close', not 'exit': by then its output has been read to the end, with why it stopped.
    child.once('close', onExit);
    child.once('error', (err) => finish(err));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (done) return;
        last.push(line);
        if (last.length > 40) last.shift();
        const value = ready(line);
        if (value !== undefined) finish(null, value);
      });
    }
  });
}

export interface NatsServer {
  url: string;
  process: ChildProcess;
  storeDir: string;
}

export function natsServerBinary(): string {
  return execFileSync('bash', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).trim();
}

/**
 * Runs nats-server with JetStream on 127.0.0.1:`port` (-1: a port it picks and binds itself) and
 * resolves once it is ready, with the port it says it listens on.
 */
export async function spawnNatsServer(port: number, storeDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(natsServerBinary(), ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let listening = 0;
  try {
    await waitForLine(
      child,
      (line) => {
        const match = /Listening for client connections on [^\s]+:(\d+)/.exec(line);
        if (match) listening = Number(match[1]);
        return /Server is ready/.test(line) && listening ? true : undefined;
      },
      'nats-server',
    );
  } catch (err) {
    await killAndWait(child);
    throw err;
  }
  return { child, port: listening };
}

/** A private nats-server with JetStream (each test file has one: file-infra.ts), so tests never share subjects or streams with `npm start` or another file. */
export async function startNatsServer(): Promise<NatsServer> {
  const storeDir = mkdtempSync(join(tmpdir(), 'reelsmith-nats-'));
  const { child, port } = await spawnNatsServer(-1, storeDir);
  return { url: `nats://127.0.0.1:${port}`, process: child, storeDir };
}

export async function stopNatsServer(server: NatsServer): Promise<void> {
  await killAndWait(server.process);
  rmSync(server.storeDir, { recursive: true, force: true });
}

/** Kills a child and waits until it is gone (its pipes then close, and nothing holds the caller). */
function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

const adminUrl = () => process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database (for one test file, or one test); its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `reelsmith_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface S3Server {
  endpoint: string;
  process: ChildProcess;
  dir: string;
}

/**
 * A private s3rver (scripts/lib/s3rver.cjs, the one npm start runs) with the bucket and CORS. s3rver
 * binds the port itself: when it was taken meanwhile, it starts again on another one.
 */
export async function startS3Server(): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-s3-'));
  return startOnSomePort(async (port) => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', 'scripts', 'lib', 's3rver.cjs')], {
      env: { ...process.env, S3RVER_PORT: String(port), S3RVER_DIR: dir, S3_BUCKET: 'reelsmith' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // It says so once it listens, with the bucket made.
    await waitForLine(child, (line) => (line.includes('S3 (s3rver) on') ? true : undefined), 's3rver').catch(async (err) => {
      await killAndWait(child);
      throw err;
    });
    return { endpoint: `http://127.0.0.1:${port}`, process: child, dir };
  });
}

export async function stopS3Server(server: S3Server): Promise<void> {
  await killAndWait(server.process);
  rmSync(server.dir, { recursive: true, force: true });
}
