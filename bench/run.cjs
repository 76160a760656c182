// npm run bench: runs bench/index.ts (TypeScript compiled on the fly with swc, as jest does);
// npm run chaos: `node bench/run.cjs chaos.ts` runs bench/chaos.ts the same way.
const path = require('node:path');
const { transformFileSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformFileSync(filename, {
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const [entry, ...args] = process.argv[2]?.endsWith('.ts') ? process.argv.slice(2) : ['index.ts', ...process.argv.slice(2)];
require(path.join(__dirname, entry))
  .main(args)
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`bench failed: ${err.stack ?? err.message}${err.cause ? `\ncause: ${err.cause.stack ?? err.cause}` : ''}`);
    process.exit(1);
  });
