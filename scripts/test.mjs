// npm test: the same set-up as npm start, then every test layer; ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const setup = require('./lib/setup.cjs');
const { runGates } = require('./lib/lint.cjs');
const { root } = require('./lib/services.cjs');

const LAYERS = ['lint', 'unit', 'deploy', 'integration', 'system', 'browser'];
const only = process.argv.slice(2).filter((arg) => LAYERS.includes(arg));
const resultsDir = join(root, 'test-results');

/** The code gates, one test each. */
async function runLint() {
  const started = Date.now();
  const gates = await runGates();
  const failed = gates.filter((g) => !g.passed);
  return {
    layer: 'lint',
    passed: gates.length - failed.length,
    failed: failed.length,
    seconds: (Date.now() - started) / 1000,
    note: failed.map((g) => g.name.split(':')[0]).join(', '),
  };
}

/**
 * Test files at a time per layer (jest would take one on two cores). Integration files wait on NATS,
 * S3 and ffmpeg more than they compute, and each has a NATS, an S3 and a database of its own
 * (test/support/file-infra.ts), so two run at once. System and browser files are isolated too, but
 * each starts a whole stack: two at once on two cores missed start-up and RPC deadlines when the
 * machine was busy, so they stay one at a time.
 */
const WORKERS = { integration: 2 };

async function runLayer(layer) {
  if (layer === 'lint') return runLint();
  const outputFile = join(resultsDir, `jest-${layer}.json`);
  const started = Date.now();
  const workers = WORKERS[layer] ? [`--maxWorkers=${WORKERS[layer]}`] : [];
  // --forceExit: a process a failed hook left running must not hold the whole run until CI's limit.
  spawnSync(join(root, 'node_modules', '.bin', 'jest'), ['--selectProjects', layer, '--json', `--outputFile=${outputFile}`, '--forceExit', ...workers], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(outputFile)) return { layer, passed: 0, failed: 1, seconds, note: 'jest wrote no results' };
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A suite that fails outside its tests (a hook, an import) has no failed test; count it so it cannot pass silently.
  const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed')).length;
  return { layer, passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites, seconds };
}

/**
 * The music catalogue is synthesised once per clone (about two minutes on two cores) before any
 * stack starts; it runs beside the lint, unit and deploy layers, which need no music, and the
 * layers that start stacks wait for it (their global set-up then finds the cache warm).
 */
function warmMusicInBackground() {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'services', 'music', 'dist', 'warm-cache.js')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => {
    child.on('error', () => resolve());
    child.on('exit', () => {
      console.log(`music catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

const NEEDS_MUSIC = new Set(['integration', 'system', 'browser']);

async function main() {
  const startedAt = Date.now();
  setup.ensureNodeModules();
  setup.ensureCommands({ '/usr/bin/chromium': 'chromium' });
  setup.ensureMediaTools();
  // Tests speak their own speech (test/support/speech-media.ts).
  setup.ensureCommands({ 'espeak-ng': 'espeak-ng' });
  // The MLT project a reel exports is rendered back with melt (services/media/test/project-files.spec.ts).
  setup.ensureCommands({ melt: 'melt' });
  setup.natsServerBinary();
  await setup.ensurePostgres();
  await setup.ensureNats();
  setup.build();
  mkdirSync(resultsDir, { recursive: true });

  const results = [];
  const layers = only.length ? only : LAYERS;
  const musicWarmed = layers.some((layer) => NEEDS_MUSIC.has(layer)) ? warmMusicInBackground() : Promise.resolve();
  for (const layer of layers) {
    if (NEEDS_MUSIC.has(layer)) await musicWarmed;
    results.push(await runLayer(layer));
  }
  console.log('\nTest layers:');
  for (const r of results) {
    console.log(
      `  ${r.layer.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s${r.note ? `  (${r.note})` : ''}`,
    );
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`  total time ${((Date.now() - startedAt) / 1000).toFixed(1)} s; screenshots in test-results/screenshots\n`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(`npm test could not run: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
