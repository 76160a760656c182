import { type RunningApp, startApp, uniqueUsername } from '../support/stack';
import { api } from './api';

describe('login and register rate limits', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ AUTH_RATE_LIMIT_PER_USERNAME: '3', AUTH_RATE_LIMIT_PER_IP: '8', AUTH_RATE_LIMIT_WINDOW_MS: '600000' });
  });
  afterAll(async () => { await app?.stack.stop(); });

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
});
