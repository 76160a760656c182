import { type RunningApp, signJwt, startApp, uniqueUsername } from '../support/stack';
import { api } from './api';
import { apiFrom } from './api-from';

describe('auth through the gateway (real processes, NATS, PostgreSQL)', () => {
  let app: RunningApp;
  const call = (method: string, path: string, options?: Parameters<typeof api>[3]) => api(app.baseUrl, method, path, options);

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('registers, logs in and answers /me with the documented shapes', async () => {
    const username = uniqueUsername('Ana');
    const registered = await call('POST', '/api/auth/register', { body: { username, password: 'secret1' } });
    expect(registered.status).toBe(201);
    expect(registered.json.user.username).toBe(username);
    expect(typeof registered.json.token).toBe('string');

    const login = await call('POST', '/api/auth/login', { body: { username: username.toLowerCase(), password: 'secret1' } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.json)).toEqual(['token']);

    const me = await call('GET', '/api/auth/me', { token: login.json.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: registered.json.user.id, username });
  });

  it('answers a taken username with 409, whatever its case', async () => {
    const username = uniqueUsername('dup');
    await call('POST', '/api/auth/register', { body: { username, password: 'secret1' } });
    const again = await call('POST', '/api/auth/register', { body: { username: username.toUpperCase(), password: 'secret2' } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'Username already taken' });
  });

  it('answers bad credentials with 401 and the exact error body', async () => {
    const username = uniqueUsername('eve');
    await call('POST', '/api/auth/register', { body: { username, password: 'secret1' } });
    for (const body of [
      { username, password: 'wrong-one' },
      { username: uniqueUsername('ghost'), password: 'secret1' },
    ]) {
      const res = await call('POST', '/api/auth/login', { body });
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"error":"Invalid username or password"}');
    }
  });

  it('answers bad input with a clear 400 and creates nothing', async () => {
    const username = uniqueUsername('val');
    const cases: Array<[unknown, string]> = [
      [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters'],
      [{ username, password: '12345' }, 'Password must be at least 6 characters'],
      [{ username }, 'Username and password are required'],
      [{ username: 42, password: ['x'] }, 'Username and password are required'],
      [{ username: 'a'.repeat(5000), password: 'secret1' }, 'Username or password is too long'],
      [{ username: 'bad name', password: 'secret1' }, 'Username may contain only letters, numbers, dots, dashes and underscores'],
    ];
    for (const [body, error] of cases) {
      const res = await call('POST', '/api/auth/register', { body });
      expect({ status: res.status, error: res.json.error }).toEqual({ status: 400, error });
    }
    const malformed = await call('POST', '/api/auth/register', { body: '{"username": "x",' });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.json.error).toBe('string');
    const login = await call('POST', '/api/auth/login', { body: { username, password: '12345' + 'x' } });
    expect(login.status).toBe(401);
  });

  it('answers a username that grows when normalised with a clear 400, and takes the longest that fits', async () => {
    const register = (username: string) => apiFrom('127.0.0.51', app.baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'secret1' } });
    for (const username of [`${'ﬃ'.repeat(9)}b2777f`, `${'İ'.repeat(14)}b2777f`]) {
      const res = await register(username);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Username must be at most 32 characters once ligatures and special letters are spelled out');
    }
    const suffix = uniqueUsername('').slice(-8);
    expect((await register(`${'ﬃ'.repeat(8)}${suffix}`)).status).toBe(201);
    const login = await apiFrom('127.0.0.51', app.baseUrl, 'POST', '/api/auth/login', {
      body: { username: `${'FFI'.repeat(8)}${suffix}`, password: 'secret1' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const res = await call('POST', '/api/auth/login', { body: { username: 'x'.repeat(200_000), password: 'secret1' } });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/too large/i);
  });

  it('refuses missing, forged, expired and unsigned tokens on /api', async () => {
    const username = uniqueUsername('tok');
    const { json } = await call('POST', '/api/auth/register', { body: { username, password: 'secret1' } });
    const sub = json.user.id;
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      none: undefined,
      garbage: 'not.a.jwt',
      forged: signJwt({ sub, username, iat: now, exp: now + 3600 }, 'someone-elses-secret-that-is-long-enough'),
      expired: signJwt({ sub, username, iat: now - 7200, exp: now - 3600 }, process.env.JWT_SECRET!),
      unsigned: signJwt({ sub, username, iat: now, exp: now + 3600 }, '', 'none'),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await call('GET', '/api/auth/me', { token });
      expect({ kind, status: res.status, body: res.json }).toEqual({ kind, status: 401, body: { error: 'Authentication required' } });
    }
    const valid = signJwt({ sub, username, iat: now, exp: now + 3600 }, process.env.JWT_SECRET!);
    expect((await call('GET', '/api/auth/me', { token: valid })).status).toBe(200);
  });

  it('answers 401 for a valid token of an account that does not exist', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ sub: '00000000-0000-4000-8000-000000000000', username: 'gone', iat: now, exp: now + 60 }, process.env.JWT_SECRET!);
    const res = await call('GET', '/api/auth/me', { token });
    expect(res.status).toBe(401);
  });

  it('answers unknown /api paths with 404 JSON, signed in or not', async () => {
    const res = await call('GET', '/api/definitely-not-here', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Cannot GET /api/definitely-not-here');
    const { json } = await call('POST', '/api/auth/register', { body: { username: uniqueUsername('nf'), password: 'secret1' } });
    const signedIn = await call('GET', '/api/definitely-not-here', { token: json.token, headers: { accept: 'text/html' } });
    expect(signedIn.status).toBe(404);
    expect(signedIn.headers.get('content-type')).toMatch(/application\/json/);
    expect(signedIn.json.error).toMatch(/not/i);
  });

  it('serves the web app with history fallback, /sw.js, security headers and the API docs', async () => {
    const page = await fetch(`${app.baseUrl}/videos/some/deep/link`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const worker = await fetch(`${app.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    // The build's precompressed JS goes to clients that accept it, the same bytes once decoded.
    // The app's own chunk, which index.html preloads (the entry script itself is too small to compress).
    const script = /href="(\/assets\/app-[^"]+\.js)"/.exec(await (await fetch(`${app.baseUrl}/`, { headers: { accept: 'text/html' } })).text())![1];
    const plain = await fetch(`${app.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    const gzip = await fetch(`${app.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    const brotli = await fetch(`${app.baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([plain.headers.get('content-encoding'), gzip.headers.get('content-encoding'), brotli.headers.get('content-encoding')]).toEqual([null, 'gzip', 'br']);
    expect(gzip.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(gzip.headers.get('content-type')).toMatch(/javascript/);
    const body = await plain.text();
    expect(await gzip.text()).toBe(body);
    expect(await brotli.text()).toBe(body);

    const docs = await fetch(`${app.baseUrl}/api/docs-json`);
    expect(docs.status).toBe(200);
    const spec = (await docs.json()) as { paths: Record<string, Record<string, any>> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/me']));
    // A JSON body is documented with the fields the route takes, and only those.
    const upload = spec.paths['/api/videos/complete-upload'].put.requestBody.content['application/json'].schema;
    expect(upload).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(upload.properties).sort()).toEqual(['duration', 'fileSize', 'originalFilename', 'title', 'videoURL']);
  });

  it('exposes health and readiness without a token, and metrics only on the internal port', async () => {
    expect((await call('GET', '/healthz')).json).toEqual({ status: 'ok' });
    expect((await call('GET', '/readyz')).json).toEqual({ status: 'ok', checks: { nats: 'ok' } });
    for (const path of ['/metrics', '/metrics/']) {
      const exposed = await fetch(`${app.baseUrl}${path}`);
      expect({ path, status: exposed.status, metrics: (await exposed.text()).includes('reelsmith_') }).toEqual({ path, status: 404, metrics: false });
    }
    // Another spelling is a page path of the web app (its index.html), never the metrics.
    expect(await (await fetch(`${app.baseUrl}/METRICS`)).text()).not.toContain('reelsmith_');

    const metrics = await fetch(`${app.healthUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain('reelsmith_http_requests_total');
    expect((await api(app.healthUrl, 'GET', '/healthz')).json).toEqual({ status: 'ok' });
    expect((await api(app.healthUrl, 'GET', '/readyz')).json).toEqual({ status: 'ok', checks: { nats: 'ok' } });
    expect((await fetch(`${app.healthUrl}/api/videos`)).status).toBe(404);
  });
});
