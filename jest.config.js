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
// 5 s (jest ignores testTimeout inside a project, so a set-up file sets it).
const infra = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/infra-timeout.ts'],
};

module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{proto,services,web,scripts}/**/src/**/*.spec.{ts,tsx}', '<rootDir>/scripts/**/*.spec.ts'] },
    { ...base, ...infra, displayName: 'integration', testMatch: ['<rootDir>/services/*/test/**/*.spec.ts'] },
    { ...base, ...infra, displayName: 'system', testMatch: ['<rootDir>/test/system/**/*.spec.ts'] },
    { ...base, ...infra, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.spec.ts'] },
    { ...base, displayName: 'deploy', testMatch: ['<rootDir>/deploy/test/**/*.spec.ts'] },
  ],
};
