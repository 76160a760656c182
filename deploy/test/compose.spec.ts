/**
 * docker-compose.yml, checked statically (no Docker engine here, and the compose CLI plugin is
 * not installed, so `docker compose config` cannot run): structure, images and builds, the env
 * each service's zod schema requires, secrets without defaults, healthchecks, depends_on,
 * published ports.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './helm-binary';
import { configSchemaFor, requiredKeysFor, SECRET_ENV_NAME } from './service-config';

const COMPOSE_FILE = path.join(REPO_ROOT, 'docker-compose.yml');
const APP_DOCKERFILE = 'deploy/Dockerfile';
/** Services that run once and exit (no healthcheck, restart "no"). */
const ONE_SHOTS = ['minio-init'];
/** Secrets the compose file asks for; none may have a default. */
const TEST_SECRETS = {
  JWT_SECRET: 'j'.repeat(48),
  MEDIA_URL_SECRET: 'm'.repeat(40),
  UNSUBSCRIBE_SECRET: 'u'.repeat(40),
  POSTGRES_PASSWORD: 'pg-test-password',
  MINIO_ROOT_PASSWORD: 'minio-test-password',
  STRIPE_SECRET_KEY: 'sk_test_compose',
  STRIPE_WEBHOOK_SECRET: 'whsec_compose',
};

type Env = Record<string, string | undefined>;
type Service = Record<string, any>;

class MissingVariable extends Error {}

/** Compose variable interpolation: $$, $VAR, ${VAR}, ${VAR:-d}, ${VAR-d}, ${VAR:?e}, ${VAR?e}, ${VAR:+a}, ${VAR+a}. */
function interpolate(text: string, env: Env): string {
  const pattern = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
  return text.replace(pattern, (match, name: string | undefined, op: string | undefined, arg: string | undefined, bare: string | undefined) => {
    if (match === '$$') return '$';
    if (bare) return env[bare] ?? '';
    const value = env[name!];
    const set = value !== undefined;
    const nonEmpty = set && value !== '';
    switch (op) {
      case undefined:
        return value ?? '';
      case ':-':
        return nonEmpty ? value! : interpolate(arg!, env);
      case '-':
        return set ? value! : interpolate(arg!, env);
      case ':?':
        if (!nonEmpty) throw new MissingVariable(`${name}: ${arg}`);
        return value!;
      case '?':
        if (!set) throw new MissingVariable(`${name}: ${arg}`);
        return value!;
      case ':+':
        return nonEmpty ? interpolate(arg!, env) : '';
      case '+':
        return set ? interpolate(arg!, env) : '';
      default:
        throw new Error(`unsupported interpolation ${match}`);
    }
  });
}

function interpolateDeep<T>(node: T, env: Env): T {
  if (typeof node === 'string') return interpolate(node, env) as T;
  if (Array.isArray(node)) return node.map((n) => interpolateDeep(n, env)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateDeep(v, env)])) as T;
  }
  return node;
}

/** environment as a map, from either the map or the list ("KEY=value") form. */
function envOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((e: string) => {
        const i = e.indexOf('=');
        return i < 0 ? [e, ''] : [e.slice(0, i), e.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

function dependsOn(service: Service): Record<string, { condition: string }> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d: string) => [d, { condition: 'service_started' }]));
  return deps;
}

interface Published {
  service: string;
  hostIp: string;
  hostPort: number;
  containerPort: number;
  protocol: string;
}

/** Published ports of a service (short and long syntax), after interpolation. */
function publishedPorts(name: string, service: Service): Published[] {
  const out: Published[] = [];
  for (const port of service.ports ?? []) {
    if (typeof port === 'object') {
      if (port.published === undefined) continue;
      out.push({
        service: name,
        hostIp: port.host_ip ?? '0.0.0.0',
        hostPort: Number(port.published),
        containerPort: Number(port.target),
        protocol: port.protocol ?? 'tcp',
      });
      continue;
    }
    const [spec, protocol = 'tcp'] = String(port).split('/');
    const parts = spec.split(':');
    if (parts.length === 1) continue; // container port only: random host port
    const [hostIp, hostPort, containerPort] = parts.length === 3 ? parts : ['0.0.0.0', ...parts];
    expect(hostPort).toMatch(/^\d+$/); // ranges would need expanding
    out.push({ service: name, hostIp: hostIp || '0.0.0.0', hostPort: Number(hostPort), containerPort: Number(containerPort), protocol });
  }
  return out;
}

const raw = fs.readFileSync(COMPOSE_FILE, 'utf8');
const compose = parse(raw, { merge: true });
const services: Record<string, Service> = compose.services;
const resolved: Record<string, Service> = interpolateDeep(compose, { ...TEST_SECRETS }).services;
const isOneShot = (name: string) => ONE_SHOTS.includes(name);
const dockerfileOf = (s: Service) =>
  s.build ? path.normalize(path.join(typeof s.build === 'string' ? s.build : (s.build.context ?? '.'), s.build.dockerfile ?? 'Dockerfile')) : undefined;
const appServices = Object.keys(services).filter((n) => dockerfileOf(services[n]) === path.normalize(APP_DOCKERFILE));
/** The process an app container runs: its command's first word, or SERVICE. */
const processOf = (s: Service) => (Array.isArray(s.command) ? s.command[0] : s.command?.split(/\s+/)[0]) ?? envOf(s).SERVICE;

describe('docker-compose.yml', () => {
  test('has the infrastructure and the app services, each with an image or a build whose Dockerfile exists', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'nats', 'minio', 'minio-init', 'mailpit', 'gateway', 'auth']));
    for (const [name, s] of Object.entries(services)) {
      expect({ name, hasImageOrBuild: Boolean(s.image || s.build) }).toEqual({ name, hasImageOrBuild: true });
      const dockerfile = dockerfileOf(s);
      if (dockerfile) expect({ name, dockerfile, exists: fs.existsSync(path.join(REPO_ROOT, dockerfile)) }).toEqual({ name, dockerfile, exists: true });
      if (s.image && !s.build) {
        // Third-party images are pinned to a version, never latest.
        const tag = /:([^/:@]+)$/.exec(s.image)?.[1];
        expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/^(?!latest$).+/) });
      }
    }
    expect(appServices).toEqual(expect.arrayContaining(['auth', 'gateway']));
  });

  test.each(appServices)('%s runs its own process and sets every key its zod config requires', (name) => {
    const s = services[name];
    const processName = processOf(s);
    expect(processName).toBe(name);
    const env = envOf(s);
    const required = requiredKeysFor(processName);
    expect(required.length).toBeGreaterThan(0);
    for (const key of required) expect({ service: name, key, set: key in env && env[key] !== '' }).toEqual({ service: name, key, set: true });
  });

  test.each(appServices)('%s: with the secrets provided, its environment passes its configSchema and points at compose services', (name) => {
    const env = envOf(resolved[name]);
    const result = configSchemaFor(processOf(services[name])).safeParse(env);
    expect(result.error?.issues ?? []).toEqual([]);

    const nats = new URL(env.NATS_URL);
    expect(Object.keys(services)).toContain(nats.hostname);
    expect(services[nats.hostname].command).toEqual(expect.arrayContaining(['-js']));

    if (env.DATABASE_URL) {
      const db = new URL(env.DATABASE_URL);
      expect(db.pathname).toBe('/reelsmith');
      const pg = envOf(resolved[db.hostname]);
      expect({ user: db.username, password: db.password, db: pg.POSTGRES_DB }).toEqual({
        user: pg.POSTGRES_USER,
        password: pg.POSTGRES_PASSWORD,
        db: 'reelsmith',
      });
      expect(dependsOn(services[name])[db.hostname]?.condition).toBe('service_healthy');
    }
    expect(dependsOn(services[name])[nats.hostname]?.condition).toBe('service_healthy');

    if (env.S3_ENDPOINT) {
      // The S3 endpoint is MinIO inside the network, and the bucket exists before the service starts.
      const s3 = new URL(env.S3_ENDPOINT);
      expect(services[s3.hostname]?.image).toMatch(/minio\/minio:/);
      expect(env.S3_SECRET_KEY).toBe(envOf(resolved[s3.hostname]).MINIO_ROOT_PASSWORD);
      expect(env.S3_ACCESS_KEY).toBe(envOf(resolved[s3.hostname]).MINIO_ROOT_USER);
      expect(env.S3_BUCKET).toBe(envOf(resolved['minio-init']).S3_BUCKET);
      expect(dependsOn(services[name])['minio-init']?.condition).toBe('service_completed_successfully');
    }
  });

  test('no secret has a literal default: each is ${VAR:?message}, so compose refuses to start without it', () => {
    const requiredRef = /^\$\{([A-Z0-9_]+):\?[^}]+\}$/;
    for (const [name, s] of Object.entries(services)) {
      for (const [key, value] of Object.entries(envOf(s))) {
        if (!SECRET_ENV_NAME.test(key)) continue;
        if (/^DATABASE_URL$/.test(key)) {
          // postgres://user:${POSTGRES_PASSWORD:?...}@host/db
          expect({ name, key, value }).toEqual({ name, key, value: expect.stringMatching(/^postgres(ql)?:\/\/[^:/@]+:\$\{[A-Z0-9_]+:\?[^}]+\}@[^@]+$/) });
        } else {
          expect({ name, key, value }).toEqual({ name, key, value: expect.stringMatching(requiredRef) });
        }
      }
    }
    // Anywhere in the file (anchors included), a secret-looking variable is only ever required.
    const refs = [...raw.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)];
    const secretRefs = refs.filter(([, v]) => SECRET_ENV_NAME.test(v));
    expect(secretRefs.map(([, v]) => v)).toEqual(expect.arrayContaining(Object.keys(TEST_SECRETS)));
    for (const [ref, , rest] of secretRefs) expect({ ref, required: rest.startsWith(':?') }).toEqual({ ref, required: true });
    expect(raw).toContain('${JWT_SECRET:?');

    // And compose would really stop: leaving out (or emptying) any one of them fails interpolation.
    for (const secret of Object.keys(TEST_SECRETS)) {
      for (const env of [
        { ...TEST_SECRETS, [secret]: undefined },
        { ...TEST_SECRETS, [secret]: '' },
      ]) {
        expect(() => interpolateDeep(compose, env)).toThrow(new RegExp(`^${secret}: `));
      }
    }
  });

  test('every long-running service has a healthcheck and a restart policy; one-shots exit', () => {
    for (const [name, s] of Object.entries(services)) {
      if (isOneShot(name)) {
        expect({ name, restart: s.restart, ports: s.ports }).toEqual({ name, restart: 'no', ports: undefined });
        continue;
      }
      const test = s.healthcheck?.test;
      expect({ name, disabled: s.healthcheck?.disable ?? false, hasTest: Array.isArray(test) ? test.length > 1 : Boolean(test) }).toEqual({
        name,
        disabled: false,
        hasTest: true,
      });
      expect(['always', 'unless-stopped', 'on-failure']).toContain(s.restart);
    }
    for (const name of appServices) {
      // The runtime image has node but no curl or wget.
      expect(services[name].healthcheck.test).toEqual(['CMD', 'node', '/app/deploy/healthcheck.js']);
    }
  });

  test('depends_on references existing services with conditions they can meet, without cycles', () => {
    const conditions = ['service_started', 'service_healthy', 'service_completed_successfully'];
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(dependsOn(s))) {
        expect({ name, dep, exists: dep in services }).toEqual({ name, dep, exists: true });
        expect(conditions).toContain(condition);
        if (condition === 'service_healthy') expect({ dep, healthcheck: Boolean(services[dep].healthcheck) }).toEqual({ dep, healthcheck: true });
        if (condition === 'service_completed_successfully') expect(ONE_SHOTS).toContain(dep);
      }
    }
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, trail: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) throw new Error(`depends_on cycle: ${[...trail, name].join(' -> ')}`);
      visiting.add(name);
      for (const dep of Object.keys(dependsOn(services[name]))) visit(dep, [...trail, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(services)) visit(name, []);
    expect(dependsOn(services.gateway).auth?.condition).toBe('service_healthy');
    expect(dependsOn(services['minio-init']).minio?.condition).toBe('service_healthy');
  });

  test('published ports do not collide, and the gateway publishes 8080 on its PORT', () => {
    const published = Object.entries(resolved).flatMap(([name, s]) => publishedPorts(name, s));
    const wildcard = (ip: string) => ip === '0.0.0.0' || ip === '::' || ip === '';
    for (let i = 0; i < published.length; i++) {
      for (let j = i + 1; j < published.length; j++) {
        const a = published[i];
        const b = published[j];
        const sameIp = a.hostIp === b.hostIp || wildcard(a.hostIp) || wildcard(b.hostIp);
        if (sameIp && a.hostPort === b.hostPort && a.protocol === b.protocol) {
          throw new Error(`port ${a.hostPort} published by ${a.service} and ${b.service}`);
        }
      }
    }
    const gateway = published.filter((p) => p.service === 'gateway');
    expect(gateway).toEqual([{ service: 'gateway', hostIp: '0.0.0.0', hostPort: 8080, containerPort: 8080, protocol: 'tcp' }]);
    expect(Number(envOf(resolved.gateway).PORT)).toBe(8080);
    // Infrastructure that a developer's machine may already run is not published.
    expect(published.map((p) => p.service)).not.toContain('postgres');
    expect(published.map((p) => p.service)).not.toContain('nats');
    expect(published).toContainEqual(expect.objectContaining({ service: 'mailpit', containerPort: 8025 }));
  });

  test('object storage is MinIO with its root credentials, never the development s3rver (it checks no signature)', () => {
    expect(JSON.stringify(compose)).not.toMatch(/s3rver|S3RVER|:4569\b/);
    const minio = envOf(resolved.minio);
    const users = appServices.filter((name) => envOf(resolved[name]).S3_ENDPOINT !== undefined);
    expect(users).toEqual(expect.arrayContaining(['gateway', 'media', 'media-worker', 'music']));
    for (const name of users) {
      const env = envOf(resolved[name]);
      expect({ name, endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, multipart: env.S3_MULTIPART }).toEqual({
        name,
        endpoint: 'http://minio:9000',
        accessKey: minio.MINIO_ROOT_USER,
        secretKey: TEST_SECRETS.MINIO_ROOT_PASSWORD,
        multipart: undefined,
      });
      expect(dependsOn(services[name])['minio-init']).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  test('the gateway serves /metrics on an internal HEALTH_PORT that is not published', () => {
    const env = envOf(resolved.gateway);
    expect(Number(env.HEALTH_PORT)).toBeGreaterThan(0);
    expect(env.HEALTH_PORT).not.toBe(env.PORT);
    expect(publishedPorts('gateway', resolved.gateway).map((p) => p.containerPort)).toEqual([Number(env.PORT)]);
  });

  test('infrastructure: postgres 16 with the reelsmith database, nats 2.10 with JetStream, MinIO with its bucket, Mailpit', () => {
    const volumes = Object.keys(compose.volumes ?? {});
    for (const [name, s] of Object.entries(services)) {
      for (const v of s.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0] : v.source;
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect({ name, volume: source, declared: volumes.includes(source) }).toEqual({ name, volume: source, declared: true });
      }
    }
    const pg = services.postgres;
    expect(pg.image).toMatch(/^postgres:16(\.|-|$)/);
    expect(envOf(pg).POSTGRES_DB).toBe('reelsmith');
    expect(pg.volumes).toContainEqual(expect.stringMatching(/:\/var\/lib\/postgresql\/data$/));
    expect(pg.healthcheck.test.join(' ')).toContain('pg_isready');

    const nats = services.nats;
    expect(nats.image).toMatch(/^nats:2\.10(\.|-|$)/);
    expect(nats.command.join(' ')).toMatch(/(^| )-js( |$)/);
    expect(nats.command.join(' ')).toContain('-sd /data');
    expect(nats.volumes).toContainEqual(expect.stringMatching(/:\/data$/));
    expect(nats.healthcheck.test.join(' ')).toContain(':8222/healthz');

    expect(services.minio.image).toMatch(/minio\/minio:/);
    expect(services['minio-init'].image).toMatch(/minio\/mc:/);
    expect(services['minio-init'].command.join(' ')).toMatch(/mc mb --ignore-existing "local\/\$\$S3_BUCKET"/);
    expect(services.mailpit.image).toMatch(/^axllent\/mailpit:/);

    for (const name of appServices) {
      expect(services[name].build).toEqual({ context: '.', dockerfile: APP_DOCKERFILE });
      expect(services[name].read_only).toBe(true);
      expect(services[name].cap_drop).toEqual(['ALL']);
    }
  });
});
