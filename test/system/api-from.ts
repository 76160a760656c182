import { request } from 'node:http';

/**
 * A JSON call like api(), sent from one local address: Linux answers for all of 127.0.0.0/8, so
 * each test can be a different client IP through a real socket, with no header to trust.
 */
export function apiFrom(
  localAddress: string,
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: Record<string, any> }>((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let json: Record<string, any> = {};
        try {
          json = JSON.parse(Buffer.concat(chunks).toString());
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
