import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadConfig, metricsRegistry } from '@reelsmith/kit';
import { configSchema } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

/** Routes anyone may call: health, sign-up and sign-in, the music catalogue's audio, and the API docs (Swagger UI's own routes). */
const PUBLIC = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /music/:filename',
  'POST /api/billing/webhook',
  // One-click unsubscribe from a mail: the signed token in the link is the credential.
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  // A share link's page and media: the token in the path is the credential (docs/share-links.md).
  'GET /r/:token',
  'GET /api/public/r/:token/video',
  'GET /api/public/r/:token/poster',
  'GET /api/public/r/:token/download',
]);
const isPublic = (route: string) => PUBLIC.has(route) || /^GET \/api\/docs/.test(route);
const ID = '0b3c5f0e-6a57-4d6c-9d39-2f1e8f3b1c11';

/** Every route of the gateway's router as "METHOD /path" (HEAD goes with GET), read from Express itself. */
function routesOf(app: NestExpressApplication): string[] {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router
    .stack;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m !== '_all')
          .map((m) => `${m.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}

const spellings = (path: string) => [path, path.toUpperCase(), path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`)];

describe('the gateway guards every route by its metadata, whatever the spelling of the path', () => {
  let app: NestExpressApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const config = loadConfig(configSchema, { ...process.env, WEB_DIST: '', RPC_TIMEOUT_MS: '500' });
    app = await createGatewayApp(config, createLogger('gateway', 'silent'));
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 401 without a token on every route not marked public, and 404 for any other spelling, never 2xx or 5xx', async () => {
    const routes = routesOf(app).filter((r) => !r.startsWith('HEAD '));
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/videos', 'GET /api/events', 'GET /api/auth/me', 'DELETE /api/videos/:id', 'GET /objects/uploads/:filename']),
    );
    const answers: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const path = template.replace(/:[a-z]+/gi, ID);
      for (const spelling of spellings(path)) {
        if (spelling === path && isPublic(route)) continue;
        const res = await fetch(`${baseUrl}${spelling}`, { method, headers: { accept: 'application/json' } });
        await res.body?.cancel();
        answers.push(`${method} ${spelling} ${res.status}`);
      }
    }
    const expected = answers.map((a) => {
      const [method, spelling] = a.split(' ');
      const canonical = routes.some((r) => r.split(' ')[0] === method && r.split(' ')[1].replace(/:[a-z]+/gi, ID) === spelling);
      return `${method} ${spelling} ${canonical ? 401 : 404}`;
    });
    expect(answers).toEqual(expected);
  });

  it('labels HTTP metrics with the route template and status, never the raw path with its ids', async () => {
    const res = await fetch(`${baseUrl}/api/videos/${ID}`, { method: 'DELETE' });
    await res.body?.cancel();
    expect(res.status).toBe(401);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/reelsmith_http_request_duration_seconds_count\{[^}]*method="DELETE",route="\/api\/videos\/:id",status="401"[^}]*\} [1-9]/);
    expect(text).toMatch(/reelsmith_http_requests_total\{[^}]*route="\/api\/videos\/:id",status="401"/);
    expect(text).not.toContain(ID);
  });
});
