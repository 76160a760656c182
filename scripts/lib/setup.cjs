// Everything `npm start` and `npm test` need before they run: packages, infrastructure, secrets, a build.
const { spawn, spawnSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { root, DEV_S3, DEV_SMTP_PORT, SERVICES, localStripeEnv } = require('./services.cjs');

/** Where `npm start` keeps its data (s3rver's bucket, NATS store, secrets, the worker's scratch space). */
const DATA_DIR = path.join(root, '.data');
const say = (message) => process.stdout.write(`\x1b[1msetup\x1b[0m  ${message}\n`);

class SetupError extends Error {}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new SetupError(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function has(command) {
  return spawnSync('bash', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function waitForPort(port, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portAnswers(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new SetupError(`${what} did not start listening on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}

const canApt = () => process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && has('apt-get');
let aptUpdated = false;

/** Installs Debian packages for the commands that are missing (as root on Debian), or says what to install. */
function ensureCommands(packagesByCommand) {
  const missing = Object.entries(packagesByCommand).filter(([command]) => !has(command) && !fs.existsSync(command));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  if (!canApt()) {
    throw new SetupError(`missing ${missing.map(([c]) => c).join(', ')}: install the packages ${packages.join(' ')} and run again`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    say('apt-get update');
    run('apt-get', ['update', '-qq'], { env });
    aptUpdated = true;
  }
  say(`apt-get install ${packages.join(' ')}`);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/** Where the set-up notes what node_modules was installed from (npm ci empties node_modules, and with it this). */
const INSTALL_HASH_FILE = path.join('node_modules', '.reelsmith-install-hash');
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The workspaces' folders (relative, '/'-separated) from the root package.json: `dir` or `dir/*` entries. */
function workspaceDirs(dir = root) {
  const patterns = readJson(path.join(dir, 'package.json')).workspaces ?? [];
  const dirs = [];
  for (const pattern of Array.isArray(patterns) ? patterns : (patterns.packages ?? [])) {
    const parent = pattern.endsWith('/*') ? pattern.slice(0, -2) : null;
    const candidates =
      parent === null
        ? [pattern]
        : fs.existsSync(path.join(dir, parent))
          ? fs
              .readdirSync(path.join(dir, parent))
              .sort()
              .map((name) => `${parent}/${name}`)
          : [];
    dirs.push(...candidates.filter((d) => fs.existsSync(path.join(dir, d, 'package.json'))));
  }
  return dirs;
}

/** What an install depends on: package-lock.json and every package.json of the workspace, hashed. */
function installHash(dir = root) {
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', 'package.json', ...workspaceDirs(dir).map((d) => `${d}/package.json`)]) {
    const full = path.join(dir, file);
    hash.update(`${file}\0${fs.existsSync(full) ? fs.readFileSync(full) : '(none)'}\0`);
  }
  return hash.digest('hex');
}

/**
 * Whether package-lock.json was made from these package.json files: the lock records each
 * workspace's declared dependencies, and they must be the ones declared now (then `npm ci` installs
 * exactly the lock; otherwise `npm install` resolves the change and updates the lock).
 */
function lockMatches(dir = root) {
  const lockFile = path.join(dir, 'package-lock.json');
  if (!fs.existsSync(lockFile)) return false;
  let lock;
  try {
    lock = readJson(lockFile);
  } catch {
    return false;
  }
  const same = (a = {}, b = {}) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return ['', ...workspaceDirs(dir)].every((location) => {
    const locked = lock.packages?.[location];
    const declared = readJson(path.join(dir, location, 'package.json'));
    return locked !== undefined && DEPENDENCY_FIELDS.every((field) => same(locked[field], declared[field]));
  });
}

/**
 * What the set-up has to do about node_modules: nothing when it was installed from the lock and
 * package.json files there are now (the hash stored at the last install), else `npm ci` when the lock
 * matches package.json, `npm install` when it does not.
 * @returns {{ command: null | 'ci' | 'install', reason: string, hash: string }}
 */
function installPlan(dir = root) {
  const hash = installHash(dir);
  const hashFile = path.join(dir, INSTALL_HASH_FILE);
  const [storedHash, storedOverrides] = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').split('\n') : [];
  let reason;
  if (!fs.existsSync(path.join(dir, 'node_modules'))) reason = 'node_modules is missing';
  else if (storedHash === undefined) reason = 'node_modules was not installed by this set-up';
  else if (storedHash !== hash) reason = 'package-lock.json or a package.json changed since the last install';
  else return { command: null, reason: 'up to date', hash };
  // The lock does not record the root's `overrides`: a change there needs npm install to resolve it.
  const overridesChanged = storedOverrides !== undefined && storedOverrides !== overridesOf(dir);
  return { command: lockMatches(dir) && !overridesChanged ? 'ci' : 'install', reason, hash };
}

const overridesOf = (dir) => JSON.stringify(readJson(path.join(dir, 'package.json')).overrides ?? {});

/** Notes that node_modules now holds what the lock and package.json files there say. */
function recordInstall(dir = root) {
  fs.writeFileSync(path.join(dir, INSTALL_HASH_FILE), `${installHash(dir)}\n${overridesOf(dir)}\n`);
}

/**
 * onnxruntime-node's install script would fetch CUDA libraries from outside the npm registry; the
 * voice activity model runs on the CPU library the package ships, so the script is told to skip.
 */
const NPM_INSTALL_ENV = { ONNXRUNTIME_NODE_INSTALL: 'skip' };

/** Installs the packages package.json and package-lock.json name, when they changed since the last install. */
function ensureNodeModules({ dir = root, npm = (args) => run('npm', args, { cwd: dir, env: { ...process.env, ...NPM_INSTALL_ENV } }) } = {}) {
  const plan = installPlan(dir);
  if (plan.command === null) return plan;
  const flags = ['--no-audit', '--no-fund'];
  say(`installing npm packages (${plan.reason}): npm ${plan.command}`);
  if (plan.command === 'ci') {
    try {
      npm(['ci', ...flags]);
    } catch (err) {
      // npm ci checks the lock against package.json its own way (a lock without another platform's
      // optional binaries, say): npm install still honours the lock.
      if (!(err instanceof SetupError)) throw err;
      say('npm ci failed; npm install instead');
      npm(['install', ...flags]);
    }
  } else {
    npm(['install', ...flags]);
  }
  // After the install: npm install may have rewritten the lock.
  recordInstall(dir);
  return plan;
}

function databaseUrl(env = process.env) {
  return env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reelsmith';
}

async function ensurePostgres(env = process.env) {
  const url = new URL(databaseUrl(env));
  const port = Number(url.port || 5432);
  const isLocal = ['127.0.0.1', 'localhost'].includes(url.hostname);
  if (!(await portAnswers(port, url.hostname))) {
    if (!isLocal) throw new SetupError(`PostgreSQL at ${url.host} does not answer`);
    if (!has('pg_ctlcluster')) ensureCommands({ pg_ctlcluster: 'postgresql' });
    const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
    if (versions.length === 0) throw new SetupError('PostgreSQL is installed but has no cluster: run pg_createcluster');
    say(`starting PostgreSQL ${versions[0]}`);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']);
    await waitForPort(port, 'PostgreSQL');
  }
  const { Client } = require('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new SetupError(`cannot sign in to PostgreSQL at ${url.host} as ${url.username || 'postgres'}: ${err.message} (set DATABASE_URL)`);
  }
  try {
    const name = url.pathname.slice(1);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      say(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

function natsUrl(env = process.env) {
  return env.NATS_URL ?? 'nats://127.0.0.1:4222';
}

function natsServerBinary() {
  ensureCommands({ 'nats-server': 'nats-server' });
  return has('nats-server') ? 'nats-server' : '/usr/sbin/nats-server';
}

async function ensureNats(env = process.env, dataDir = DATA_DIR) {
  const url = new URL(natsUrl(env).replace(/^nats:/, 'http:'));
  const port = Number(url.port || 4222);
  if (await portAnswers(port, url.hostname)) return;
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new SetupError(`NATS at ${url.host} does not answer`);
  const binary = natsServerBinary();
  const store = path.join(dataDir, 'nats');
  fs.mkdirSync(store, { recursive: true });
  say(`starting nats-server with JetStream on 127.0.0.1:${port} (data in ${path.relative(root, store) || store})`);
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store, '-l', path.join(dataDir, 'nats-server.log')], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  await waitForPort(port, 'nats-server');
}

/** A per-checkout random secret for local runs, kept in .data (never committed); the environment wins. */
function localSecret(env, dataDir, envName, fileName) {
  if (env[envName]) return env[envName];
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function build() {
  say('building (nx run-many -t build)');
  run(path.join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--outputStyle=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' },
  });
}

/** The environment the services run with locally (from `env` and the data dir); S3 defaults to the development s3rver. */
function serviceEnv(env = process.env, dataDir = DATA_DIR) {
  const s3 = env.S3_ENDPOINT
    ? { S3_ENDPOINT: env.S3_ENDPOINT, ...pick(env, ['S3_PUBLIC_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION']) }
    : { S3_ENDPOINT: 'http://127.0.0.1:4569', ...DEV_S3, S3RVER_DIR: path.join(dataDir, 's3') };
  return {
    NODE_ENV: env.NODE_ENV ?? 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    NATS_URL: natsUrl(env),
    DATABASE_URL: databaseUrl(env),
    JWT_SECRET: localSecret(env, dataDir, 'JWT_SECRET', 'jwt-secret'),
    MEDIA_URL_SECRET: localSecret(env, dataDir, 'MEDIA_URL_SECRET', 'media-url-secret'),
    UNSUBSCRIBE_SECRET: localSecret(env, dataDir, 'UNSUBSCRIBE_SECRET', 'unsubscribe-secret'),
    // Mails go to the local catcher (maildev, web inbox on :1080) unless SMTP_URL names a real server.
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${DEV_SMTP_PORT}`,
    MAILDEV_SMTP_PORT: String(DEV_SMTP_PORT),
    MAILDEV_DIR: path.join(dataDir, 'mail'),
    ...pick(env, ['PUBLIC_URL', 'MAIL_FROM']),
    WEB_DIST: path.join(root, 'web', 'dist'),
    DEMO_REELS_DIR: env.DEMO_REELS_DIR ?? path.join(dataDir, 'demo-reels'),
    WORK_DIR: env.WORK_DIR ?? path.join(dataDir, 'work'),
    ...s3,
    ...stripeEnv(env),
  };
}

/** Real Stripe when STRIPE_SECRET_KEY is given without STRIPE_API_HOST; else the local Stripe server. */
function stripeEnv(env) {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_API_HOST) return pick(env, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const port = (name) => SERVICES.find((s) => s.name === name).port;
  return {
    ...localStripeEnv(Number(env.STRIPE_LOCAL_PORT ?? port('stripe')), Number(env.PORT ?? port('gateway'))),
    ...pick(env, ['STRIPE_API_HOST', 'STRIPE_API_PORT']),
  };
}

function pick(env, names) {
  return Object.fromEntries(names.filter((n) => env[n] !== undefined).map((n) => [n, env[n]]));
}

/**
 * ffmpeg and ffprobe run the media pipeline; DejaVu Sans is the font of burned-in captions (libass
 * reads it from its folder); pocketsphinx (with its English model) makes the transcripts when no
 * Whisper model is configured.
 */
function ensureMediaTools() {
  ensureCommands({
    ffmpeg: 'ffmpeg',
    ffprobe: 'ffmpeg',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf': 'fonts-dejavu-core',
    pocketsphinx_batch: 'pocketsphinx',
    '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin': 'pocketsphinx-en-us',
  });
}

module.exports = {
  DATA_DIR,
  SetupError,
  say,
  ensureNodeModules,
  installPlan,
  installHash,
  lockMatches,
  recordInstall,
  ensureCommands,
  ensureMediaTools,
  ensurePostgres,
  ensureNats,
  natsServerBinary,
  build,
  serviceEnv,
  portAnswers,
};
