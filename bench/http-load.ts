import { Agent, request } from 'node:http';

/** Why requests got no answer (status 0), by error code, over the whole run. */
export const noAnswerCodes = new Map<string, number>();

/** One HTTP GET over a keep-alive agent: status, body bytes and latency in ms. */
function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; bytes: number; ms: number }> {
  const started = process.hrtime.bigint();
  const noAnswer = (err: NodeJS.ErrnoException) => {
    noAnswerCodes.set(err.code ?? err.message, (noAnswerCodes.get(err.code ?? err.message) ?? 0) + 1);
    return { status: 0, bytes: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };
  return new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', (err) => resolve(noAnswer(err)));
    });
    req.on('error', (err) => resolve(noAnswer(err)));
    req.end();
  });
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Map<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

function summarise(latencies: number[], statuses: Map<number, number>, seconds: number, ok: (status: number) => boolean): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const errors = [...statuses].filter(([status]) => !ok(status)).reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: sorted.length,
    errors,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    statuses,
  };
}

const isOk = (status: number) => status >= 200 && status < 300;

/**
 * Closed loop, as autocannon does: `connections` keep-alive connections, each sending its next
 * request as soon as the previous answer is read, for `seconds`.
 */
export async function hammer(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const { status, ms } = await get(agent, target, options.headers ?? {});
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return summarise(latencies, statuses, (Date.now() - started) / 1000, isOk);
}

/**
 * Open loop: `rate` requests a second for `seconds`, each from `next()` (its path and headers),
 * whether or not earlier ones have answered (a slow server then shows as latency, not as fewer requests).
 */
export async function steadyRate(
  baseUrl: string,
  options: { rate: number; seconds: number; next: () => { path: string; headers: Record<string, string> } },
): Promise<LoadResult & { byPath: Map<string, number[]> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const byPath = new Map<string, number[]>();
  const pending: Promise<void>[] = [];
  const started = Date.now();
  const total = Math.round(options.rate * options.seconds);
  for (let sent = 0; sent < total; sent++) {
    const due = started + (sent * 1000) / options.rate;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const { path, headers } = options.next();
    const kind = path.replace(/[0-9a-f-]{36}/g, '{id}');
    pending.push(
      get(agent, new URL(path, baseUrl), headers).then(({ status, ms }) => {
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (!byPath.has(kind)) byPath.set(kind, []);
        byPath.get(kind)!.push(ms);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { ...summarise(latencies, statuses, options.seconds, isOk), byPath };
}
