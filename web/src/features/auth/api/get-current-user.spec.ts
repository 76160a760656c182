import { TOKEN_KEY } from '../../../config/constants';
import { rememberedUser } from '../../../lib/auth-token';
import { getCurrentUser, UnreachableError } from './get-current-user';

function storageWith(token?: string) {
  const data = new Map<string, string>(token ? [[TOKEN_KEY, token]] : []);
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  (globalThis as { localStorage?: unknown }).localStorage = storage;
  return data;
}

const realFetch = globalThis.fetch;
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('getCurrentUser', () => {
  it("fails with 'No auth token' and makes no request without a token", async () => {
    storageWith();
    await expect(getCurrentUser()).rejects.toThrow('No auth token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('GETs /api/auth/me with the Bearer token and returns the user', async () => {
    storageWith('t1');
    fetchMock.mockResolvedValue(new Response('{"id":"1","username":"alice","createdAt":"2026-01-01T00:00:00.000Z"}', { status: 200 }));

    await expect(getCurrentUser()).resolves.toEqual({ id: '1', username: 'alice', createdAt: '2026-01-01T00:00:00.000Z' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t1');
  });

  it("removes the stored token on 401 and fails with 'Authentication failed'", async () => {
    const data = storageWith('expired');
    fetchMock.mockResolvedValue(new Response('{"error":"Unauthorized"}', { status: 401 }));

    await expect(getCurrentUser()).rejects.toThrow('Authentication failed');
    expect(data.has(TOKEN_KEY)).toBe(false);
  });

  it("fails with 'Authentication failed' on other errors and keeps the token", async () => {
    const data = storageWith('t1');
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));

    await expect(getCurrentUser()).rejects.toThrow('Authentication failed');
    expect(data.get(TOKEN_KEY)).toBe('t1');
  });

  it("fails with 'Authentication failed' when the network is down", async () => {
    storageWith('t1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getCurrentUser()).rejects.toThrow('Authentication failed');
  });

  it("fails with 'Authentication failed' when the answer is not a user", async () => {
    storageWith('t1');
    fetchMock.mockResolvedValue(new Response('null', { status: 200 }));
    await expect(getCurrentUser()).rejects.toThrow('Authentication failed');
  });
});

describe('getCurrentUser when the server cannot be reached', () => {
  it('fails as unreachable (the token stays) when the request cannot be made or the gateway is down', async () => {
    const data = storageWith('t1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getCurrentUser()).rejects.toBeInstanceOf(UnreachableError);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    await expect(getCurrentUser()).rejects.toBeInstanceOf(UnreachableError);
    expect(data.get(TOKEN_KEY)).toBe('t1');
  });

  it('remembers the last user for the offline shell, and forgets it with the token on 401', async () => {
    const data = storageWith('t1');
    fetchMock.mockResolvedValueOnce(new Response('{"id":"7","username":"bob","createdAt":"2026-01-01T00:00:00.000Z"}', { status: 200 }));
    await getCurrentUser();
    expect(rememberedUser()).toEqual({ id: '7', username: 'bob' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));
    await expect(getCurrentUser()).rejects.not.toBeInstanceOf(UnreachableError);
    expect(rememberedUser()).toBeNull();
    expect(data.has(TOKEN_KEY)).toBe(false);
  });
});
