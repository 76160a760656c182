// The code gates: ESLint, Prettier and the type checks that no build runs. `npm run lint` runs them
// alone, the `lint` layer of `npm test` runs them first; each gate counts as one test.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const GATES = [
  { name: 'eslint: style, React hooks and the boundaries between features and services', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
  { name: 'prettier: formatting', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
  { name: 'tsc: tests, benches and scripts', command: bin('tsc'), args: ['-p', 'tsconfig.check.json'] },
  { name: 'tsc: the web app', command: bin('tsc'), args: ['-p', 'web/tsconfig.json', '--noEmit'] },
];

/** Gates run at once: each is one process bound by one core (the machines have two). */
const AT_ONCE = 2;

/** Runs one gate; its output is printed whole when it ends, so two gates running at once do not interleave. */
function runGate(gate) {
  const started = Date.now();
  return new Promise((resolve) => {
    // The gates write to a pipe: colours only when this run's own output is a terminal (picocolors
    // colours whenever FORCE_COLOR is set at all, even to 0).
    const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };
    const child = spawn(gate.command, gate.args, { cwd: root, env: { ...process.env, ...colour } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false;
    // A command that cannot start reports 'error' and may still report 'close': the gate ends once.
    const done = (passed) => {
      if (finished) return;
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n== ${gate.name}\n${Buffer.concat(output).toString()}== ${passed ? 'passed' : 'FAILED'}: ${gate.name} (${seconds} s)\n`);
      resolve({ name: gate.name, passed });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** Runs every gate (all of them, even after a failure), two at a time, and says how each went, in GATES' order. */
async function runGates() {
  const results = new Array(GATES.length);
  let next = 0;
  const worker = async () => {
    while (next < GATES.length) {
      const i = next++;
      results[i] = await runGate(GATES[i]);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return results;
}

module.exports = { GATES, runGates };
