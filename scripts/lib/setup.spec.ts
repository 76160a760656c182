import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const setup = require('./setup.cjs');

// The install decision of `npm start` / `npm test` (ensureNodeModules) on small fake workspaces.
describe('installing what package.json says', () => {
  let dir: string;
  const write = (file: string, value: unknown) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  };
  const root = { name: 'fake', private: true, workspaces: ['services/*', 'web'], devDependencies: { jest: '^30.0.0' } };
  const billing = { name: '@fake/billing', dependencies: { stripe: '^23.1.0' } };
  const lock = (billingDeps: Record<string, string> = billing.dependencies, stripeVersion = '23.1.0') => ({
    name: 'fake',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'fake', workspaces: root.workspaces, devDependencies: root.devDependencies },
      'services/billing': { name: '@fake/billing', dependencies: billingDeps },
      web: { name: '@fake/web' },
      'node_modules/stripe': { version: stripeVersion },
    },
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelsmith-setup-'));
    write('package.json', root);
    write('services/billing/package.json', billing);
    write('web/package.json', { name: '@fake/web' });
    mkdirSync(join(dir, 'services/not-a-workspace'));
    write('package-lock.json', lock());
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  const installed = () => {
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    setup.recordInstall(dir);
  };

  it('installs with npm ci when node_modules is missing and the lock matches package.json', () => {
    expect(setup.installPlan(dir)).toMatchObject({ command: 'ci', reason: 'node_modules is missing' });
  });

  it('does nothing once installed from the files there are now', () => {
    installed();
    expect(setup.installPlan(dir).command).toBeNull();
    expect(readFileSync(join(dir, 'node_modules/.reelsmith-install-hash'), 'utf8').split('\n')[0]).toBe(setup.installHash(dir));
  });

  it('runs npm install when a workspace declares another dependency than the lock has', () => {
    installed();
    write('services/billing/package.json', { ...billing, dependencies: { stripe: '^23.1.0', zod: '^3.25.0' } });
    expect(setup.lockMatches(dir)).toBe(false);
    expect(setup.installPlan(dir)).toMatchObject({ command: 'install', reason: 'package-lock.json or a package.json changed since the last install' });
  });

  it('runs npm ci when only the lock changed (a pull that moved a version), or package.json but not its dependencies', () => {
    installed();
    write('package-lock.json', lock(billing.dependencies, '23.2.0'));
    expect(setup.installPlan(dir).command).toBe('ci');
    installed();
    write('package.json', { ...root, scripts: { test: 'jest' } });
    expect(setup.installPlan(dir).command).toBe('ci');
  });

  it("runs npm install when the root's overrides changed (the lock does not record them)", () => {
    installed();
    write('package.json', { ...root, overrides: { 'some-dependency': { nodemailer: '^10.6.1' } } });
    expect(setup.lockMatches(dir)).toBe(true);
    expect(setup.installPlan(dir).command).toBe('install');
  });

  it('installs a node_modules it did not install itself (no hash) and an unreadable lock with npm install', () => {
    mkdirSync(join(dir, 'node_modules'));
    expect(setup.installPlan(dir)).toMatchObject({ command: 'ci', reason: 'node_modules was not installed by this set-up' });
    write('package-lock.json', '{ not json');
    expect(setup.installPlan(dir).command).toBe('install');
  });

  it('hashes every workspace package.json (services/* and named ones) and the lock', () => {
    const before = setup.installHash(dir);
    write('web/package.json', { name: '@fake/web', dependencies: { react: '^19.0.0' } });
    const afterWeb = setup.installHash(dir);
    write('services/not-a-workspace/README.md', 'no package.json here');
    expect(new Set([before, afterWeb, setup.installHash(dir)]).size).toBe(2);
  });

  it('falls back to npm install when npm ci refuses, and records the install', () => {
    const calls: string[][] = [];
    const npm = (args: string[]) => {
      calls.push(args);
      if (args[0] === 'ci') throw new setup.SetupError('npm ci failed (exit 1)');
      mkdirSync(join(dir, 'node_modules'), { recursive: true });
    };
    expect(setup.ensureNodeModules({ dir, npm }).command).toBe('ci');
    expect(calls.map((args) => args[0])).toEqual(['ci', 'install']);
    expect(existsSync(join(dir, 'node_modules/.reelsmith-install-hash'))).toBe(true);
    expect(
      setup.ensureNodeModules({
        dir,
        npm: () => {
          throw new Error('must not install');
        },
      }).command,
    ).toBeNull();
  });

  it('records the lock as npm install left it', () => {
    write('services/billing/package.json', { ...billing, dependencies: { stripe: '^23.1.0', zod: '^3.25.0' } });
    const npm = () => {
      mkdirSync(join(dir, 'node_modules'), { recursive: true });
      write('package-lock.json', lock({ stripe: '^23.1.0', zod: '^3.25.0' }));
    };
    expect(setup.ensureNodeModules({ dir, npm }).command).toBe('install');
    expect(setup.installPlan(dir).command).toBeNull();
  });
});
