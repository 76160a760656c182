import { backoffDelay, startLiveConnection } from './connection';
import type { SseMessage } from './sse-parser';

function streamOf(chunks: string[], { hold = false } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((c) => controller.enqueue(encoder.encode(c)));
      if (!hold) controller.close();
    },
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, with jitter of ±25%', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(1, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, () => 0.5)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(0, () => 1)).toBe(1250);
  });
});

describe('startLiveConnection', () => {
  it('sends the Bearer token and delivers parsed events', async () => {
    const messages: SseMessage[] = [];
    const fetchImpl = jest.fn(
      async () => new Response(streamOf(['event: ready\ndata: {}\n\n', 'event: video.progress\ndata: {"percent":5}\n\n'], { hold: true })),
    );
    const stop = startLiveConnection({ getToken: () => 'tok', onMessage: (m) => messages.push(m), fetchImpl });
    await flush();
    await flush();
    stop();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    expect(messages.map((m) => m.event)).toEqual(['ready', 'video.progress']);
  });

  it('reconnects after the stream ends and reports the reconnection', async () => {
    const states: string[] = [];
    let reconnected = 0;
    let calls = 0;
    const fetchImpl = jest.fn(async () => {
      calls += 1;
      return new Response(streamOf(['event: ready\ndata: {}\n\n'], { hold: calls > 1 }));
    });
    const realSetTimeout = globalThis.setTimeout;
    // Backoff waits are shortened so the test does not sleep for a second.
    const spy = jest
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((fn: () => void, ms?: number) => realSetTimeout(fn, ms && ms < 40_000 ? 1 : ms)) as typeof setTimeout);
    const stop = startLiveConnection({
      getToken: () => 'tok',
      onMessage: () => undefined,
      onState: (s) => states.push(s),
      onReconnected: () => (reconnected += 1),
      fetchImpl,
    });
    for (let i = 0; i < 20 && calls < 2; i++) await new Promise((r) => realSetTimeout(r, 5));
    await new Promise((r) => realSetTimeout(r, 10));
    stop();
    spy.mockRestore();
    expect(calls).toBe(2);
    expect(reconnected).toBe(1);
    expect(states.slice(0, 4)).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('gives up on 401 without retrying, and never connects without a token', async () => {
    const states: string[] = [];
    const fetchImpl = jest.fn(async () => new Response('{"error":"Unauthorized"}', { status: 401 }));
    startLiveConnection({ getToken: () => 'expired', onMessage: () => undefined, onState: (s) => states.push(s), fetchImpl });
    await flush();
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'closed']);

    const noToken = jest.fn();
    startLiveConnection({ getToken: () => null, onMessage: () => undefined, fetchImpl: noToken });
    await flush();
    expect(noToken).not.toHaveBeenCalled();
  });
});
