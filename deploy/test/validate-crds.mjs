// Validates custom resources (KEDA, Prometheus Operator) with the generated models of
// @kubernetes-models/keda and @kubernetes-models/prometheus-operator, which ship only as ES modules:
// jest (CommonJS) runs this file in a child node process (see crd-models.ts).
// stdin: JSON array of objects; stdout: JSON array of {kind, name, error} (error null when valid).
const PACKAGES = {
  'keda.sh': '@kubernetes-models/keda',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
for (const object of JSON.parse(input)) {
  const [group, version] = object.apiVersion.split('/');
  const pkg = PACKAGES[group];
  let error = null;
  try {
    if (!pkg) throw new Error(`no model package for ${object.apiVersion}`);
    const mod = await import(`${pkg}/${group}/${version}/${object.kind}`);
    const Model = mod[object.kind];
    if (typeof Model !== 'function') throw new Error(`${pkg} has no ${object.apiVersion} ${object.kind}`);
    new Model(object).validate();
  } catch (err) {
    error = err.message;
  }
  results.push({ kind: object.kind, name: object.metadata?.name, error });
}
process.stdout.write(JSON.stringify(results));
