import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const WARM = join(__dirname, '..', '..', 'services', 'music', 'dist', 'warm-cache.js');

/**
 * Makes sure the local music cache holds every catalogue track before any service starts, so each
 * music service of the run (every startApp) only copies files into its fresh object store. Quick
 * when the cache is warm; the first run on a machine synthesises the catalogue here.
 */
export function warmMusicCache(): void {
  if (!existsSync(WARM)) return;
  execFileSync(process.execPath, [WARM], { stdio: 'inherit' });
}
