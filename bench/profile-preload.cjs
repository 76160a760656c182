// Loaded into a service with NODE_OPTIONS=--require (bench only): the first SIGWINCH starts V8's CPU
// profiler, the second writes <CPU_PROFILE_DIR>/<name>-<pid>.cpuprofile. `node --cpu-prof` writes
// only on a normal exit, and Nest's shutdown re-raises SIGTERM, so it would never write; this also
// profiles just the measured window. (Not SIGUSR2: Nest's shutdown hooks stop the app on it.)
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const session = new Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    const name = path.basename(process.argv[1] ?? 'node', '.js');
    const dir = process.env.CPU_PROFILE_DIR ?? '.';
    writeFileSync(
      path.join(dir, `${path.basename(path.dirname(path.dirname(process.argv[1])))}-${name}-${process.pid}.cpuprofile`),
      JSON.stringify(result.profile),
    );
  });
});
