/**
 * Schema validation of the custom resources the chart renders (KEDA ScaledObject, Prometheus
 * Operator ServiceMonitor and PrometheusRule), offline, with the models of
 * @kubernetes-models/keda and @kubernetes-models/prometheus-operator (generated from the CRDs'
 * OpenAPI schemas). They are ES modules only, so a child node process validates (validate-crds.mjs).
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './helm-binary';

export const CRD_GROUPS = ['keda.sh', 'monitoring.coreos.com'];
export const isCustomResource = (o: { apiVersion: string }) => CRD_GROUPS.includes(o.apiVersion.split('/')[0]);

export interface CrdValidation {
  kind: string;
  name: string;
  error: string | null;
}

export function validateCustomResources(objects: unknown[]): CrdValidation[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'validate-crds.mjs')], {
    cwd: REPO_ROOT,
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(out) as CrdValidation[];
}
