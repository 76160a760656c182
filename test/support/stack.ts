import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { startStack, bindSocket } = require('../../scripts/lib/stack.cjs') as {
  startStack(options: {
    services: unknown[];
    env: Record<string, string>;
    log?: (name: string, line: string) => void;
    readyTimeoutMs?: number;
  }): Promise<TestStack>;
  bindSocket(port?: number, host?: string): Promise<Server>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { SERVICES, root, localStripeEnv } = require('../../scripts/lib/services.cjs') as {
  SERVICES: Array<{ name: string; port: number; healthPort?: number }>;
  root: string;
  localStripeEnv(port: number, gatewayPort: number): Record<string, string>;
};

export interface TestStack {
  running: Map<string, { child: import('node:child_process').ChildProcess }>;
  start(name: string): Promise<void>;
  stopOne(name: string, options?: { signal?: NodeJS.Signals; timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export interface RunningApp {
  baseUrl: string;
  /** The gateway's internal port: /healthz, /readyz, /metrics. */
  healthUrl: string;
  stack: TestStack;
  logs: string[];
  env: Record<string, string>;
}

type Service = (typeof SERVICES)[number];

/** The local Stripe server listens on 127.0.0.1 only (scripts/lib/stripe-local.cjs); the services on HOST or every address. */
const hostOf = (service: Service) => (service.name === 'stripe' ? '127.0.0.1' : (process.env.HOST ?? '0.0.0.0'));

/**
 * The services with ports of their own: for each port (and health port) a socket is bound here first
 * (the OS picks a free port as it binds) and handed to the process, which listens on it (see
 * bindSocket in scripts/lib/stack.cjs). No port number reaches a process, or another stack starting
 * in parallel, before it is bound, so none can be taken in between.
 */
async function withBoundPorts(services: Service[]): Promise<Array<Service & { sockets: Server[] }>> {
  const opened: Server[] = [];
  const bind = async (service: Service) => {
    const socket = await bindSocket(0, hostOf(service));
    opened.push(socket);
    return socket;
  };
  const portOf = (socket: Server) => (socket.address() as AddressInfo).port;
  try {
    const bound: Array<Service & { sockets: Server[] }> = [];
    for (const service of services) {
      const socket = await bind(service);
      const health = service.healthPort !== undefined ? await bind(service) : undefined;
      bound.push({ ...service, port: portOf(socket), ...(health ? { healthPort: portOf(health) } : {}), sockets: health ? [socket, health] : [socket] });
    }
    return bound;
  } catch (err) {
    for (const socket of opened) socket.close();
    throw err;
  }
}

/**
 * The real processes (built dist) on ports bound for them, against the run's private NATS and database.
 * Logs are kept in memory and printed only when asked, so passing runs stay quiet.
 */
export async function startApp(env: Record<string, string> = {}, options: { readyTimeoutMs?: number } = {}): Promise<RunningApp> {
  const services = await withBoundPorts(SERVICES.filter((s) => s.name !== 's3' && s.name !== 'mail'));
  const logs: string[] = [];
  const portOf = (name: string) => services.find((s) => s.name === name)!.port;
  const stackEnv: Record<string, string> = {
    // Each stack its own local Stripe server, forwarding its webhooks to this stack's gateway.
    ...localStripeEnv(portOf('stripe'), portOf('gateway')),
    NATS_URL: process.env.NATS_URL!,
    DATABASE_URL: process.env.DATABASE_URL!,
    JWT_SECRET: process.env.JWT_SECRET!,
    MEDIA_URL_SECRET: process.env.MEDIA_URL_SECRET!,
    UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-long-enough-0123456789',
    // Tests that read mails pass their own SMTP server (test/support/smtp.ts); elsewhere mails wait in the outbox.
    SMTP_URL: 'smtp://127.0.0.1:9',
    S3_ENDPOINT: process.env.S3_ENDPOINT!,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'reelsmith',
    S3_MULTIPART: 'false',
    JOB_ACK_WAIT_SECONDS: '5',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    WEB_DIST: join(root, 'web', 'dist'),
    // Each stack its own sign-in counters, as each had its own gateway memory before they moved to NATS.
    AUTH_RATE_LIMIT_BUCKET: `auth_rate_limits_${randomUUID().slice(0, 8)}`,
    ...env,
  };
  const stack = await startStack({
    services,
    env: stackEnv,
    log: (name, line) => logs.push(`${name} | ${line}`),
    readyTimeoutMs: options.readyTimeoutMs,
  }).catch((err: Error) => {
    throw new Error(`${err.message}\n--- service logs ---\n${logs.slice(-30).join('\n')}`);
  });
  const gateway = services.find((s) => s.name === 'gateway')!;
  return { baseUrl: `http://127.0.0.1:${gateway.port}`, healthUrl: `http://127.0.0.1:${gateway.healthPort}`, stack, logs, env: stackEnv };
}

/**
 * A second replica of each named service of a running app (same NATS, database and settings unless
 * `env` says otherwise), on ports of its own. The gateway replica's address is `baseUrl`.
 */
export async function startReplicas(app: RunningApp, names: string[], env: Record<string, string> = {}): Promise<{ baseUrl: string; stack: TestStack }> {
  const services = await withBoundPorts(
    names.map((name) => {
      const service = SERVICES.find((s) => s.name === name);
      if (!service) throw new Error(`no service ${name}`);
      return service;
    }),
  );
  const stack = await startStack({
    services,
    env: { ...app.env, ...env },
    log: (name, line) => app.logs.push(`${name}-2 | ${line}`),
  });
  const gateway = services.find((s) => s.name === 'gateway');
  return { baseUrl: gateway ? `http://127.0.0.1:${gateway.port}` : '', stack };
}

/** One more gateway replica of a running app. */
export const startExtraGateway = (app: RunningApp, env: Record<string, string> = {}) => startReplicas(app, ['gateway'], env);

/** Every service a stack runs (the development S3, the mail catcher and the local Stripe server are infrastructure, one per stack). */
export const SERVICE_NAMES = SERVICES.filter((s) => !['s3', 'mail', 'stripe'].includes(s.name)).map((s) => s.name);

/** An HS256 JWT signed with any secret, for forged and expired token tests. */
export function signJwt(claims: Record<string, unknown>, secret: string, alg = 'HS256'): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
  const signature = alg === 'none' ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

let counter = 0;
/** A username no other test uses. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid}${Date.now().toString(36)}${counter}`.slice(0, 32);
}

/**
 * A local Stripe server of its own (scripts/lib/stripe-local.cjs, as `npm start` runs it) on a port
 * bound for it; `env` adds to its environment (e.g. STRIPE_WEBHOOK_FORWARD_URL).
 */
export async function startLocalStripe(env: Record<string, string> = {}): Promise<{ port: number; stop(): Promise<void> }> {
  const [stripe] = await withBoundPorts(SERVICES.filter((s) => s.name === 'stripe'));
  const stack = await startStack({ services: [stripe], env, log: () => {} });
  return { port: stripe.port, stop: () => stack.stop() };
}
