// The processes that make up Reelsmith, in start order. One place to add a service.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/**
 * `command` runs with node from the repo root; `port` goes into the `portEnv` variable and answers
 * `readyPath` (default /readyz) with 200 once the process is ready (within `readyTimeoutMs`, when
 * it needs longer than the stack's default). `healthPort`, for a service whose `port` is public,
 * goes into HEALTH_PORT: its internal /healthz, /readyz and /metrics.
 * @type {Array<{name: string, command: string[], port: number, portEnv: string, healthPort?: number, readyPath?: string, readyTimeoutMs?: number}>}
 */
const SERVICES = [
  { name: 's3', command: ['scripts/lib/s3rver.cjs'], port: 4569, portEnv: 'S3RVER_PORT', readyPath: '/reelsmith' },
  // The development mail catcher (maildev, web inbox on this port, SMTP on 1025); not started when SMTP_URL is set.
  { name: 'mail', command: ['scripts/lib/maildev.cjs'], port: 1080, portEnv: 'MAILDEV_WEB_PORT', readyPath: '/' },
  // The local Stripe-compatible server (stripe-stateful-mock plus what billing needs; scripts/lib/stripe-local.cjs).
  { name: 'stripe', command: ['scripts/lib/stripe-local.cjs'], port: 12111, portEnv: 'STRIPE_LOCAL_PORT', readyPath: '/healthz' },
  { name: 'auth', command: ['services/auth/dist/main.js'], port: 8101, portEnv: 'HEALTH_PORT' },
  { name: 'media', command: ['services/media/dist/main.js'], port: 8102, portEnv: 'HEALTH_PORT' },
  // Ready once its face, subject and voice models are loaded: over a minute on a busy two-core machine
  // (a fresh clone's `npm start` beside other work gave up at 60 s).
  { name: 'worker', command: ['services/media/dist/worker.js'], port: 8103, portEnv: 'HEALTH_PORT', readyTimeoutMs: 180_000 },
  // Ready once its catalogue is complete: the first start on a machine synthesises every track.
  { name: 'music', command: ['services/music/dist/main.js'], port: 8104, portEnv: 'HEALTH_PORT', readyTimeoutMs: 300_000 },
  { name: 'folders', command: ['services/folders/dist/main.js'], port: 8105, portEnv: 'HEALTH_PORT' },
  { name: 'batches', command: ['services/batches/dist/main.js'], port: 8106, portEnv: 'HEALTH_PORT' },
  { name: 'notifications', command: ['services/notifications/dist/main.js'], port: 8107, portEnv: 'HEALTH_PORT' },
  { name: 'billing', command: ['services/billing/dist/main.js'], port: 8108, portEnv: 'HEALTH_PORT' },
  { name: 'gateway', command: ['services/gateway/dist/main.js'], port: 8080, portEnv: 'PORT', healthPort: 8100 },
];

/** The development S3 bucket (s3rver's fixed keys); any S3 or MinIO replaces it through S3_ENDPOINT. */
const DEV_S3 = { S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'reelsmith', S3_REGION: 'us-east-1', S3_MULTIPART: 'false' };

/** The development mail catcher's SMTP port (its web inbox is the `mail` service's port). */
const DEV_SMTP_PORT = 1025;

/**
 * Billing against the local Stripe server (test keys only; `port` is the local server's, `gatewayPort`
 * the gateway's, where it forwards webhooks as `stripe listen --forward-to` would).
 */
function localStripeEnv(port, gatewayPort) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_reelsmith_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_reelsmith_local_development_only',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    STRIPE_WEBHOOK_FORWARD_URL: `http://127.0.0.1:${gatewayPort}/api/billing/webhook`,
  };
}

module.exports = { root, SERVICES, DEV_S3, DEV_SMTP_PORT, localStripeEnv };
