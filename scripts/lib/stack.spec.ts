import type { AddressInfo, Server } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { bindSocket, inheritedSocket, startStack } = require('./stack.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const { SERVICES } = require('./services.cjs');

const stripe = SERVICES.find((s: { name: string }) => s.name === 'stripe');
const healthz = (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status);

// Test stacks bind each port first and hand the bound socket to the process (no port number is
// handed over before it is bound); the local Stripe server is the smallest process that takes one.
describe('a stack on sockets it bound itself', () => {
  it('names the handed-over sockets by port, and nothing when there are none', () => {
    expect(inheritedSocket(8080, { REELSMITH_LISTEN_FDS: '8100=3,8080=4' })).toBe(4);
    expect(inheritedSocket(8081, { REELSMITH_LISTEN_FDS: '8100=3,8080=4' })).toBeUndefined();
    expect(inheritedSocket(8080, {})).toBeUndefined();
  });

  it('runs a process on the socket bound for it, and on the same port again after a restart', async () => {
    const socket: Server = await bindSocket(0, '127.0.0.1');
    const { port } = socket.address() as AddressInfo;
    // The process would fail to bind a port that is already bound (EADDRINUSE): it answers only on the socket it was given.
    const stack = await startStack({ services: [{ ...stripe, port, sockets: [socket] }], env: {}, log: () => {} });
    try {
      expect(socket.listening).toBe(false);
      expect(await healthz(port)).toBe(200);
      await stack.stopOne('stripe');
      await expect(healthz(port)).rejects.toThrow();
      await stack.start('stripe');
      expect(await healthz(port)).toBe(200);
    } finally {
      await stack.stop();
    }
  }, 30_000);
});
