import { renameSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';

/**
 * Makes `file` through `make(tmp)` on a temporary path of this process, then renames it into place:
 * test files may run two at a time, and none may read a file another has half written.
 */
export function makeWhole(file: string, make: (tmp: string) => void): void {
  const tmp = `${file}.${process.pid}.tmp${extname(file)}`;
  make(tmp);
  renameSync(tmp, file);
}

/** Writes `file` whole or not at all. */
export function writeWhole(file: string, data: string | Uint8Array): void {
  makeWhole(file, (tmp) => writeFileSync(tmp, data));
}
