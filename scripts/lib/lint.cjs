// The code gates: ESLint, Prettier and the type checks that no build runs. `npm run lint` runs them
// alone, the `lint` layer of `npm test` runs them first; each gate counts as one test.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const GATES = [
  { name: 'eslint: style, React hooks and the boundaries between features and services', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
  { name: 'prettier: formatting', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
  { name: 'tsc: tests, benches and scripts', command: bin('tsc'), args: ['-p', 'tsconfig.check.json'] },
  { name: 'tsc: the web app', command: bin('tsc'), args: ['-p', 'web/tsconfig.json', '--noEmit'] },
];

/** Runs every gate (all of them, even after a failure) and says how each went. */
function runGates({ stdio = 'inherit' } = {}) {
  return GATES.map((gate) => {
    const started = Date.now();
    console.log(`\n== ${gate.name}`);
    const result = spawnSync(gate.command, gate.args, { cwd: root, stdio, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const passed = result.status === 0;
    console.log(`== ${passed ? 'passed' : 'FAILED'}: ${gate.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { name: gate.name, passed };
  });
}

module.exports = { GATES, runGates };
