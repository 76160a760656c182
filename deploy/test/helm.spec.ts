/**
 * The Helm chart (helm/reelsmith), checked offline: helm lint --strict, helm template, every
 * rendered object validated with kubernetes-models, and the properties a deployment must have
 * (probes, resources, restricted security context, secrets only by reference, the env each
 * service's zod schema requires).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { byName, CHART, component, type K8sObject, KUBE_VERSION, NAMESPACE, ofKind, RELEASE, render, template, TEST_VALUES } from './chart';
import { runHelm } from './helm-binary';
import { requiredKeysFor, SECRET_ENV_NAME } from './service-config';

const FULL_VALUES = path.join(CHART, 'ci', 'full-values.yaml');

/** The kubernetes-models class of an object, by apiVersion and kind. */
function modelClass(apiVersion: string, kind: string): new (data: unknown) => { validate(): void } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is chosen by the manifest's apiVersion
  const mod = require(`kubernetes-models/${apiVersion}`) as Record<string, new (data: unknown) => { validate(): void }>;
  const cls = mod[kind];
  if (typeof cls !== 'function') throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`);
  return cls;
}

/** Kubernetes quantity -> number (cores or bytes). */
function quantity(q: string | number): number {
  const m = /^([0-9.]+)(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/.exec(String(q));
  if (!m) throw new Error(`bad quantity ${q}`);
  const unit: Record<string, number> = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
  return Number(m[1]) * (m[2] ? unit[m[2]] : 1);
}

const values = parse(fs.readFileSync(path.join(CHART, 'values.yaml'), 'utf8'));
/** Every values file an operator may start from: ci/*.yaml and the documented examples of this chart. */
const VALUES_FILES = [
  ...fs
    .readdirSync(path.join(CHART, 'ci'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => path.join(CHART, 'ci', f)),
  ...fs
    .readdirSync(path.join(CHART, 'examples'))
    .filter((f) => /^reelsmith-.*\.yaml$/.test(f))
    .map((f) => path.join(CHART, 'examples', f)),
];
const testValues = parse(fs.readFileSync(TEST_VALUES, 'utf8'));

describe('helm chart helm/reelsmith', () => {
  let minimal: K8sObject[];
  let full: K8sObject[];

  beforeAll(() => {
    minimal = render(['-f', TEST_VALUES]);
    full = render(['-f', FULL_VALUES]);
  });

  test('helm lint --strict passes with every values file of ci/ and every example (examples/reelsmith-*.yaml)', () => {
    expect(VALUES_FILES.length).toBeGreaterThanOrEqual(4);
    for (const file of VALUES_FILES) {
      const result = runHelm(['lint', CHART, '--strict', '--kube-version', KUBE_VERSION, '-f', file]);
      expect({ file, status: result.status, out: result.stderr }).toEqual({ file, status: 0, out: '' });
      expect(result.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
    }
  });

  test('renders one Deployment and one Service per entry of services (gateway, auth, ...), nothing optional by default', () => {
    const services = Object.keys(values.services).sort();
    expect(services).toEqual(expect.arrayContaining(['auth', 'gateway']));
    expect(ofKind(minimal, 'Deployment').map(component).sort()).toEqual(services);
    expect(ofKind(minimal, 'Service').map(component).sort()).toEqual(services);
    expect(ofKind(minimal, 'ServiceAccount')).toHaveLength(1);
    // Hooks: the migration Job and the `helm test` pod.
    expect(ofKind(minimal, 'Job').map((o) => o.metadata.annotations['helm.sh/hook'])).toEqual(['pre-install,pre-upgrade']);
    expect(ofKind(minimal, 'Pod').map((o) => o.metadata.annotations['helm.sh/hook'])).toEqual(['test']);
    for (const kind of [
      'Ingress',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Secret',
      'ConfigMap',
      'ScaledObject',
      'ServiceMonitor',
      'PrometheusRule',
      'NetworkPolicy',
    ]) {
      expect({ kind, count: ofKind(minimal, kind).length }).toEqual({ kind, count: 0 });
    }
    for (const o of minimal) expect(o.metadata.name.length).toBeLessThanOrEqual(63);
  });

  test('every rendered object validates with kubernetes-models (and the validator does reject a broken object)', () => {
    const objects = [...minimal, ...full];
    expect(new Set(full.map((o) => o.kind))).toEqual(
      new Set(['ServiceAccount', 'Service', 'Deployment', 'Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Job', 'Pod']),
    );
    for (const o of objects) {
      const Model = modelClass(o.apiVersion, o.kind);
      expect(() => new Model(o).validate()).not.toThrow();
    }
    const broken = structuredClone(byName(minimal, 'Deployment', `${RELEASE}-reelsmith-gateway`));
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'eighty';
    delete broken.spec.selector;
    expect(() => new (modelClass('apps/v1', 'Deployment'))(broken).validate()).toThrow();
  });

  describe.each([
    ['ci/test-values.yaml', () => minimal],
    ['ci/full-values.yaml', () => full],
  ])('each Deployment rendered with %s', (_label, objects) => {
    const deployments = () => ofKind(objects(), 'Deployment');

    test('has startup/liveness probes on /healthz and readiness on /readyz, on the port the service listens on', () => {
      for (const d of deployments()) {
        const name = component(d);
        const svcValues = { ...values.serviceDefaults, ...values.services[name] };
        for (const c of d.spec.template.spec.containers) {
          const env = Object.fromEntries(
            (c.env ?? []).filter((e: { value?: string }) => e.value !== undefined).map((e: { name: string; value: string }) => [e.name, e.value]),
          );
          // The app listens for /healthz on HEALTH_PORT when set, else on PORT (gateway).
          const listening = Number(env.HEALTH_PORT ?? env.PORT);
          expect({ name, listening }).toEqual({ name, listening: svcValues.healthPort });
          for (const [probe, path] of [
            ['startupProbe', '/healthz'],
            ['livenessProbe', '/healthz'],
            ['readinessProbe', '/readyz'],
          ] as const) {
            const p = c[probe];
            expect({ name, probe, path: p?.httpGet?.path }).toEqual({ name, probe, path });
            const port = (c.ports ?? []).find((cp: { name: string }) => cp.name === p.httpGet.port);
            expect({ name, probe, port: port?.containerPort }).toEqual({ name, probe, port: listening });
            expect(p.periodSeconds).toBeGreaterThan(0);
            expect(p.timeoutSeconds).toBeGreaterThan(0);
          }
        }
      }
    });

    test('sets requests and limits for cpu and memory, limits >= requests', () => {
      for (const d of deployments()) {
        for (const c of d.spec.template.spec.containers) {
          for (const res of ['cpu', 'memory']) {
            const req = c.resources?.requests?.[res];
            const lim = c.resources?.limits?.[res];
            expect({ d: d.metadata.name, res, req: req !== undefined, lim: lim !== undefined }).toEqual({ d: d.metadata.name, res, req: true, lim: true });
            expect(quantity(lim)).toBeGreaterThanOrEqual(quantity(req));
          }
        }
      }
    });

    test('gives the media worker scratch space for a 2 GiB upload plus its source copies', () => {
      const pod = deployments().find((d) => component(d) === 'media-worker')!.spec.template.spec;
      const tmp = quantity(pod.volumes.find((v: { name: string }) => v.name === 'tmp').emptyDir.sizeLimit);
      const env = pod.containers[0].env as Array<{ name: string; value?: string }>;
      const copies = Number(env.find((e) => e.name === 'SOURCE_CACHE_BYTES')?.value);
      expect(copies).toBeGreaterThan(0);
      // An upload being analysed, its reel being rendered (a fraction of it) and the copies kept for edits.
      expect(tmp).toBeGreaterThanOrEqual(2 * 2 ** 30 * 1.5 + copies);
    });

    test('runs as non-root with the restricted security context and a writable /tmp only', () => {
      for (const d of deployments()) {
        const pod = d.spec.template.spec;
        expect(pod.securityContext).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 10001,
          fsGroup: 10001,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(pod.hostNetwork ?? false).toBe(false);
        expect(pod.hostPID ?? false).toBe(false);
        const tmpVolume = pod.volumes.find((v: { name: string }) => v.name === 'tmp');
        expect(tmpVolume?.emptyDir).toBeDefined();
        for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
          const sc = c.securityContext;
          expect(sc).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true });
          expect(sc.privileged ?? false).toBe(false);
          expect(sc.runAsUser ?? pod.securityContext.runAsUser).not.toBe(0);
          expect(sc.capabilities.drop).toContain('ALL');
          expect(sc.capabilities.add ?? []).toEqual([]);
          expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
        }
      }
    });

    test('sets every env key its zod config requires, secrets only through secretKeyRef of the existing Secrets', () => {
      const all = objects();
      const valuesFile = all === minimal ? testValues : parse(fs.readFileSync(FULL_VALUES, 'utf8'));
      const jwtSecret = valuesFile.auth.jwt.existingSecret;
      const jwtKey = valuesFile.auth.jwt.existingSecretKey ?? values.auth.jwt.existingSecretKey;
      for (const d of deployments()) {
        const name = component(d);
        const [c] = d.spec.template.spec.containers;
        expect(c.args).toEqual([name]);
        expect(c.envFrom).toBeUndefined();
        const names = c.env.map((e: { name: string }) => e.name);
        expect(new Set(names).size).toBe(names.length);
        for (const key of requiredKeysFor(name)) expect({ name, key, set: names.includes(key) }).toEqual({ name, key, set: true });
        for (const e of c.env) {
          if (SECRET_ENV_NAME.test(e.name)) {
            expect({ name, env: e.name, literal: e.value }).toEqual({ name, env: e.name, literal: undefined });
            expect(e.valueFrom?.secretKeyRef?.name).toBeTruthy();
          }
        }
        const jwt = c.env.find((e: { name: string }) => e.name === 'JWT_SECRET');
        if (requiredKeysFor(name).includes('JWT_SECRET')) {
          expect(jwt).toEqual({ name: 'JWT_SECRET', valueFrom: { secretKeyRef: { name: jwtSecret, key: jwtKey } } });
        } else {
          expect({ name, jwt }).toEqual({ name, jwt: undefined });
        }
      }
      const auth = byName(all, 'Deployment', `${RELEASE}-reelsmith-auth`).spec.template.spec.containers[0];
      expect(auth.env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: valuesFile.externalDatabase.existingSecret, key: 'database-url' } },
      });
    });

    test("each Service selects exactly its Deployment's pods and targets named container ports", () => {
      const all = objects();
      for (const s of ofKind(all, 'Service')) {
        const d = byName(all, 'Deployment', s.metadata.name);
        expect(d.spec.selector.matchLabels).toEqual(s.spec.selector);
        expect(d.spec.template.metadata.labels).toMatchObject(s.spec.selector);
        const others = ofKind(all, 'Deployment').filter((o) => o !== d);
        for (const o of others) expect(o.spec.template.metadata.labels).not.toMatchObject(s.spec.selector);
        const portNames = d.spec.template.spec.containers[0].ports.map((p: { name: string }) => p.name);
        for (const p of s.spec.ports) expect(portNames).toContain(p.targetPort);
      }
    });
  });

  test('the ServiceAccount does not mount its token', () => {
    const [sa] = ofKind(minimal, 'ServiceAccount');
    expect(sa.automountServiceAccountToken).toBe(false);
    for (const d of ofKind(minimal, 'Deployment')) expect(d.spec.template.spec.serviceAccountName).toBe(sa.metadata.name);
  });

  test('with ci/full-values.yaml: Ingress to the gateway with TLS, HPA and PDB bound to their Deployments', () => {
    const gateway = byName(full, 'Deployment', `${RELEASE}-reelsmith-gateway`);
    const [ingress] = ofKind(full, 'Ingress');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.spec.tls).toEqual([{ hosts: ['reelsmith.example.com'], secretName: `${RELEASE}-reelsmith-tls` }]);
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    const svc = byName(full, 'Service', backend.name);
    expect(svc.spec.ports.map((p: { name: string }) => p.name)).toContain(backend.port.name);
    expect(component(svc)).toBe('gateway');
    // Behind the ingress the gateway takes client IPs from X-Forwarded-For.
    expect(gateway.spec.template.spec.containers[0].env).toContainEqual({ name: 'TRUST_PROXY', value: 'true' });

    const [hpa] = ofKind(full, 'HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: gateway.metadata.name });
    expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    expect(gateway.spec.replicas).toBeUndefined();

    for (const pdb of ofKind(full, 'PodDisruptionBudget')) {
      const d = byName(full, 'Deployment', pdb.metadata.name);
      expect(pdb.spec.selector.matchLabels).toEqual(d.spec.selector.matchLabels);
    }
    for (const d of ofKind(full, 'Deployment')) {
      expect(d.spec.template.spec.containers[0].image).toBe('registry.example.com/reelsmith/reelsmith:1.2.3');
      expect(d.spec.template.spec.imagePullSecrets).toEqual([{ name: 'registry-credentials' }]);
    }
  });

  test('the gateway serves /metrics (and its probes) on an internal port the Ingress never routes to', () => {
    const gateway = byName(full, 'Deployment', `${RELEASE}-reelsmith-gateway`).spec.template.spec.containers[0];
    const ports = Object.fromEntries(gateway.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]));
    expect(ports).toEqual({ http: 8080, health: 8100 });
    expect(gateway.env).toEqual(
      expect.arrayContaining([
        { name: 'PORT', value: '8080' },
        { name: 'HEALTH_PORT', value: '8100' },
      ]),
    );
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(gateway[probe].httpGet.port).toBe('health');
    const [ingress] = ofKind(full, 'Ingress');
    expect(ingress.spec.rules[0].http.paths.map((p: { backend: { service: { port: { name: string } } } }) => p.backend.service.port.name)).toEqual(['http']);
  });

  test('object storage is the external S3 (MinIO) with keys from a Secret, never the development s3rver', () => {
    for (const objects of [minimal, full]) {
      const text = JSON.stringify(objects);
      expect(text).not.toMatch(/s3rver|S3RVER|:4569\b/);
      for (const d of ofKind(objects, 'Deployment')) {
        const env = d.spec.template.spec.containers[0].env as Array<{ name: string; value?: string; valueFrom?: unknown }>;
        const s3 = Object.fromEntries(env.filter((e) => e.name.startsWith('S3_')).map((e) => [e.name, e.value ?? 'secretKeyRef']));
        if (!('S3_ENDPOINT' in s3)) continue;
        expect({ name: component(d), s3 }).toEqual({
          name: component(d),
          s3: expect.objectContaining({ S3_ENDPOINT: expect.stringMatching(/^https?:\/\//), S3_ACCESS_KEY: 'secretKeyRef', S3_SECRET_KEY: 'secretKeyRef' }),
        });
        // The s3rver quirk (no multipart) is for `npm start` only.
        expect(s3.S3_MULTIPART).toBeUndefined();
      }
    }
    for (const place of ['serviceDefaults.env', 'services.media.env', 'services.media.secretEnv']) {
      const value = place.endsWith('secretEnv') ? '{"secretName":"s","key":"k"}' : '"false"';
      const result = template(['-f', TEST_VALUES, '--set-json', `${place}.S3_MULTIPART=${value}`]);
      expect({ place, refused: result.status !== 0 }).toEqual({ place, refused: true });
    }
    const noEndpoint = template(['-f', TEST_VALUES, '--set', 'externalS3.endpoint=']);
    expect(noEndpoint.status).not.toBe(0);
  });

  test('fails with a clear message when the JWT existingSecret is not set', () => {
    const result = template(['-f', TEST_VALUES, '--set', 'auth.jwt.existingSecret=']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('auth.jwt.existingSecret is required');
    expect(result.stderr).toContain('kubectl create secret generic rs-jwt --from-literal=jwt-secret=');
    expect(result.stderr.match(/is required/g)).toHaveLength(1);
    // The bare chart (no values at all) names every missing Secret at once.
    const bare = template([]);
    expect(bare.status).not.toBe(0);
    for (const key of [
      'auth.jwt.existingSecret',
      'mediaUrl.existingSecret',
      'mail.existingSecret',
      'externalDatabase.existingSecret',
      'externalS3.existingSecret',
      'externalS3.endpoint',
    ]) {
      expect(bare.stderr).toContain(`${key} is required`);
    }
  });

  test.each([
    ['externalDatabase.existingSecret', 'auth'],
    ['mediaUrl.existingSecret', 'gateway'],
    ['externalS3.existingSecret', 'gateway'],
    ['mail.existingSecret', 'notifications'],
  ])('fails when %s is unset while a service uses it, not when no enabled service does', (key, user) => {
    const result = template(['-f', TEST_VALUES, '--set', `${key}=`]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`${key} is required`);
    const use = {
      'externalDatabase.existingSecret': 'database',
      'mediaUrl.existingSecret': 'mediaUrl',
      'externalS3.existingSecret': 's3',
      'mail.existingSecret': 'mail',
    }[key]!;
    const users = Object.entries(values.services as Record<string, { uses: string[] }>)
      .filter(([, svc]) => svc.uses.includes(use))
      .map(([name]) => name);
    expect(users).toContain(user);
    const disabled = users.flatMap((name) => ['--set', `services.${name}.enabled=false`]);
    const without = render(['-f', TEST_VALUES, '--set', `${key}=`, ...disabled]);
    expect(
      ofKind(without, 'Deployment')
        .map(component)
        .filter((name) => users.includes(name)),
    ).toEqual([]);
    expect(ofKind(without, 'Deployment').length).toBeGreaterThan(0);
  });

  test.each([
    ['an unknown top-level key', ['--set', 'replicas=3'], 'Additional property replicas is not allowed'],
    ['an unknown key in a service', ['--set', 'services.gateway.replica=3'], 'Additional property replica is not allowed'],
    ['an unknown key deep inside', ['--set', 'services.auth.resources.limits.gpu=1'], 'Additional property gpu is not allowed'],
    ['a wrong type', ['--set-string', 'services.gateway.replicaCount=two'], 'replicaCount'],
    ['a negative replica count', ['--set', 'services.gateway.replicaCount=-1'], 'replicaCount'],
    ['a port out of range', ['--set', 'services.auth.healthPort=70000'], 'healthPort'],
    ['a value outside an enum', ['--set', 'image.pullPolicy=Sometimes'], 'pullPolicy'],
    ['a secret as a plain env literal', ['--set', 'services.gateway.env.JWT_SECRET=0123456789abcdef0123456789abcdef'], 'JWT_SECRET'],
    ['a password as a plain env literal', ['--set', 'services.auth.env.SMTP_PASSWORD=hunter2'], 'SMTP_PASSWORD'],
    ['credentials in the NATS URL', ['--set', 'externalNats.url=nats://user:pw@nats:4222'], 'externalNats.url'],
    ['a service without healthPort', ['--set-json', 'services.newservice={"uses":["nats"]}'], 'healthPort'],
  ])('values.schema.json rejects %s', (_what, args, message) => {
    const result = template(['-f', TEST_VALUES, ...args]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(message);
  });

  test('NOTES.txt tells how to reach the app and names every Secret that must exist', () => {
    // helm template does not print NOTES.txt: render it through a copy of the chart in which it is a template.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-notes-'));
    try {
      fs.cpSync(CHART, copy, { recursive: true });
      const notes = fs.readFileSync(path.join(copy, 'templates', 'NOTES.txt'), 'utf8');
      fs.rmSync(path.join(copy, 'templates', 'NOTES.txt'));
      fs.writeFileSync(path.join(copy, 'templates', '_preview_notes.tpl'), `{{- define "preview.notes" -}}\n${notes}\n{{- end -}}\n`);
      fs.writeFileSync(path.join(copy, 'templates', 'preview-notes.yaml'), 'notes: |\n{{ include "preview.notes" . | indent 2 }}\n');
      const show = (file: string) => {
        const r = runHelm(['template', RELEASE, copy, '--namespace', NAMESPACE, '-f', file, '--show-only', 'templates/preview-notes.yaml']);
        if (r.status !== 0) throw new Error(r.stderr);
        return parse(r.stdout).notes as string;
      };
      const minimalNotes = show(TEST_VALUES);
      expect(minimalNotes).toContain(`kubectl --namespace ${NAMESPACE} port-forward svc/${RELEASE}-reelsmith-gateway 8080:8080`);
      for (const secret of [
        testValues.auth.jwt.existingSecret,
        testValues.mediaUrl.existingSecret,
        testValues.externalDatabase.existingSecret,
        testValues.externalS3.existingSecret,
      ]) {
        expect(minimalNotes).toContain(`kubectl -n ${NAMESPACE} create secret generic ${secret} `);
      }
      expect(show(FULL_VALUES)).toContain('https://reelsmith.example.com/');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  test('values.schema.json is strict at every object level (additionalProperties false, or a typed map)', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(CHART, 'values.schema.json'), 'utf8'));
    const loose: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.type === 'object' || (Array.isArray(n.type) && n.type.includes('object'))) {
        const ap = n.additionalProperties;
        const typedMap = !!ap && typeof ap === 'object' && (ap as { type?: unknown }).type !== undefined;
        if (ap !== false && !typedMap) loose.push(at);
        if (ap === false && !n.properties) loose.push(`${at} (no properties)`);
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(schema, '#');
    expect(loose).toEqual([]);
    expect(schema.required).toEqual(expect.arrayContaining(['image', 'auth', 'externalDatabase', 'services', 'serviceDefaults']));
  });

  test('the media worker reads a Whisper model from a volume or the bucket, and none by default', () => {
    const worker = (objects: K8sObject[]) => byName(objects, 'Deployment', `${RELEASE}-reelsmith-media-worker`).spec.template.spec;
    const envOf = (pod: { containers: Array<{ env: Array<{ name: string; value?: string }> }> }) => pod.containers[0].env;
    const plain = worker(render(['-f', TEST_VALUES]));
    expect(envOf(plain).map((e) => e.name)).not.toEqual(expect.arrayContaining(['ASR_MODEL']));
    expect(plain.volumes.map((v: { name: string }) => v.name)).toEqual(['tmp']);

    const claimed = worker(
      render(['-f', TEST_VALUES, '--set-json', 'services.media-worker.asrModel={"existingClaim":"asr-models","path":"ggml-base.en.bin"}']),
    );
    expect(envOf(claimed)).toEqual(expect.arrayContaining([{ name: 'ASR_MODEL', value: '/models/ggml-base.en.bin' }]));
    expect(claimed.volumes).toEqual(expect.arrayContaining([{ name: 'asr-model', persistentVolumeClaim: { claimName: 'asr-models', readOnly: true } }]));
    expect(claimed.containers[0].volumeMounts).toEqual(expect.arrayContaining([{ name: 'asr-model', mountPath: '/models', readOnly: true }]));

    const fromBucket = worker(render(['-f', TEST_VALUES, '--set-json', 'services.media-worker.asrModel={"object":"models/ggml-base.en.bin"}']));
    expect(envOf(fromBucket)).toEqual(expect.arrayContaining([{ name: 'ASR_MODEL_OBJECT', value: 'models/ggml-base.en.bin' }]));
    expect(() => render(['-f', TEST_VALUES, '--set-json', 'services.media-worker.asrModel={"url":"https://example.com/model.bin"}'])).toThrow(
      /url|additional/i,
    );
  });

  test('a new service is one values entry: services.newservice renders its Deployment with its wiring', () => {
    const newService = ['--set-json', 'services.newservice={"healthPort":8104,"uses":["nats","database","mediaUrl","s3"]}'];
    const objects = render(['-f', TEST_VALUES, ...newService]);
    const d = byName(objects, 'Deployment', `${RELEASE}-reelsmith-newservice`);
    const [c] = d.spec.template.spec.containers;
    expect(c.args).toEqual(['newservice']);
    expect(c.env).toEqual(
      expect.arrayContaining([
        { name: 'HEALTH_PORT', value: '8104' },
        { name: 'NATS_URL', value: values.externalNats.url },
        { name: 'S3_ENDPOINT', value: testValues.externalS3.endpoint },
        { name: 'S3_BUCKET', value: 'reelsmith' },
        { name: 'S3_REGION', value: 'us-east-1' },
        { name: 'S3_SECRET_KEY', valueFrom: { secretKeyRef: { name: testValues.externalS3.existingSecret, key: 'secret-key' } } },
        { name: 'S3_ACCESS_KEY', valueFrom: { secretKeyRef: { name: testValues.externalS3.existingSecret, key: 'access-key' } } },
        { name: 'MEDIA_URL_SECRET', valueFrom: { secretKeyRef: { name: testValues.mediaUrl.existingSecret, key: 'media-url-secret' } } },
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: testValues.externalDatabase.existingSecret, key: 'database-url' } } },
      ]),
    );
    expect(c.env.map((e: { name: string }) => e.name)).not.toContain('JWT_SECRET');
    expect(c.resources).toEqual(values.serviceDefaults.resources);
    expect(byName(objects, 'Service', `${RELEASE}-reelsmith-newservice`).spec.ports).toEqual([
      { name: 'health', port: 8104, targetPort: 'health', protocol: 'TCP' },
    ]);
    for (const o of objects) expect(() => new (modelClass(o.apiVersion, o.kind))(o).validate()).not.toThrow();
  });
});
