// The sample reels of /demo and the sign-in page, made by the engine from generated footage.
// `node scripts/lib/demo-reels.cjs <dir>` makes the missing ones into <dir> (after `npm run build`);
// npm start runs it in the background (startInBackground) and the gateway serves <dir> at /demo-reels.
const { spawn } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { mkdtemp, rm } = require('node:fs/promises');
const { setPriority, tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const DEFAULT_MUSIC_CACHE = path.join(root, 'node_modules', '.cache', 'reelsmith-music');

function readManifest(dir) {
  try {
    const entries = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
    return Array.isArray(entries) ? entries : [];
  } catch {
    return [];
  }
}

/** The reels already in <dir> (listed and on disk), by slug. */
function madeReels(dir) {
  const made = readManifest(dir).filter((e) => existsSync(path.join(dir, `${e.slug}.mp4`)) && existsSync(path.join(dir, `${e.slug}.jpg`)));
  return new Map(made.map((e) => [e.slug, e]));
}

/**
 * Makes every sample reel missing from <dir>, one at a time, listing each in index.json as soon as
 * it is there. `scale` shortens the footage (tests).
 */
async function makeDemoReels(dir, { scale = 1, frame, musicCacheDir = process.env.MUSIC_CACHE_DIR || DEFAULT_MUSIC_CACHE, log = console.log } = {}) {
  const { DEMO_REELS, makeDemoReel, writeManifest } = require(path.join(root, 'services/media/dist/demo-reels/demo-reels.js'));
  const { catalogueTrackFile } = require(path.join(root, 'services/music/dist/track-file.js'));
  const made = madeReels(dir);
  const work = await mkdtemp(path.join(tmpdir(), 'reelsmith-demo-reels-'));
  try {
    for (const spec of DEMO_REELS) {
      if (made.has(spec.slug)) continue;
      const started = Date.now();
      const music = await catalogueTrackFile(spec.track, musicCacheDir);
      made.set(spec.slug, await makeDemoReel(spec, { outDir: dir, workDir: work, music, scale, frame }));
      await writeManifest(
        dir,
        DEMO_REELS.filter((s) => made.has(s.slug)).map((s) => made.get(s.slug)),
      );
      log(`made ${spec.slug} (${made.get(spec.slug).durationSeconds} s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * npm start: makes the missing reels in a child process at low priority while the app serves (the
 * page shows a drawn panel until each is listed). Null when every reel is there; else `stop()`
 * ends the child and its ffmpeg runs (a process group of their own).
 */
function startInBackground(dir, log) {
  const { DEMO_REELS } = require(path.join(root, 'services/media/dist/demo-reels/catalogue.js'));
  const made = madeReels(dir);
  if (DEMO_REELS.every((s) => made.has(s.slug))) return null;
  log(`making ${DEMO_REELS.length - made.size} sample reels in the background into ${path.relative(root, dir)}`);
  const child = spawn(process.execPath, [__filename, dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  try {
    setPriority(child.pid, 10);
  } catch {
    // Not allowed here: it runs at normal priority.
  }
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => chunk.split('\n').filter(Boolean).forEach(log));
  }
  return {
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}

module.exports = { makeDemoReels, startInBackground };

if (require.main === module) {
  require('reflect-metadata'); // the engine's classes carry Nest decorators
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/lib/demo-reels.cjs <dir>');
    process.exit(2);
  }
  makeDemoReels(path.resolve(dir)).catch((err) => {
    console.error(`sample reels not made: ${err.stack ?? err.message}`);
    process.exit(1);
  });
}
