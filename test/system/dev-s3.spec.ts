import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/** 'open' when something accepts TCP connections at host:port, else the error code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('the development S3 server (scripts/lib/s3rver.cjs, the one `npm start` runs)', () => {
  // s3rver checks no signature: whoever reaches it reads and writes every object.
  it("listens on 127.0.0.1 only, never on the machine's other addresses", async () => {
    const endpoint = new URL(process.env.S3_ENDPOINT!);
    const port = Number(endpoint.port);
    expect(await tryConnect('127.0.0.1', port)).toBe('open');
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    for (const address of others) expect({ address, answer: await tryConnect(address, port) }).toEqual({ address, answer: 'ECONNREFUSED' });
  });
});
