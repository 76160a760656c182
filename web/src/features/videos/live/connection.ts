import { createSseParser, type SseMessage } from './sse-parser';

/**
 * One live connection to GET /api/events, read with fetch + ReadableStream (EventSource cannot
 * send the Bearer header). Reconnects with exponential backoff (and at once when the browser comes
 * back online); a stream silent for longer than the keep-alive allows counts as dropped.
 * Stops for good on 401/403 or when stopped.
 */

export type LiveConnectionOptions = {
  url?: string;
  getToken: () => string | null;
  onMessage: (message: SseMessage) => void;
  onState?: (state: 'connecting' | 'open' | 'reconnecting' | 'closed') => void;
  /** Called on every (re)connection after the first, once the stream is open again. */
  onReconnected?: () => void;
  fetchImpl?: typeof fetch;
  /** ms without any byte after which the stream is considered dead (the server pings every 15 s). */
  idleTimeout?: number;
};

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/** Delay before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s ... up to 30 s, with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(exponential * (0.75 + random() * 0.5));
}

class FatalError extends Error {}

export function startLiveConnection(options: LiveConnectionOptions): () => void {
  const { url = '/api/events', getToken, onMessage, onState, onReconnected, idleTimeout = 45_000 } = options;
  const doFetch = options.fetchImpl ?? fetch.bind(globalThis);
  let stopped = false;
  let attempt = 0;
  let opened = 0;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        globalThis.removeEventListener?.('online', done);
        resolve();
      }
      wake = done;
      globalThis.addEventListener?.('online', done);
    });

  async function readOnce(): Promise<void> {
    const token = getToken();
    if (!token) throw new FatalError('signed out');
    controller = new AbortController();
    const current = controller;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => current.abort(), idleTimeout);
    };
    try {
      resetIdle();
      const res = await doFetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: current.signal,
      });
      if (res.status === 401 || res.status === 403) throw new FatalError(`events answered ${res.status}`);
      if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`);
      const parser = createSseParser((message) => {
        if (message.event === 'ready') {
          attempt = 0;
          opened += 1;
          onState?.('open');
          if (opened > 1) onReconnected?.();
        }
        onMessage(message);
      });
      const reader = res.body.getReader();
      // Stopping (or the idle timeout) ends the read even where a stream ignores the abort signal.
      current.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        resetIdle();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(idle);
    }
  }

  void (async () => {
    onState?.('connecting');
    while (!stopped) {
      try {
        await readOnce();
      } catch (error) {
        if (stopped) break;
        if (error instanceof FatalError) {
          stopped = true;
          break;
        }
      }
      if (stopped) break;
      onState?.('reconnecting');
      await sleep(backoffDelay(attempt));
      attempt += 1;
    }
    onState?.('closed');
  })();

  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}
