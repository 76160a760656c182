// Regenerates proto/src/gen from the .proto contracts (buf + protoc-gen-es, offline).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'proto');
const buf = join(protoDir, '..', 'node_modules', '.bin', 'buf');

rmSync(join(protoDir, 'src', 'gen'), { recursive: true, force: true });
for (const args of [['lint'], ['generate']]) {
  const result = spawnSync(buf, args, { cwd: protoDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log('proto/src/gen regenerated');
