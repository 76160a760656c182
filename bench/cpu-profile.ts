import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '~/')
    .replace(/^.*\/(services|proto)\//, '$1/');

/** The functions with the most self time in a .cpuprofile, and the share of the profile each took. */
export function topSelfTime(file: string, count = 20): Array<{ name: string; where: string; ms: number; share: number }> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of byNode) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = byFunction.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const total = [...byFunction.values()].reduce((sum, f) => sum + f.us, 0);
  return [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: f.us / total }));
}

/** Self time summed by package (node_modules/<pkg>), service source, or V8/node internals. */
export function selfTimeByPackage(file: string, count = 12): Array<{ name: string; share: number }> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { url, functionName } = nodes.get(id)!.callFrame;
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      /\/(services\/[^/]+|proto)\//.exec(url)?.[1] ??
      (url.startsWith('node:') ? 'node internals' : url ? url : `(${functionName || 'native'})`);
    const us = profile.timeDeltas[i] ?? 0;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    total += us;
  });
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, share: us / total }));
}
