import { type RunningApp, startApp, startExtraGateway, type TestStack, uniqueUsername } from '../support/stack';
import { api } from './api';
import { apiFrom } from './api-from';

/** 'bob1' -> 'ｂｏｂ１': the same name once normalised (NFKC). */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('login and register rate limits', () => {
  let app: RunningApp;
  /** A second gateway replica on the same NATS; it trusts one proxy hop, as behind an ingress. */
  let replica: { baseUrl: string; stack: TestStack };
  beforeAll(async () => {
    app = await startApp({
      AUTH_RATE_LIMIT_PER_USERNAME: '3',
      AUTH_RATE_LIMIT_PER_IP: '8',
      AUTH_RATE_LIMIT_WINDOW_MS: '600000',
      // A burst of password checks (argon2) on a busy 2-core machine can outlast the default 5 s.
      RPC_TIMEOUT_MS: '30000',
    });
    replica = await startExtraGateway(app, { TRUST_PROXY: 'true' });
  }, 120_000);
  afterAll(async () => {
    await replica?.stack.stop();
    await app?.stack.stop();
  });

  /** Each test signs in from its own loopback address, so their per-IP budgets stay apart. */
  const login = (from: string, baseUrl: string, username: string, password = 'wrong-pass', headers?: Record<string, string>) =>
    apiFrom(from, baseUrl, 'POST', '/api/auth/login', { body: { username, password }, headers });

  it('limits attempts per username with 429, a clear message and Retry-After', async () => {
    const username = uniqueUsername('rl');
    const attempt = () => api(app.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'wrong-pass' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('Too many sign-in attempts. Please wait 10 minutes and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(590);

    // Other accounts from the same address are still served until the per-IP limit.
    const other = await api(app.baseUrl, 'POST', '/api/auth/register', { body: { username: uniqueUsername('ok'), password: 'secret1' } });
    expect(other.status).toBe(201);
  });

  it('limits attempts per client address across usernames', async () => {
    let last = 0;
    for (let i = 0; i < 6; i += 1) {
      last = (await api(app.baseUrl, 'POST', '/api/auth/login', { body: { username: uniqueUsername('ip'), password: 'wrong-pass' } })).status;
    }
    expect(last).toBe(429);
  });

  it('counts every spelling of a username as one: full-width letters and capitals do not get a new budget', async () => {
    const username = uniqueUsername('fw');
    for (let i = 0; i < 3; i += 1) expect((await login('127.0.0.11', app.baseUrl, username)).status).toBe(401);
    expect((await login('127.0.0.11', app.baseUrl, fullWidth(username))).status).toBe(429);
    expect((await login('127.0.0.11', app.baseUrl, username.toUpperCase())).status).toBe(429);
  });

  it('limits the source guessing a password, never the account: the owner still signs in from elsewhere', async () => {
    const username = uniqueUsername('owner');
    const owner = '127.0.0.21';
    const attacker = '127.0.0.22';
    expect((await apiFrom(owner, app.baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'owner-secret' } })).status).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await login(attacker, app.baseUrl, username)).status);
    expect(statuses).toEqual([401, 401, 401, ...Array(9).fill(429)]);
    // The limited source stays limited even when it finds the password...
    expect((await login(attacker, app.baseUrl, username, 'owner-secret')).status).toBe(429);

    // ...while the owner signs in, on either replica.
    const signedIn = await login(owner, app.baseUrl, username, 'owner-secret');
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.token).toEqual(expect.any(String));
    expect((await login(owner, replica.baseUrl, username, 'owner-secret')).status).toBe(200);
  });

  it('after ten wrong passwords on an account, a new address is refused in any spelling; the owner at home still signs in', async () => {
    const username = uniqueUsername('acct');
    const owner = '127.0.0.51';
    expect((await apiFrom(owner, app.baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'owner-secret' } })).status).toBe(201);
    // Ten wrong passwords, from four addresses (each stays under its own budget of three).
    const guessers = ['127.0.0.52', '127.0.0.53', '127.0.0.54', '127.0.0.55'];
    for (let i = 0; i < 10; i += 1) expect((await login(guessers[Math.floor(i / 3)], app.baseUrl, username)).status).toBe(401);

    const newcomer = await login('127.0.0.56', app.baseUrl, username.toUpperCase());
    expect(newcomer.status).toBe(429);
    expect(Number(newcomer.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('127.0.0.57', replica.baseUrl, fullWidth(username))).status).toBe(429);
    expect((await login(owner, replica.baseUrl, username, 'owner-secret')).status).toBe(200);
  });

  it('two gateway replicas share one per-username budget: alternating between them hits the limit at the same total', async () => {
    const username = uniqueUsername('two');
    const gateways = [app.baseUrl, replica.baseUrl];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login('127.0.0.31', gateways[i % 2], username)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('two gateway replicas share one per-IP budget, also under a concurrent burst', async () => {
    const gateways = [app.baseUrl, replica.baseUrl];
    const statuses = await Promise.all(
      Array.from({ length: 14 }, (_, i) => login('127.0.0.32', gateways[i % 2], uniqueUsername('burst')).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('behind a trusted proxy, the client is the address the proxy saw, whatever the client wrote before it', async () => {
    // 127.0.0.41 plays the proxy: it appends the address it saw (203.0.113.50) to what the client sent.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const headers = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` };
      statuses.push((await login('127.0.0.41', replica.baseUrl, uniqueUsername('xff'), 'wrong-pass', headers)).status);
    }
    expect(statuses).toEqual([...Array(8).fill(401), 429, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await login('127.0.0.41', replica.baseUrl, uniqueUsername('xff'), 'wrong-pass', { 'x-forwarded-for': '203.0.113.51' })).status).toBe(401);
  });

  it('without TRUST_PROXY, X-Forwarded-For names nobody: a client cannot rotate it to escape the limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await login('127.0.0.42', app.baseUrl, uniqueUsername('spoof'), 'wrong-pass', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    }
    expect(statuses).toEqual([...Array(8).fill(401), 429, 429]);
  });
});
