import { TOKEN_KEY } from '../config/constants';
import { ApiError, apiRequest, errorWithoutData, getQueryFn, getServerErrorMessage, UnreachableError } from './api-client';

type FetchArgs = [input: string, init?: RequestInit];

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => (data.has(key) ? data.get(key)! : null),
    key: (i) => Array.from(data.keys())[i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

function stubFetch(response: Response) {
  const calls: FetchArgs[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push([String(input), init]);
    return response;
  }) as typeof fetch;
  return calls;
}

function headersOf(init?: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('apiRequest', () => {
  it('sends a JSON body and the Bearer token when one is stored', async () => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage({ [TOKEN_KEY]: 'tok-123' });
    const calls = stubFetch(new Response('{"ok":true}', { status: 200 }));

    const res = await apiRequest('POST', '/api/auth/login', { username: 'alice', password: 'secret1' });

    expect(await res.json()).toEqual({ ok: true });
    const [url, init] = calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"alice","password":"secret1"}');
    expect(headersOf(init)).toEqual({ authorization: 'Bearer tok-123', 'content-type': 'application/json' });
  });

  it('sends no Authorization header when no token is stored', async () => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
    const calls = stubFetch(new Response('[]', { status: 200 }));

    await apiRequest('DELETE', '/api/videos/7');

    expect(headersOf(calls[0][1])).toEqual({});
    expect(calls[0][1]?.body).toBeUndefined();
  });

  it('sends no Authorization header when localStorage is unavailable', async () => {
    const calls = stubFetch(new Response('[]', { status: 200 }));
    await apiRequest('GET', '/api/videos');
    expect(headersOf(calls[0][1]).authorization).toBeUndefined();
  });

  it('throws "status: body" on a non-ok answer', async () => {
    stubFetch(new Response('{"error":"Username already taken"}', { status: 409, statusText: 'Conflict' }));

    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"error":"Username already taken"}');
    expect((error as ApiError).status).toBe(409);
  });

  it('throws "status: statusText" when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));

    await expect(apiRequest('GET', '/api/videos')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('GETs the query key parts joined with "/" and carries the token', async () => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage({ [TOKEN_KEY]: 'abc' });
    const calls = stubFetch(new Response('{"id":5}', { status: 200 }));

    const data = await getQueryFn({ on401: 'throw' })(context(['/api/videos', 5]));

    expect(data).toEqual({ id: 5 });
    expect(calls[0][0]).toBe('/api/videos/5');
    expect(calls[0][1]?.method ?? 'GET').toBe('GET');
    expect(headersOf(calls[0][1]).authorization).toBe('Bearer abc');
  });

  it('throws on 401 in the default mode', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/videos']))).rejects.toThrow('401: Unauthorized');
  });

  it('returns null on 401 with returnNull', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/videos']))).resolves.toBeNull();
  });

  it('still throws other errors with returnNull', async () => {
    stubFetch(new Response('boom', { status: 500 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/videos']))).rejects.toThrow('500: boom');
  });
});

describe('a server that cannot be reached', () => {
  const context = { queryKey: ['/api/videos'], signal: new AbortController().signal, meta: undefined } as never;
  const online = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => (online ? Object.defineProperty(globalThis, 'navigator', online) : delete (globalThis as { navigator?: unknown }).navigator));
  const goOffline = () => Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });

  it("says so in words instead of the browser's 'Failed to fetch'", async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    goOffline();
    const failure = getQueryFn({ on401: 'throw' })(context);
    await expect(failure).rejects.toBeInstanceOf(UnreachableError);
    await expect(failure).rejects.toThrow("You're offline, and this was not loaded before. It loads once you're back online.");
    await expect(apiRequest('DELETE', '/api/videos/1')).rejects.toThrow("You're offline. Try again once you're back online.");
  });

  it('keeps an aborted request an abort', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))) as typeof fetch;
    await expect(getQueryFn({ on401: 'throw' })(context)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports the error of a query only when it has no data to show', () => {
    const error = new UnreachableError();
    expect(errorWithoutData({ data: undefined, error })).toBe(error);
    expect(errorWithoutData({ data: [], error })).toBeNull();
    expect(errorWithoutData({ data: undefined, error: null })).toBeNull();
  });
});

describe('getServerErrorMessage', () => {
  it('reads the error field of a JSON body', () => {
    const error = new ApiError(401, '{"error":"Invalid username or password"}', 'x');
    expect(getServerErrorMessage(error)).toBe('Invalid username or password');
  });

  it('reads the message field (e.g. a 429)', () => {
    const error = new ApiError(429, '{"statusCode":429,"message":"Too many attempts"}', 'x');
    expect(getServerErrorMessage(error)).toBe('Too many attempts');
  });

  it('joins a list of validation messages', () => {
    const error = new ApiError(400, '{"message":["username too short","password too short"]}', 'x');
    expect(getServerErrorMessage(error)).toBe('username too short. password too short');
  });

  it('gives undefined for non-JSON bodies, empty bodies and other errors', () => {
    expect(getServerErrorMessage(new ApiError(502, 'Bad Gateway', 'x'))).toBeUndefined();
    expect(getServerErrorMessage(new ApiError(500, '', 'x'))).toBeUndefined();
    expect(getServerErrorMessage(new ApiError(500, '{"foo":1}', 'x'))).toBeUndefined();
    expect(getServerErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
