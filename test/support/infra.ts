import { ChildProcess, spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
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

export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface NatsServer { url: string; process: ChildProcess; storeDir: string }

/** A private nats-server with JetStream for one test run, so tests never share subjects or streams with `npm start`. */
export async function startNatsServer(): Promise<NatsServer> {
  const binary = execFileSync('bash', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'reelsmith-nats-'));
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
  await waitForPort(port);
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

/** A fresh, empty database for one test run; its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `reelsmith_test_${process.pid}_${Date.now().toString(36)}`;
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

export interface S3Server { endpoint: string; process: ChildProcess; dir: string }

/** A private s3rver (scripts/lib/s3rver.cjs, the one npm start runs) with the bucket and CORS. */
export async function startS3Server(): Promise<S3Server> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-s3-'));
  const child = spawn(process.execPath, [join(__dirname, '..', '..', 'scripts', 'lib', 's3rver.cjs')], {
    env: { ...process.env, S3RVER_PORT: String(port), S3RVER_DIR: dir, S3_BUCKET: 'reelsmith' },
    stdio: 'ignore',
  });
  await waitForPort(port);
  return { endpoint: `http://127.0.0.1:${port}`, process: child, dir };
}

export async function stopS3Server(server: S3Server): Promise<void> {
  await killAndWait(server.process);
  rmSync(server.dir, { recursive: true, force: true });
}
