import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './infra';

/**
 * Infrastructure a fault test may break: each piece is private to the caller (its own port and
 * data), so stopping it never touches the machine's PostgreSQL, NATS or another test's servers.
 */

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export interface RestartableNats {
  url: string;
  /** Stops the server (SIGKILL: a crash; SIGTERM: a clean shutdown); its JetStream data stays. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

export async function startRestartableNats(): Promise<RestartableNats> {
  const binary = execFileSync('bash', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'reelsmith-chaos-nats-'));
  let child: ChildProcess | null = null;
  const server: RestartableNats = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
      await waitForPort(port, 20_000);
    },
    async stop(signal = 'SIGKILL') {
      if (!child) return;
      const gone = exited(child);
      child.kill(signal);
      await gone;
      child = null;
    },
    async destroy() {
      await server.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export interface RefusingProxy {
  /** The address to give clients instead of the target's. */
  endpoint: string;
  /** Stops listening and cuts every open connection: new connections are refused (ECONNREFUSED). */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  accept(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (e.g. s3rver) that can refuse connections on demand. Bytes pass
 * through untouched, so signed S3 requests (which sign the Host header) stay valid.
 */
export async function startRefusingProxy(targetPort: number): Promise<RefusingProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => { client.destroy(); upstream.destroy(); });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { endpoint: `http://127.0.0.1:${port}`, refuse: stopListening, accept: listen, close: stopListening };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the admin URL for createTestDatabase (PG_ADMIN_URL). */
  adminUrl: string;
  /** pg_ctl stop -m fast: sessions are cut, as in a restart or failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own (initdb + pg_ctl on a free port, its socket in a temp folder),
 * run as the `postgres` user since PostgreSQL refuses to run as root.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-chaos-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pg: PrivatePostgres = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
      await waitForPort(port, 20_000);
    },
    async stop() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async destroy() {
      try {
        await pg.stop();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}
