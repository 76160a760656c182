// npm start: set everything up, run every service as its own process, serve http://localhost:8080.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const setup = require('./lib/setup.cjs');
const { SERVICES } = require('./lib/services.cjs');

const startedAt = Date.now();
const gateway = SERVICES.find((s) => s.name === 'gateway');

async function alreadyRunning() {
  if (!(await setup.portAnswers(gateway.port))) return false;
  const res = await fetch(`http://127.0.0.1:${gateway.port}/healthz`).catch(() => undefined);
  if (res?.ok) return true;
  throw new setup.SetupError(`port ${gateway.port} is taken by another program`);
}

async function main() {
  setup.ensureNodeModules();
  if (await alreadyRunning()) {
    console.log(`Reelsmith is already running at http://localhost:${gateway.port}`);
    return;
  }
  const { startReelsmith } = require('./lib/reelsmith.cjs');
  const stack = await startReelsmith();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`\n  Reelsmith is running at \x1b[1mhttp://localhost:${gateway.port}\x1b[0m  (ready in ${seconds} s; Ctrl-C stops it)`);
  const mail = SERVICES.find((s) => s.name === 'mail');
  if (stack.running.has('mail')) console.log(`  Mails it sends are caught locally: read them at \x1b[1mhttp://localhost:${mail.port}\x1b[0m (maildev)\n`);
  else console.log(`  Mails go to SMTP_URL (${process.env.SMTP_URL ? 'set in your environment' : "a mail server already on the catcher's port"})\n`);

  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping Reelsmith...');
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // A service that dies takes the whole app down, loudly, rather than leaving it half-working.
  for (const { child, service } of stack.running.values()) {
    child.on('exit', () => {
      if (!stopping) {
        console.error(`${service.name} stopped unexpectedly`);
        void stop(1);
      }
    });
  }
}

main().catch((err) => {
  console.error(`\nnpm start failed: ${err.message}`);
  process.exit(1);
});
