// Runs service processes with prefixed, readable logs and stops them together.
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');
const { root } = require('./services.cjs');

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS = [36, 35, 33, 32, 34, 31];

/** One pino JSON line -> "12:00:01 INFO message"; anything else as it is. */
function formatLine(line) {
  try {
    const entry = JSON.parse(line);
    if (typeof entry !== 'object' || !entry || !('msg' in entry)) return line;
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
    const level = LEVELS[entry.level] ?? String(entry.level);
    const err = entry.err && entry.err.stack ? `\n${entry.err.stack}` : '';
    return `${time} ${level.padEnd(5)} ${entry.msg}${err}`;
  } catch {
    return line;
  }
}

const readyUrl = (service) => `http://127.0.0.1:${service.port}${service.readyPath ?? '/readyz'}`;

async function waitUntilReady(url, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// --- Sockets bound before their port is handed to anyone -----------------------------------------
// A port number picked as "free" and bound later by another process can be taken in between (by a
// stack starting in parallel, or as the local port of any outgoing connection). Test stacks bind
// each port themselves (bindSocket) and hand the bound socket to the process as an inherited file
// descriptor; the process listens on it (inheritedSocket) instead of binding the number again.

const LISTEN_FDS = 'REELSMITH_LISTEN_FDS';

/** A listening socket on `port` (0: any free one the OS picks) and `host`, for a child to take over. */
function bindSocket(port = 0, host = '0.0.0.0') {
  return new Promise((resolve, reject) => {
    // Nothing is accepted here: a connection that comes in before the child took over is closed.
    const server = net.createServer({ pauseOnConnect: true }, (socket) => socket.destroy());
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * In a process the stack started: the file descriptor of the socket it bound for `port`, or
 * undefined when it handed over none (`npm start`, production), where the process binds the port.
 */
function inheritedSocket(port, env = process.env) {
  for (const pair of (env[LISTEN_FDS] ?? '').split(',')) {
    const [p, fd] = pair.split('=').map(Number);
    if (p === port && Number.isInteger(fd)) return fd;
  }
  return undefined;
}

/**
 * Starts each service with its port, waits until every /readyz answers 200.
 * Each process gets `baseEnv` (default: this process's environment) with `env` over it.
 * A service with `sockets` (bindSocket's, for its `port` and `healthPort`) gets them as inherited file
 * descriptors, named in REELSMITH_LISTEN_FDS; they are closed here once the process has them, and a
 * restart (`start`) binds the same ports again before it hands them over.
 * @param {{services: Array<{name: string, command: string[], port: number, portEnv: string, healthPort?: number, readyPath?: string, readyTimeoutMs?: number, sockets?: import('node:net').Server[]}>, env: object, baseEnv?: object, log?: (name: string, line: string) => void, readyTimeoutMs?: number}} options
 */
async function startStack({ services, env, baseEnv = process.env, log = printLine, readyTimeoutMs = 60_000 }) {
  const running = new Map();
  /** Where each service's handed-over sockets listened ({port, host}), to bind them again on a restart. */
  const boundAt = new Map(services.filter((s) => s.sockets?.length).map((s) => [s.name, s.sockets.map((socket) => socket.address())]));

  function startOne(service, sockets = []) {
    const child = spawn(
      process.execPath,
      service.command.map((part, i) => (i === 0 ? path.join(root, part) : part)),
      {
        cwd: root,
        env: {
          ...baseEnv,
          ...env,
          [service.portEnv]: String(service.port),
          ...(service.healthPort !== undefined ? { HEALTH_PORT: String(service.healthPort) } : {}),
          ...(sockets.length ? { [LISTEN_FDS]: sockets.map((socket, i) => `${socket.address().port}=${3 + i}`).join(',') } : {}),
        },
        // A listening socket's descriptor (Node has no public getter for it; its TCP handle has one on Unix).
        stdio: ['ignore', 'pipe', 'pipe', ...sockets.map((socket) => socket._handle.fd)],
      },
    );
    // The child has its own copies now; ours would only hold the ports after it exits.
    for (const socket of sockets) socket.close();
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => log(service.name, formatLine(line)));
    }
    const entry = { service, child, exited: false };
    child.on('exit', (code, signal) => {
      entry.exited = true;
      log(service.name, `exited (${signal ?? `code ${code}`})`);
    });
    running.set(service.name, entry);
    return entry;
  }

  /** SIGTERM lets a service finish gracefully; SIGKILL simulates a crash. */
  async function stopOne(name, { timeoutMs = 10_000, signal = 'SIGTERM' } = {}) {
    const entry = running.get(name);
    if (!entry || entry.exited) return;
    const exited = new Promise((resolve) => entry.child.once('exit', resolve));
    entry.child.kill(signal);
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  const stack = {
    running,
    /** Starts (or restarts) one service and waits for it to be ready. */
    async start(name) {
      const service = services.find((s) => s.name === name);
      const sockets = await Promise.all((boundAt.get(name) ?? []).map(({ port, address }) => bindSocket(port, address)));
      const entry = startOne(service, sockets);
      await waitUntilReady(readyUrl(service), service.readyTimeoutMs ?? readyTimeoutMs, () => !entry.exited);
    },
    stopOne,
    async stop() {
      await Promise.all([...running.keys()].reverse().map((name) => stopOne(name)));
    },
  };

  try {
    for (const service of services) startOne(service, service.sockets);
    await Promise.all(
      services.map((s) =>
        waitUntilReady(readyUrl(s), s.readyTimeoutMs ?? readyTimeoutMs, () => !running.get(s.name).exited).catch((err) => {
          throw new Error(`${s.name}: ${err.message}`);
        }),
      ),
    );
  } catch (err) {
    await stack.stop();
    for (const service of services) for (const socket of service.sockets ?? []) if (socket.listening) socket.close();
    throw err;
  }
  return stack;
}

const prefixes = new Map();
function printLine(name, line) {
  if (!prefixes.has(name)) prefixes.set(name, `\x1b[${COLORS[prefixes.size % COLORS.length]}m${name.padEnd(8)}|\x1b[0m `);
  const prefix = process.stdout.isTTY ? prefixes.get(name) : `${name.padEnd(8)}| `;
  process.stdout.write(`${prefix}${line}\n`);
}

module.exports = { startStack, printLine, formatLine, waitUntilReady, bindSocket, inheritedSocket, LISTEN_FDS };
