import { signMediaPath, verifyMediaPath } from './signed-url';

const secret = 'a-media-url-secret-of-enough-length-0123';
const parse = (url: string) => {
  const [path, query] = url.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(query)) };
};

describe('signed media URLs', () => {
  const now = 1_800_000_000_000;
  const url = signMediaPath(secret, '/api/videos/v1/stream', 'user-1', now, 600, 1);

  it('verifies for the path, owner and time it was signed for', () => {
    const { path, query } = parse(url);
    expect(verifyMediaPath(secret, path, query, now + 599_000)).toBe('user-1');
  });

  it('gives the same URL for the same object within the rounding window', () => {
    const midHour = 1_800_001_000_000;
    const first = signMediaPath(secret, '/p', 'u', midHour);
    expect(signMediaPath(secret, '/p', 'u', midHour + 60_000)).toBe(first);
    expect(Number(new URLSearchParams(first.split('?')[1]).get('exp')) % 3600).toBe(0);
  });

  it('refuses an expired URL', () => {
    const { path, query } = parse(url);
    expect(verifyMediaPath(secret, path, query, now + 601_000)).toBeNull();
  });

  it('refuses another path, another owner, another expiry or another secret', () => {
    const { path, query } = parse(url);
    expect(verifyMediaPath(secret, '/api/videos/v2/stream', query, now)).toBeNull();
    expect(verifyMediaPath(secret, path, { ...query, uid: 'user-2' }, now)).toBeNull();
    expect(verifyMediaPath(secret, path, { ...query, exp: String(Number(query.exp) + 3600) }, now)).toBeNull();
    expect(verifyMediaPath('another-secret-of-enough-length-0123456', path, query, now)).toBeNull();
    expect(verifyMediaPath(secret, path, { uid: 'user-1' }, now)).toBeNull();
  });

  it('remembers each signature under everything it covers (path, owner, expiry, secret)', () => {
    const other = 'another-secret-of-enough-length-0123456';
    const urls = [
      signMediaPath(secret, '/p', 'u', now),
      signMediaPath(secret, '/p', 'u2', now),
      signMediaPath(secret, '/q', 'u', now),
      signMediaPath(other, '/p', 'u', now),
      signMediaPath(secret, '/p', 'u', now + 4 * 3600_000),
    ];
    expect(new Set(urls).size).toBe(urls.length);
    expect(signMediaPath(secret, '/p', 'u2', now)).toBe(urls[1]);
    const { path, query } = parse(urls[3]);
    expect(verifyMediaPath(other, path, query, now)).toBe('u');
    expect(verifyMediaPath(secret, path, query, now)).toBeNull();
  });
});
