import { type ChildProcess, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnNatsServer, startOnSomePort, waitForPort } from './infra';

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
  const storeDir = mkdtempSync(join(tmpdir(), 'reelsmith-chaos-nats-'));
  // The first start takes a port the server picks and binds itself; a restart comes back on it.
  const first = await spawnNatsServer(-1, storeDir);
  let child: ChildProcess | null = first.child;
  const server: RestartableNats = {
    url: `nats://127.0.0.1:${first.port}`,
    async start() {
      child = (await spawnNatsServer(first.port, storeDir)).child;
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
  /** 0 until the first listen has bound a port (the OS picks it); `accept` listens on it again. */
  let port = 0;
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
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
 * run as the `postgres` user since PostgreSQL refuses to run as root. PostgreSQL binds the port
 * itself: when it was taken meanwhile, the first start tries another one; a restart comes back on it.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], { encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-chaos-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const startOn = async (port: number) => {
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    try {
      // -w: pg_ctl returns once this server accepts connections.
      asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
    } catch (err) {
      // pg_ctl only says it could not start the server; why (e.g. the port was taken) is in its log.
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`${(err as Error).message}\n${tail}`, { cause: err });
    }
    await waitForPort(port, 20_000);
    return port;
  };
  const port = await startOnSomePort(startOn);
  const pg: PrivatePostgres = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await startOn(port);
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
  return pg;
}
