/**
 * deploy/Dockerfile, deploy/docker-entrypoint.sh, deploy/healthcheck.js and .dockerignore,
 * checked without a Docker engine: the Dockerfile is parsed and its stages inspected; the
 * entrypoint and the healthcheck are run for real against a fake /app and a local HTTP server.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './helm-binary';

const DOCKERFILE = path.join(REPO_ROOT, 'deploy', 'Dockerfile');
const ENTRYPOINT = path.join(REPO_ROOT, 'deploy', 'docker-entrypoint.sh');
const HEALTHCHECK = path.join(REPO_ROOT, 'deploy', 'healthcheck.js');
const DOCKERIGNORE = path.join(REPO_ROOT, '.dockerignore');
const SECRETISH = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL|API_?KEY/i;

interface Instruction {
  cmd: string;
  args: string;
  line: number;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Splits a Dockerfile into instructions (continuations joined, comments dropped) and stages. */
function parseDockerfile(text: string): { globalArgs: Record<string, string>; stages: Stage[] } {
  const instructions: Instruction[] = [];
  let buffer = '';
  let start = 0;
  text.split('\n').forEach((rawLine, i) => {
    const line = rawLine.replace(/\r$/, '');
    if (/^\s*#/.test(line)) return; // comments (also inside continuations) and parser directives
    if (!buffer && !line.trim()) return;
    if (!buffer) start = i + 1;
    if (/\\\s*$/.test(line)) {
      buffer += line.replace(/\\\s*$/, ' ');
      return;
    }
    buffer += line;
    const m = /^\s*(\w+)\s+([\s\S]*)$/.exec(buffer);
    if (!m) throw new Error(`line ${start}: cannot parse '${buffer}'`);
    instructions.push({ cmd: m[1].toUpperCase(), args: m[2].trim(), line: start });
    buffer = '';
  });
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions) {
    if (ins.cmd === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`line ${ins.line}: bad FROM`);
      const from = m[1].replace(/\$\{?(\w+)\}?/g, (_, n: string) => globalArgs[n] ?? '');
      stages.push({ from, name: m[2], instructions: [] });
    } else if (!stages.length) {
      if (ins.cmd !== 'ARG') throw new Error(`line ${ins.line}: ${ins.cmd} before FROM`);
      const [k, v = ''] = ins.args.split('=');
      globalArgs[k] = v;
    } else {
      stages[stages.length - 1].instructions.push(ins);
    }
  }
  return { globalArgs, stages };
}

/** KEY=value pairs of ENV/ARG/LABEL arguments (also the legacy "ENV KEY value" form). */
function assignments(args: string): Array<[string, string]> {
  if (!args.includes('=')) {
    const [k, ...rest] = args.split(/\s+/);
    return [[k, rest.join(' ')]];
  }
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_.-]*)(?:=("(?:[^"\\]|\\.)*"|'[^']*'|\S*))?/g)].map((m) => [m[1], (m[2] ?? '').replace(/^["']|["']$/g, '')]);
}

const execForm = (args: string): string[] => JSON.parse(args.replace(/^CMD\s+/, ''));

const dockerfile = fs.readFileSync(DOCKERFILE, 'utf8');
const { globalArgs, stages } = parseDockerfile(dockerfile);
const final = stages[stages.length - 1];
const stageByName = (name: string) => stages.find((s) => s.name === name);
const runs = (s: Stage) => s.instructions.filter((i) => i.cmd === 'RUN').map((i) => i.args);
/** Whether a stage or a stage it is built FROM installed dev dependencies. */
function hasDevDeps(stage: Stage): boolean {
  const full = runs(stage).some((r) => /\bnpm (ci|install)\b/.test(r) && !/--omit=dev/.test(r) && !/\bnpm install -g\b/.test(r));
  const parent = stageByName(stage.from);
  return full || (parent ? hasDevDeps(parent) : false);
}

describe('deploy/Dockerfile', () => {
  test('is multi-stage on node:20-bookworm-slim: deps -> build -> runtime', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const names = stages.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['deps', 'build', 'runtime']));
    expect(final.name).toBe('runtime');
    expect(names.indexOf('deps')).toBeLessThan(names.indexOf('build'));
    for (const s of stages) {
      const known = stageByName(s.from) !== undefined && stages.indexOf(stageByName(s.from)!) < stages.indexOf(s);
      expect({ stage: s.name, from: known ? 'an earlier stage' : s.from }).toEqual({
        stage: s.name,
        from: known ? 'an earlier stage' : 'node:20-bookworm-slim',
      });
    }
    expect(globalArgs.NODE_IMAGE).toBe('node:20-bookworm-slim');
    expect(runs(stageByName('build')!).join('\n')).toMatch(/\bnpm run build\b/);
  });

  test('the runtime stage runs as a numeric non-root user, the UID the Helm chart expects', () => {
    const users = final.instructions.filter((i) => i.cmd === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1].args;
    const [uid, gid] = user.split(':');
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
    if (gid !== undefined) expect(Number(gid)).toBeGreaterThan(0);
    // Nothing after USER switches back.
    const after = final.instructions.slice(final.instructions.indexOf(users[users.length - 1]) + 1);
    expect(after.filter((i) => i.cmd === 'RUN')).toEqual([]);
    const values = parse(fs.readFileSync(path.join(REPO_ROOT, 'helm', 'reelsmith', 'values.yaml'), 'utf8'));
    expect(Number(uid)).toBe(values.podSecurityContext.runAsUser);
    expect(runs(final).join('\n')).toContain(`--uid ${uid}`);
  });

  test('the runtime stage gets production dependencies only', () => {
    expect(hasDevDeps(final)).toBe(false);
    const prodInstall = stages.filter((s) => runs(s).some((r) => /npm (ci|prune)\b.*--omit=dev/.test(r)));
    expect(prodInstall.length).toBeGreaterThan(0);
    const copies = final.instructions.filter((i) => i.cmd === 'COPY' && /--from=/.test(i.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      const from = /--from=(\S+)/.exec(c.args)![1];
      const stage = stageByName(from);
      expect({ copy: c.args, stageExists: Boolean(stage) }).toEqual({ copy: c.args, stageExists: true });
      const sources = c.args.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1);
      if (hasDevDeps(stage!)) {
        // From a stage with dev dependencies only built output may come, never node_modules or the whole tree.
        for (const src of sources) expect({ from, src }).toEqual({ from, src: expect.not.stringMatching(/node_modules|^\/app\/?$/) });
      }
    }
    expect(runs(final).join('\n')).not.toMatch(/\bnpm (ci|install)\b/);
  });

  test('npm installs run only the install scripts that package.json#allowScripts approves', () => {
    const installs = stages.flatMap((st) => runs(st)).filter((r) => /\bnpm ci\b/.test(r));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const r of installs) {
      expect(r).toContain('--ignore-scripts');
      expect(r).toMatch(/allowScripts[\s\S]*ok === true[\s\S]*npm rebuild \$ALLOWED/);
      // An empty list must not turn into a bare `npm rebuild` (which runs every script).
      expect(r).toMatch(/if \[ -n "\$ALLOWED" \]; then npm rebuild \$ALLOWED; fi/);
    }
    const allow = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).allowScripts ?? {};
    expect(Object.values(allow).every((v) => typeof v === 'boolean')).toBe(true);
    // The runtime dependencies are the server workspaces' only (the SPA is bundled).
    const prod = runs(stageByName('prod-deps')!).join('\n');
    expect(prod).toMatch(/npm ci --omit=dev --workspace=services --workspace=proto /);
  });

  test('installs ffmpeg and tini in the runtime stage, apt without recommends and with cleaned lists', () => {
    const apt = runs(final).filter((r) => /apt-get install/.test(r));
    expect(apt.join('\n')).toMatch(/\bffmpeg\b/);
    expect(apt.join('\n')).toMatch(/\btini\b/);
    // The embedded transcriber and its English model (docs/speech.md).
    expect(apt.join('\n')).toMatch(/\bpocketsphinx pocketsphinx-en-us\b/);
    for (const s of stages) {
      for (const r of runs(s).filter((x) => /apt-get install/.test(x))) {
        expect(r).toContain('--no-install-recommends');
        expect(r).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
        expect(r).toMatch(/apt-get update/);
      }
    }
  });

  test('PID 1 is tini, which runs the entrypoint script; the script is copied and made executable', () => {
    const entry = final.instructions.filter((i) => i.cmd === 'ENTRYPOINT').pop();
    expect(entry).toBeDefined();
    const argv: string[] = execForm(entry!.args);
    expect(argv.slice(0, 2)).toEqual(['/usr/bin/tini', '--']);
    expect(argv[2]).toBe('/app/deploy/docker-entrypoint.sh');
    const copy = final.instructions.find((i) => i.cmd === 'COPY' && i.args.includes('deploy/docker-entrypoint.sh'));
    expect(copy).toBeDefined();
    expect(runs(final).join('\n')).toMatch(/chmod (0?755|\+x) \/app\/deploy\/docker-entrypoint\.sh/);
  });

  test('has a HEALTHCHECK that uses node (no curl in the image) on a script that exists', () => {
    const hc = final.instructions.filter((i) => i.cmd === 'HEALTHCHECK');
    expect(hc).toHaveLength(1);
    const cmd = /CMD\s+(\[.*\])\s*$/.exec(hc[0].args);
    expect(cmd).not.toBeNull();
    const argv: string[] = JSON.parse(cmd![1]);
    expect(argv[0]).toBe('node');
    expect(argv.join(' ')).not.toMatch(/curl|wget/);
    expect(argv[1]).toBe('/app/deploy/healthcheck.js');
    expect(fs.existsSync(HEALTHCHECK)).toBe(true);
    expect(final.instructions.some((i) => i.cmd === 'COPY' && i.args.includes('deploy/healthcheck.js'))).toBe(true);
  });

  test('bakes in no secret: no ENV or ARG that names or holds one, nothing copied from .env', () => {
    const all = [
      {
        cmd: 'ARG',
        args: Object.entries(globalArgs)
          .map(([k, v]) => `${k}=${v}`)
          .join(' '),
        line: 0,
      },
      ...stages.flatMap((s) => s.instructions),
    ];
    for (const ins of all.filter((i) => i.cmd === 'ENV' || i.cmd === 'ARG')) {
      for (const [key, value] of assignments(ins.args)) {
        expect({ line: ins.line, key }).toEqual({ line: ins.line, key: expect.not.stringMatching(SECRETISH) });
        expect({ line: ins.line, key, value }).toEqual({ line: ins.line, key, value: expect.not.stringMatching(/^(eyJ|sk_|-----BEGIN)/) });
      }
    }
    const code = all.map((i) => `${i.cmd} ${i.args}`).join('\n'); // comments excluded
    expect(code).not.toMatch(/JWT_SECRET|DATABASE_URL|POSTGRES_PASSWORD|S3_SECRET_KEY/);
    expect(code).not.toMatch(/COPY[^\n]*\.env\b/);
    expect(code).not.toMatch(/--mount=type=secret/); // none is needed to build
  });

  test('exposes 8080 and sets production defaults', () => {
    expect(final.instructions.filter((i) => i.cmd === 'EXPOSE').map((i) => i.args)).toEqual(['8080']);
    const env = Object.fromEntries(final.instructions.filter((i) => i.cmd === 'ENV').flatMap((i) => assignments(i.args)));
    expect(env).toMatchObject({ NODE_ENV: 'production', WEB_DIST: '/app/web/dist' });
  });

  test('copies every workspace of the root package.json into the image', () => {
    const workspaces: string[] = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).workspaces;
    const loop = runs(stageByName('build')!)
      .map((r) => /for ws in ([^;]+);/.exec(r))
      .find(Boolean);
    expect(loop).toBeTruthy();
    expect(loop![1].trim().split(/\s+/).sort()).toEqual([...workspaces].sort());
  });

  test('every COPY source from the build context exists and is not excluded by .dockerignore', () => {
    const ignore = fs
      .readFileSync(DOCKERIGNORE, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const s of stages) {
      for (const c of s.instructions.filter((i) => i.cmd === 'COPY' && !/--from=/.test(i.args))) {
        const sources = c.args.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1);
        for (const src of sources) {
          if (src === '.') continue;
          expect({ src, exists: fs.existsSync(path.join(REPO_ROOT, src)) }).toEqual({ src, exists: true });
          for (const pattern of ignore) {
            const re = new RegExp(
              `^${pattern
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*\*\//g, '(.*/)?')
                .replace(/\*/g, '[^/]*')}(/.*)?$`,
            );
            expect({ src, pattern, ignored: re.test(src) }).toEqual({ src, pattern, ignored: false });
          }
        }
      }
    }
  });
});

describe('.dockerignore', () => {
  test('keeps host builds, dependencies, data, git and secrets out of the build context', () => {
    const lines = new Set(
      fs
        .readFileSync(DOCKERIGNORE, 'utf8')
        .split('\n')
        .map((l) => l.trim()),
    );
    for (const needed of ['**/node_modules', '**/dist', '**/.data', '**/test-results', '.git', '**/.env', '**/*.tsbuildinfo', '**/.nx']) {
      expect({ needed, present: lines.has(needed) }).toEqual({ needed, present: true });
    }
    for (const kept of ['package-lock.json', '.npmrc', 'deploy', 'services', 'web', 'proto', '*']) {
      expect({ kept, ignored: lines.has(kept) }).toEqual({ kept, ignored: false });
    }
  });
});

describe('deploy/docker-entrypoint.sh', () => {
  let appRoot: string;

  beforeAll(() => {
    appRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-entrypoint-'));
    const write = (rel: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(appRoot, rel)), { recursive: true });
      fs.writeFileSync(path.join(appRoot, rel), body);
    };
    for (const svc of ['gateway', 'auth', 'media']) {
      write(
        `services/${svc}/dist/main.js`,
        `console.log(JSON.stringify({ script: '${svc}/main', args: process.argv.slice(2), service: process.env.SERVICE, cwd: process.cwd() }));`,
      );
    }
    write(
      'services/media/dist/worker.js',
      `console.log(JSON.stringify({ script: 'media/worker', args: process.argv.slice(2), service: process.env.SERVICE }));`,
    );
    write('services/kit/dist/index.js', 'module.exports = {};');
  });
  afterAll(() => fs.rmSync(appRoot, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(ENTRYPOINT, args, {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', APP_ROOT: appRoot, ...env },
      timeout: 10_000,
    });
    return { status: r.status, out: r.stdout.trim() ? JSON.parse(r.stdout.trim()) : undefined, err: r.stderr };
  };

  test('is an executable POSIX shell script (mode 755 on disk)', () => {
    const mode = fs.statSync(ENTRYPOINT).mode & 0o777;
    expect(mode.toString(8)).toBe('755');
    const text = fs.readFileSync(ENTRYPOINT, 'utf8');
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toMatch(/^set -eu$/m);
    expect(text).toMatch(/exec node /);
  });

  test('runs the service named by the first argument, passing further arguments on', () => {
    expect(run(['gateway'])).toMatchObject({ status: 0, out: { script: 'gateway/main', args: [], service: 'gateway', cwd: fs.realpathSync(appRoot) } });
    expect(run(['auth', '--flag', 'x'])).toMatchObject({ status: 0, out: { script: 'auth/main', args: ['--flag', 'x'] } });
  });

  test('falls back to SERVICE, and the first argument wins over it', () => {
    expect(run([], { SERVICE: 'auth' })).toMatchObject({ status: 0, out: { script: 'auth/main', service: 'auth' } });
    expect(run(['--inspect-nothing'], { SERVICE: 'auth' })).toMatchObject({ status: 0, out: { script: 'auth/main', args: ['--inspect-nothing'] } });
    expect(run(['gateway'], { SERVICE: 'auth' })).toMatchObject({ status: 0, out: { script: 'gateway/main' } });
  });

  test('maps <service>-worker to services/<service>/dist/worker.js', () => {
    expect(run(['media-worker'])).toMatchObject({ status: 0, out: { script: 'media/worker', service: 'media-worker' } });
  });

  test.each([
    ['no service at all', [], {}],
    ['an unknown service', ['billing'], {}],
    ['a library, not a service', ['kit'], {}],
    ['a path', ['../../etc'], {}],
    ['a path in SERVICE', [], { SERVICE: 'gateway/../auth' }],
    ['upper case', ['Gateway'], {}],
  ])('refuses %s with exit 64 and lists the services', (_what, args, env) => {
    const r = run(args as string[], env as Record<string, string>);
    expect(r.status).toBe(64);
    expect(r.out).toBeUndefined();
    expect(r.err).toContain('services in this image: auth gateway media media-worker');
  });
});

describe('deploy/healthcheck.js', () => {
  let server: http.Server;
  let port: number;
  let readyStatus = 200;
  const paths: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.statusCode = req.url === '/readyz' ? readyStatus : 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (env: Record<string, string>) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [HEALTHCHECK], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      });
      child.on('exit', (code: number | null) => resolve(code));
    });

  test('exits 0 when /readyz answers 2xx on HEALTH_PORT, which wins over PORT', async () => {
    readyStatus = 200;
    expect(await check({ HEALTH_PORT: String(port), PORT: '1' })).toBe(0);
    expect(paths[paths.length - 1]).toBe('/readyz');
  });

  test('uses PORT when there is no HEALTH_PORT (the gateway)', async () => {
    readyStatus = 200;
    expect(await check({ PORT: String(port) })).toBe(0);
  });

  test('exits 1 when the service is not ready or not listening', async () => {
    readyStatus = 503;
    expect(await check({ HEALTH_PORT: String(port) })).toBe(1);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await check({ HEALTH_PORT: String(freePort) })).toBe(1);
  });
});
