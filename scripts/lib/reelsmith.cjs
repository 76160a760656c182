// Starts Reelsmith the way `npm start` does: infrastructure, build, every service, until all are ready.
const setup = require('./setup.cjs');
const { SERVICES } = require('./services.cjs');
const { createServer } = require('node:net');
const { startStack, printLine } = require('./stack.cjs');
const { startInBackground } = require('./demo-reels.cjs');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}

/**
 * `env` is the environment the user has (default: this process's); `dataDir` holds what the local
 * run keeps (default `.data` in the checkout). Resolves with the running stack.
 * @param {{env?: NodeJS.ProcessEnv, dataDir?: string, log?: (name: string, line: string) => void}} [options]
 */
async function startReelsmith({ env = process.env, dataDir = setup.DATA_DIR, log } = {}) {
  setup.ensureMediaTools();
  await setup.ensurePostgres(env);
  await setup.ensureNats(env, dataDir);
  setup.build();

  // The development S3 runs with the app unless another endpoint is set or one already answers.
  const s3 = SERVICES.find((s) => s.name === 's3');
  const ownS3 = !env.S3_ENDPOINT && !(await setup.portAnswers(s3.port));
  // The mail catcher likewise, unless SMTP_URL points at a real server or one already listens.
  const mail = SERVICES.find((s) => s.name === 'mail');
  const ownMail = !env.SMTP_URL && !(await setup.portAnswers(mail.port));
  // The local Stripe server runs unless real Stripe keys are given (STRIPE_SECRET_KEY without STRIPE_API_HOST).
  const realStripe = Boolean(env.STRIPE_SECRET_KEY) && !env.STRIPE_API_HOST;
  // Its default port (12111) when free, else any free one (billing and the webhooks follow it).
  const stripe = SERVICES.find((s) => s.name === 'stripe');
  const stripePort = !realStripe && (await setup.portAnswers(stripe.port)) ? await freePort() : stripe.port;
  const services = SERVICES.filter((s) => (s !== s3 || ownS3) && (s !== mail || ownMail) && (s !== stripe || !realStripe)).map((s) =>
    s === stripe ? { ...s, port: stripePort } : s,
  );
  const serviceEnv = setup.serviceEnv({ ...env, STRIPE_LOCAL_PORT: String(stripePort) }, dataDir);
  const stack = await startStack({ services, env: serviceEnv, baseEnv: env, log });
  // The sample reels are made once, while the app already serves (index.json lists each when done).
  const reels = startInBackground(serviceEnv.DEMO_REELS_DIR, (line) => (log ?? printLine)('reels', line));
  return {
    ...stack,
    async stop() {
      reels?.stop();
      await stack.stop();
    },
  };
}

module.exports = { startReelsmith };
