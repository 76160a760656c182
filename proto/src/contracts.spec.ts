import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const protoDir = join(__dirname, '..');
const root = join(protoDir, '..');
const buf = join(root, 'node_modules', '.bin', 'buf');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function git(...args: string[]): string | undefined {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

describe('proto contracts', () => {
  it('pass buf lint', () => {
    expect(() => execFileSync(buf, ['lint'], { cwd: protoDir, stdio: 'pipe' })).not.toThrow();
  });

  it('match the generated TypeScript (run `npm run proto:gen` after changing a .proto)', () => {
    const out = mkdtempSync(join(tmpdir(), 'reelsmith-proto-'));
    try {
      execFileSync(buf, ['generate', '--output', out], { cwd: protoDir, stdio: 'pipe' });
      const fresh = filesUnder(join(out, 'src', 'gen')).map((f) => [relative(out, f), readFileSync(f, 'utf8')]);
      const committed = filesUnder(join(protoDir, 'src', 'gen')).map((f) => [relative(protoDir, f), readFileSync(f, 'utf8')]);
      expect(committed.sort()).toEqual(fresh.sort());
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('change only compatibly: no breaking change against the previous commit or main', () => {
    const onMain = git('rev-parse', '--abbrev-ref', 'HEAD') === 'main';
    const base = onMain ? (git('rev-parse', '--verify', '--quiet', 'HEAD~1') ?? 'HEAD') : (git('merge-base', 'HEAD', 'main') ?? 'HEAD');
    const hasProtoAtBase = git('cat-file', '-e', `${base}:proto/buf.yaml`) !== undefined;
    const against = hasProtoAtBase ? `${root}/.git#ref=${base},subdir=proto` : protoDir;
    const result = spawnSync(buf, ['breaking', '--against', against], { cwd: protoDir, encoding: 'utf8' });
    expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({ status: 0, output: '' });
  });
});
