/**
 * The chart's operations side (issue 16), checked offline: the migration Job hook, KEDA and HPA
 * scaling, PodDisruptionBudgets, graceful stop, ServiceMonitors, the PrometheusRule and the Grafana
 * dashboard (whose metric names must be ones the services export), NetworkPolicies, the `helm test`
 * pod (its script run for real against local HTTP servers), and a new service such as
 * notifications or billing getting all of it from one values entry. Custom resources are validated
 * against the KEDA and Prometheus Operator models (crd-models.ts), core kinds with kubernetes-models.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '../../services/kit/src/metrics';
import { isCustomResource, validateCustomResources } from './crd-models';
import { byName, CHART, component, type K8sObject, NAMESPACE, ofKind, RELEASE, render, template, TEST_VALUES } from './chart';
import { REPO_ROOT } from './helm-binary';
import { requiredKeysFor } from './service-config';

const OPS_VALUES = path.join(CHART, 'ci', 'operations-values.yaml');
const NATS_MINIO_VALUES = path.join(CHART, 'examples', 'reelsmith-nats-cluster-minio.yaml');
const PREFIX = `${RELEASE}-reelsmith`;

const envOf = (c: { env: Array<{ name: string; value?: string }> }) => Object.fromEntries(c.env.map((e) => [e.name, e.value ?? 'secretKeyRef']));

function coreModel(apiVersion: string, kind: string): new (data: unknown) => { validate(): void } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is chosen by the manifest's apiVersion
  return (require(`kubernetes-models/${apiVersion}`) as Record<string, new (data: unknown) => { validate(): void }>)[kind];
}
/** Every object schema-valid: core kinds with kubernetes-models, KEDA and Prometheus Operator kinds with their models. */
function expectAllValid(objects: K8sObject[]) {
  const custom = objects.filter(isCustomResource);
  for (const o of objects.filter((x) => !isCustomResource(x))) {
    const Model = coreModel(o.apiVersion, o.kind);
    expect({ kind: o.kind, name: o.metadata.name, model: typeof Model }).toEqual({ kind: o.kind, name: o.metadata.name, model: 'function' });
    expect(() => new Model(o).validate()).not.toThrow();
  }
  expect(validateCustomResources(custom).filter((r) => r.error)).toEqual([]);
}

const values = parse(fs.readFileSync(path.join(CHART, 'values.yaml'), 'utf8'));
const DB_SERVICES = Object.keys(values.services)
  .filter((n) => values.services[n].uses.includes('database'))
  .sort();

/** The metric names the services export (histograms with their series suffixes), from kit's registry. */
function exportedMetricNames(): Set<string> {
  const names = new Set<string>();
  for (const m of metricsRegistry.getMetricsAsArray()) {
    const { name, type } = m as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
  }
  // Default process metrics (collectDefaultMetrics with the reelsmith_ prefix) the dashboard uses.
  for (const n of ['reelsmith_process_cpu_seconds_total', 'reelsmith_process_resident_memory_bytes', 'reelsmith_process_start_time_seconds']) names.add(n);
  return names;
}

describe('helm chart operations (scaling, migrations, monitoring, network policies, helm test)', () => {
  let minimal: K8sObject[];
  let ops: K8sObject[];

  beforeAll(() => {
    minimal = render(['-f', TEST_VALUES]);
    ops = render(['-f', OPS_VALUES]);
  });

  test('with autoscaling and monitoring on: ScaledObject, HPAs, PDBs, NetworkPolicies, ServiceMonitors, PrometheusRule and dashboard, all schema-valid', () => {
    const kinds = new Set(ops.map((o) => o.kind));
    for (const kind of [
      'ScaledObject',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'ServiceMonitor',
      'PrometheusRule',
      'ConfigMap',
      'Job',
      'Pod',
    ]) {
      expect({ kind, rendered: kinds.has(kind) }).toEqual({ kind, rendered: true });
    }
    expectAllValid(ops);
    expectAllValid(minimal);
    expectAllValid(render(['-f', NATS_MINIO_VALUES]));
    // The validators do reject broken objects.
    const brokenScaledObject = structuredClone(ofKind(ops, 'ScaledObject')[0]);
    brokenScaledObject.spec.minReplicaCount = 'one';
    const brokenMonitor = structuredClone(ofKind(ops, 'ServiceMonitor')[0]);
    brokenMonitor.spec.endpoints[0].honorLabels = 'yes';
    expect(validateCustomResources([brokenScaledObject, brokenMonitor]).map((r) => r.error)).toEqual([
      expect.stringContaining('minReplicaCount'),
      expect.stringContaining('honorLabels'),
    ]);
  });

  test('KEDA scales the media workers on the lag of exactly the durable consumers the worker pulls from', () => {
    const [so] = ofKind(ops, 'ScaledObject');
    const worker = byName(ops, 'Deployment', `${PREFIX}-media-worker`);
    expect(so.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: worker.metadata.name });
    expect(worker.spec.replicas).toBeUndefined();
    const runner = fs.readFileSync(path.join(REPO_ROOT, 'services', 'media', 'src', 'worker', 'job-runner.ts'), 'utf8');
    const durables = [...runner.matchAll(/durable: '([^']+)'/g)].map((m) => m[1]).sort();
    expect(durables.length).toBeGreaterThan(0);
    expect(so.spec.triggers.map((t: { metadata: { consumer: string } }) => t.metadata.consumer).sort()).toEqual(durables);
    for (const t of so.spec.triggers) {
      expect(t).toMatchObject({
        type: 'nats-jetstream',
        metadata: { natsServerMonitoringEndpoint: 'nats.messaging.svc:8222', account: '$G', stream: 'JOBS', lagThreshold: '1' },
      });
    }
    expect([so.spec.minReplicaCount, so.spec.maxReplicaCount]).toEqual([1, 8]);
    // Off by default; one scaler per Deployment; KEDA needs the monitoring endpoint.
    expect(ofKind(minimal, 'ScaledObject')).toEqual([]);
    const both = template(['-f', OPS_VALUES, '--set', 'services.media-worker.autoscaling.enabled=true']);
    expect(both.stderr).toContain('services.media-worker: autoscaling (HPA) and keda cannot both be enabled');
    const noEndpoint = template(['-f', TEST_VALUES, '--set', 'services.media-worker.keda.enabled=true']);
    expect(noEndpoint.stderr).toContain('services.media-worker.keda needs externalNats.monitoringEndpoint');
  });

  test('the gateway and the APIs scale on CPU (HPA bound to their Deployment), PDBs select their pods and never block a drain', () => {
    const hpas = ofKind(ops, 'HorizontalPodAutoscaler');
    expect(hpas.map(component).sort()).toEqual(['auth', 'batches', 'folders', 'gateway', 'media']);
    for (const hpa of hpas) {
      const d = byName(ops, 'Deployment', hpa.metadata.name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name });
      expect(d.spec.replicas).toBeUndefined();
      expect(hpa.spec.metrics).toContainEqual({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } });
      expect(hpa.spec.behavior.scaleDown.stabilizationWindowSeconds).toBe(300);
    }
    for (const pdb of ofKind(ops, 'PodDisruptionBudget')) {
      const d = byName(ops, 'Deployment', pdb.metadata.name);
      expect(pdb.spec.selector.matchLabels).toEqual(d.spec.selector.matchLabels);
    }
    const blocking = template(['-f', TEST_VALUES, '--set', 'services.music.pdb.enabled=true', '--set', 'services.music.pdb.minAvailable=1']);
    expect(blocking.stderr).toContain('services.music.pdb.minAvailable (1) is not below replicaCount (1)');
  });

  test('graceful stop: preStop pause for services behind a Service, and a grace period that covers the pause plus handing a running job back', () => {
    const jobsSource = fs.readFileSync(path.join(REPO_ROOT, 'services', 'kit', 'src', 'jobs.ts'), 'utf8');
    const stopSeconds = Number(/const STOP_SECONDS = (\d+);/.exec(jobsSource)?.[1]);
    expect(stopSeconds).toBeGreaterThan(0);
    for (const d of ofKind(minimal, 'Deployment')) {
      const spec = d.spec.template.spec;
      const [c] = spec.containers;
      const pause = c.lifecycle ? Number(c.lifecycle.preStop.exec.command[1]) : 0;
      if (component(d) === 'gateway') expect(c.lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
      expect({ name: component(d), enough: spec.terminationGracePeriodSeconds > pause + stopSeconds }).toEqual({ name: component(d), enough: true });
    }
    const worker = byName(minimal, 'Deployment', `${PREFIX}-media-worker`).spec.template.spec;
    expect(worker.containers[0].lifecycle).toBeUndefined();
    expect(worker.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);
    const tooShort = template(['-f', TEST_VALUES, '--set', 'services.gateway.terminationGracePeriodSeconds=10']);
    expect(tooShort.stderr).toContain('services.gateway.terminationGracePeriodSeconds (10) must exceed preStopSeconds + 15 (20)');
  });

  test('migrations run in one pre-install/pre-upgrade Job, one container per service with a database; replicas skip migrating', () => {
    const [job] = ofKind(minimal, 'Job');
    expect(job.metadata.annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    // Before install the chart's ServiceAccount does not exist yet.
    expect(pod.serviceAccountName).toBeUndefined();
    const containers = [...(pod.initContainers ?? []), ...pod.containers];
    expect(containers.map((c: { args: string[] }) => c.args[0]).sort()).toEqual(DB_SERVICES);
    for (const c of containers) {
      const name = c.args[0];
      const env = envOf(c);
      expect({ name, mode: env.DATABASE_MIGRATIONS }).toEqual({ name, mode: 'only' });
      for (const key of requiredKeysFor(name)) expect({ name, key, set: key in env }).toEqual({ name, key, set: true });
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    }
    for (const d of ofKind(minimal, 'Deployment')) {
      const env = envOf(d.spec.template.spec.containers[0]);
      expect({ name: component(d), mode: env.DATABASE_MIGRATIONS }).toEqual({
        name: component(d),
        mode: DB_SERVICES.includes(component(d)) ? 'skip' : undefined,
      });
    }
    // Off: no Job, and every replica migrates at start as before.
    const off = render(['-f', TEST_VALUES, '--set', 'migrations.enabled=false']);
    expect(ofKind(off, 'Job')).toEqual([]);
    for (const d of ofKind(off, 'Deployment')) expect(envOf(d.spec.template.spec.containers[0]).DATABASE_MIGRATIONS).toBeUndefined();
    // The setting is the chart's: a service's env may not override it.
    expect(template(['-f', TEST_VALUES, '--set', 'services.auth.env.DATABASE_MIGRATIONS=start']).status).not.toBe(0);
  });

  test('a NATS cluster example: streams with 3 replicas (JETSTREAM_REPLICAS) and the MinIO bucket', () => {
    const objects = render(['-f', NATS_MINIO_VALUES]);
    for (const d of ofKind(objects, 'Deployment')) {
      const env = envOf(d.spec.template.spec.containers[0]);
      expect({ name: component(d), nats: env.NATS_URL, replicas: env.JETSTREAM_REPLICAS }).toEqual({
        name: component(d),
        nats: 'nats://nats.messaging.svc:4222',
        replicas: '3',
      });
      if ('S3_ENDPOINT' in env) expect([env.S3_ENDPOINT, env.S3_BUCKET]).toEqual(['http://minio.storage.svc:9000', 'reelsmith']);
    }
    const nats = parse(fs.readFileSync(path.join(CHART, 'examples', 'nats-cluster.values.yaml'), 'utf8'));
    expect(nats.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(nats.config.jetstream.enabled).toBe(true);
    expect(nats.config.monitor.port).toBe(8222);
    const minio = parse(fs.readFileSync(path.join(CHART, 'examples', 'minio.values.yaml'), 'utf8'));
    expect(minio.buckets.map((b: { name: string }) => b.name)).toEqual([parse(fs.readFileSync(NATS_MINIO_VALUES, 'utf8')).externalS3.bucket]);
  });

  test('a ServiceMonitor per service scrapes /metrics on the port its Service names, keeping the service label', () => {
    const monitors = ofKind(ops, 'ServiceMonitor');
    expect(monitors.map(component).sort()).toEqual(Object.keys(values.services).sort());
    for (const m of monitors) {
      const svc = byName(ops, 'Service', m.metadata.name);
      expect(m.metadata.labels.release).toBe('kube-prometheus-stack');
      for (const [k, v] of Object.entries(m.spec.selector.matchLabels)) expect(svc.metadata.labels[k]).toBe(v);
      expect(m.spec.endpoints).toEqual([expect.objectContaining({ path: '/metrics', honorLabels: true })]);
      expect(svc.spec.ports.map((p: { name: string }) => p.name)).toContain(m.spec.endpoints[0].port);
    }
  });

  test('the alerts and the dashboard read only metrics the services export, scoped to the release namespace', () => {
    const exported = exportedMetricNames();
    const [rule] = ofKind(ops, 'PrometheusRule');
    const alerts = rule.spec.groups.flatMap((g: { rules: Array<{ alert: string; expr: string }> }) => g.rules);
    expect(new Set(alerts.map((a: { alert: string }) => a.alert))).toEqual(
      new Set(['ReelsmithJobQueueGrowing', 'ReelsmithJobFailureRate', 'ReelsmithHttp5xxRate', 'ReelsmithNoReadyReplica', 'ReelsmithNoReadyWorker']),
    );
    const noReadyWorker = alerts.filter((a: { alert: string }) => a.alert === 'ReelsmithNoReadyWorker');
    expect(noReadyWorker.map((a: { expr: string }) => a.expr)).toEqual([expect.stringContaining(`deployment="${PREFIX}-media-worker"`)]);
    const [dashboardMap] = ofKind(ops, 'ConfigMap');
    expect(dashboardMap.metadata.labels.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse(dashboardMap.data['reelsmith.json']);
    const panelExprs: string[] = dashboard.panels.flatMap((p: { targets: Array<{ expr: string }> }) => p.targets.map((t) => t.expr));
    expect(panelExprs.length).toBeGreaterThanOrEqual(10);
    const used = (exprs: string[]) => [...new Set(exprs.flatMap((e) => e.match(/reelsmith_[a-z_]+/g) ?? []))];
    const alertExprs = alerts.map((a: { expr: string }) => a.expr);
    for (const name of [...used(alertExprs), ...used(panelExprs)]) expect({ name, exported: exported.has(name) }).toEqual({ name, exported: true });
    for (const name of [
      'reelsmith_jobs_queued',
      'reelsmith_jobs_running',
      'reelsmith_jobs_total',
      'reelsmith_job_duration_seconds_bucket',
      'reelsmith_media_seconds_per_video_minute_bucket',
      'reelsmith_http_request_duration_seconds_bucket',
      'reelsmith_mails_total',
      'reelsmith_webhook_events_total',
    ]) {
      expect({ name, onDashboard: used(panelExprs).includes(name) }).toEqual({ name, onDashboard: true });
    }
    for (const e of alertExprs.filter((x: string) => x.includes('reelsmith_'))) expect(e).toContain(`namespace="${NAMESPACE}"`);
  });

  test('NetworkPolicies: only the gateway takes ingress traffic; services reach DNS and what they use; the test pod reaches health ports', () => {
    const policies = ofKind(ops, 'NetworkPolicy');
    const opsValues = parse(fs.readFileSync(OPS_VALUES, 'utf8'));
    const ports = (rule: { ports: Array<{ port: number | string }> }) => rule.ports.map((p) => p.port);
    for (const name of Object.keys(values.services)) {
      const p = byName(policies, 'NetworkPolicy', `${PREFIX}-${name}`);
      const d = byName(ops, 'Deployment', `${PREFIX}-${name}`);
      expect(p.spec.podSelector.matchLabels).toEqual(d.spec.selector.matchLabels);
      expect(p.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const ingressPorts = p.spec.ingress.flatMap(ports);
      expect({ name, ingressPorts }).toEqual({ name, ingressPorts: name === 'gateway' ? ['http', 'health'] : ['health'] });
      if (name === 'gateway') expect(p.spec.ingress[0].from).toEqual(opsValues.networkPolicy.ingressFrom);
      const health = p.spec.ingress.find((r: { ports: Array<{ port: string }> }) => r.ports[0].port === 'health');
      expect(health.from).toEqual([
        ...opsValues.networkPolicy.metricsFrom,
        { podSelector: { matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'test' }) } },
      ]);
      const uses: string[] = values.services[name].uses;
      // Its own extra destinations (notifications: smtp, billing: stripe) come after DNS and what it uses.
      const egress: string[] = values.services[name].egress ?? [];
      const portsOf = (dest: string) => opsValues.networkPolicy.egress[dest]?.ports ?? values.networkPolicy.egress[dest].ports;
      const expected = [
        [53, 53],
        ...[...['nats', 'database', 's3'].filter((u) => uses.includes(u)), ...egress].map((u) => portsOf(u).map((x: { port: number }) => x.port)),
      ];
      expect({ name, egress: p.spec.egress.map(ports) }).toEqual({ name, egress: expected });
      // Only a service that sends mail reaches an SMTP port.
      if (!egress.includes('smtp')) expect(p.spec.egress.flatMap(ports)).not.toContain(587);
    }
    const migrations = byName(policies, 'NetworkPolicy', `${PREFIX}-migrations`);
    expect(migrations.spec.egress.map(ports)).toEqual([[53, 53], [5432]]);
    expect(migrations.spec.ingress).toEqual([]);
  });

  test("helm test: a pod asks every service's /readyz through its Service, and its script fails naming a service that is not ready", async () => {
    const [pod] = ofKind(minimal, 'Pod');
    expect(pod.metadata.annotations['helm.sh/hook']).toBe('test');
    const [c] = pod.spec.containers;
    const urls: string[] = JSON.parse(c.env.find((e: { name: string }) => e.name === 'READYZ_URLS').value);
    const expected = ofKind(minimal, 'Service').map((s) => {
      const health = s.spec.ports.find((p: { name: string }) => p.name === 'health') ?? s.spec.ports[0];
      return `http://${s.metadata.name}:${health.port}/readyz`;
    });
    expect(urls.sort()).toEqual(expected.sort());
    expect(c.command).toEqual(['node', '-e']);

    // The script itself, against two local servers: one ready, one not.
    const servers = await Promise.all(
      [200, 503].map(
        (status) =>
          new Promise<http.Server>((resolve) => {
            const server = http.createServer((req, res) => {
              res.statusCode = req.url === '/readyz' ? status : 404;
              res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'unavailable' }));
            });
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    try {
      const [ready, unready] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/readyz`);
      const run = (list: string[]) =>
        new Promise<{ status: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['-e', c.args[0]], { env: { READYZ_URLS: JSON.stringify(list) } });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d));
          child.stderr.on('data', (d: Buffer) => (out += d));
          child.on('exit', (status: number | null) => resolve({ status, out }));
        });
      const good = await run([ready]);
      expect(good).toEqual({ status: 0, out: expect.stringContaining('all 1 services ready') });
      const bad = await run([ready, unready]);
      expect(bad.status).toBe(1);
      expect(bad.out).toContain(`not ready: ${unready}`);
    } finally {
      for (const s of servers) s.close();
    }
  });

  test('a new service (notifications, billing) is one values entry: Deployment, Service, HPA, PDB, NetworkPolicy with its SMTP/Stripe egress, ServiceMonitor, alert, migration and readyz check', () => {
    const objects = render([
      '-f',
      OPS_VALUES,
      '--set-json',
      'services.notifications={"healthPort":8107,"uses":["nats","database"],"egress":["smtp"],"secretEnv":{"SMTP_URL":{"secretName":"reelsmith-smtp","key":"smtp-url"}},"autoscaling":{"enabled":true},"pdb":{"enabled":true,"maxUnavailable":1}}',
      '--set-json',
      'services.billing={"healthPort":8108,"uses":["nats","database"],"egress":["stripe"],"secretEnv":{"STRIPE_SECRET_KEY":{"secretName":"reelsmith-stripe","key":"secret-key"},"STRIPE_WEBHOOK_SECRET":{"secretName":"reelsmith-stripe","key":"webhook-secret"}}}',
    ]);
    for (const [name, port, secret] of [
      ['notifications', 587, 'SMTP_URL'],
      ['billing', 443, 'STRIPE_SECRET_KEY'],
    ] as const) {
      const full = `${PREFIX}-${name}`;
      const d = byName(objects, 'Deployment', full);
      const [c] = d.spec.template.spec.containers;
      expect(c.args).toEqual([name]);
      expect(c.env).toContainEqual(
        expect.objectContaining({
          name: secret,
          valueFrom: { secretKeyRef: expect.objectContaining({ name: expect.stringMatching(/^reelsmith-(smtp|stripe)$/) }) },
        }),
      );
      expect(envOf(c).DATABASE_MIGRATIONS).toBe('skip');
      byName(objects, 'Service', full);
      byName(objects, 'ServiceMonitor', full);
      const policy = byName(objects, 'NetworkPolicy', full);
      expect(policy.spec.ingress.flatMap((r: { ports: Array<{ port: string }> }) => r.ports.map((p) => p.port))).toEqual(['health']);
      expect(policy.spec.egress.flatMap((r: { ports: Array<{ port: number }> }) => r.ports.map((p) => p.port))).toContain(port);
      const job = ofKind(objects, 'Job')[0].spec.template.spec;
      const migrator = [...job.initContainers, ...job.containers].find((x: { args: string[] }) => x.args[0] === name);
      expect(envOf(migrator)).toMatchObject({ DATABASE_MIGRATIONS: 'only', [secret]: 'secretKeyRef' });
      expect(ofKind(objects, 'Pod')[0].spec.containers[0].env[0].value).toContain(`http://${full}:`);
      expect(
        ofKind(objects, 'PrometheusRule')[0]
          .spec.groups.flatMap((g: { rules: Array<{ expr: string }> }) => g.rules)
          .some((r: { expr: string }) => r.expr.includes(`deployment="${full}"`)),
      ).toBe(true);
    }
    byName(objects, 'HorizontalPodAutoscaler', `${PREFIX}-notifications`);
    byName(objects, 'PodDisruptionBudget', `${PREFIX}-notifications`);
    // SMTP only for notifications, Stripe's 443 only where asked (or S3 on 443).
    const egressPorts = (name: string) =>
      byName(objects, 'NetworkPolicy', `${PREFIX}-${name}`).spec.egress.flatMap((r: { ports: Array<{ port: number }> }) => r.ports.map((p) => p.port));
    expect(egressPorts('billing')).not.toContain(587);
    expect(egressPorts('notifications')).not.toContain(443);
    expectAllValid(objects);
  });

  test('every process the image runs (services/*/src/main.ts, worker.ts) is an entry of the chart and a compose service', () => {
    const servicesDir = path.join(REPO_ROOT, 'services');
    const processes = fs
      .readdirSync(servicesDir)
      .flatMap((dir) => [
        ...(fs.existsSync(path.join(servicesDir, dir, 'src', 'main.ts')) ? [dir] : []),
        ...(fs.existsSync(path.join(servicesDir, dir, 'src', 'worker.ts')) ? [`${dir}-worker`] : []),
      ])
      .sort();
    expect(processes).toEqual(expect.arrayContaining(['auth', 'gateway', 'media', 'media-worker']));
    const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
    for (const name of processes) {
      expect({ name, inChart: name in values.services, inCompose: name in compose.services }).toEqual({ name, inChart: true, inCompose: true });
    }
  });

  test.each([
    ['an unknown key in metrics', ['--set', 'metrics.serviceMonitor.scrapeEvery=30s'], 'scrapeEvery'],
    ["an unknown key in a service's keda", ['--set', 'services.media-worker.keda.queue=JOBS'], 'queue'],
    ['an egress destination that does not exist', ['--set-json', 'services.auth.egress=["ftp"]'], 'egress'],
    ['JETSTREAM_REPLICAS as a service env', ['--set', 'services.auth.env.JETSTREAM_REPLICAS=3'], 'JETSTREAM_REPLICAS'],
    ['a malformed scrape interval', ['--set', 'metrics.serviceMonitor.interval=soon'], 'interval'],
    ['jetstream replicas above 5', ['--set', 'externalNats.jetstreamReplicas=7'], 'jetstreamReplicas'],
  ])('values.schema.json rejects %s', (_what, args, message) => {
    const result = template(['-f', TEST_VALUES, ...args]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(message);
  });
});
