import { TOKEN_KEY } from '../config/constants';
import { getQueryFn } from './api-client';
import { EARLY_ANSWER_TTL_MS, sendEarly, takeEarly } from './early-get';

describe('early GETs', () => {
  let calls: Array<{ url: string; authorization: string | null }>;
  let answers: number;

  beforeEach(() => {
    calls = [];
    answers = 0;
    globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify({ answer: ++answers }), { status: 200 });
    }) as typeof fetch;
    const token = 'tok-1';
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: (key: string) => (key === TOKEN_KEY ? token : null) } });
  });

  afterEach(() => jest.restoreAllMocks());

  const getVideos = () => getQueryFn<{ answer: number }>({ on401: 'throw' })({ queryKey: ['/api/videos'], signal: new AbortController().signal } as never);

  it('gives the app its first fetch of the URL from the early answer, and asks the server for the next', async () => {
    sendEarly(['/api/videos'], 'tok-1');
    expect(calls).toEqual([{ url: '/api/videos', authorization: 'Bearer tok-1' }]);
    expect(await getVideos()).toEqual({ answer: 1 });
    expect(calls).toHaveLength(1);
    expect(await getVideos()).toEqual({ answer: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not used for another token, nor once it is older than its time to live', async () => {
    sendEarly(['/api/videos'], 'tok-old');
    expect(takeEarly('/api/videos', 'tok-1')).toBeUndefined();
    expect(takeEarly('/api/videos', 'tok-old')).toBeUndefined(); // taken (and refused) above

    // A clock of its own: a real millisecond passing between two Date.now() calls made this flaky.
    const now = 1_800_000_000_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    sendEarly(['/api/billing', '/api/videos'], 'tok-1');
    clock.mockReturnValue(now + EARLY_ANSWER_TTL_MS);
    expect(takeEarly('/api/videos', 'tok-1')).toBeInstanceOf(Promise);
    clock.mockReturnValue(now + EARLY_ANSWER_TTL_MS + 1);
    expect(takeEarly('/api/billing', 'tok-1')).toBeUndefined();
  });

  it('fails like the taker’s own fetch when the taker gives up first', async () => {
    let answer: (response: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    sendEarly(['/api/auth/me'], 'tok-1');
    const controller = new AbortController();
    const taken = takeEarly('/api/auth/me', 'tok-1', controller.signal)!;
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
    answer(new Response('{}'));
  });
});
