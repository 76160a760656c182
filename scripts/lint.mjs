// npm run lint: the code gates alone (ESLint, Prettier, the type checks of tests, benches, scripts and web/).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runGates } = require('./lib/lint.cjs');

const results = await runGates();
const failed = results.filter((r) => !r.passed);
console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
