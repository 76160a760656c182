import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A service whose configured directory cannot be made stops at once and says which setting is wrong. */
describe('configured directories at start', () => {
  const base = mkdtempSync(join(tmpdir(), 'reelsmith-startdirs-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('the media worker refuses a WORK_DIR it cannot create, naming it', () => {
    const blocker = join(base, 'not-a-folder');
    writeFileSync(blocker, 'a file where a folder should be');
    const result = spawnSync(process.execPath, ['services/media/dist/worker.js'], {
      env: { ...process.env, WORK_DIR: join(blocker, 'work'), HEALTH_PORT: '0', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /media-worker failed to start: Invalid configuration: WORK_DIR=\S*not-a-folder\/work cannot be created or written \(ENOTDIR\)/,
    );
  });
});
