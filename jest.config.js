// One jest run per layer (see scripts/test.mjs): unit, integration, system, browser, deploy.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@reelsmith/proto$': '<rootDir>/proto/src/index.ts',
  '^@reelsmith/proto/(.*)$': '<rootDir>/proto/src/$1',
  '^@reelsmith/kit$': '<rootDir>/services/kit/src/index.ts',
  '^@reelsmith/kit/(.*)$': '<rootDir>/services/kit/src/$1',
};
const base = { rootDir: __dirname, transform: { '^.+\\.(t|j)sx?$': swc }, moduleNameMapper, testEnvironment: 'node' };
// Layers on real infrastructure start processes and render media: tests and hooks get a minute, not
// 5 s (jest ignores testTimeout inside a project, so a set-up file sets it). Each test file gets a
// NATS, an S3 and a database of its own (file-infra.ts), so files can run at the same time.
const infra = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/infra-timeout.ts', '<rootDir>/test/support/file-infra.ts'],
};

module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{proto,services,web,scripts}/**/src/**/*.spec.{ts,tsx}', '<rootDir>/scripts/**/*.spec.ts'] },
    // Services tested alone have no billing process: every user is on Pro there (billing-stand-in.ts).
    { ...base, ...infra, displayName: 'integration', testMatch: ['<rootDir>/services/*/test/**/*.spec.ts'], globals: { reelsmithBillingStandIn: true } },
    { ...base, ...infra, displayName: 'system', testMatch: ['<rootDir>/test/system/**/*.spec.ts'] },
    { ...base, ...infra, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.spec.ts'] },
    { ...base, displayName: 'deploy', testMatch: ['<rootDir>/deploy/test/**/*.spec.ts'] },
  ],
};
