import { type RunningApp, startApp, uniqueUsername } from '../support/stack';
import { api } from './api';

describe('when the auth service is down', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ RPC_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('answers 503 with a clear message, then recovers by itself when auth returns', async () => {
    const body = { username: uniqueUsername('down'), password: 'secret1' };
    await app.stack.stopOne('auth');

    const down = await api(app.baseUrl, 'POST', '/api/auth/register', { body });
    expect(down.status).toBe(503);
    expect(down.json.error).toBe('The service is temporarily unavailable. Please try again in a moment.');

    await app.stack.start('auth');
    const back = await api(app.baseUrl, 'POST', '/api/auth/register', { body });
    expect(back.status).toBe(201);
  });
});
