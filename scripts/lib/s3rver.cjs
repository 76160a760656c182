// A development S3 endpoint (s3rver) with the Reelsmith bucket and CORS for browser uploads.
// Data lives in S3RVER_DIR; serves /readyz like the services so the launcher can wait for it.
const fs = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');
const { replaceObjectsAtomically } = require('./s3rver-atomic.cjs');

const port = Number(process.env.S3RVER_PORT ?? 4569);
const directory = process.env.S3RVER_DIR ?? path.join(__dirname, '..', '..', '.data', 's3');
const bucket = process.env.S3_BUCKET ?? 'reelsmith';
fs.mkdirSync(directory, { recursive: true });
replaceObjectsAtomically();

const server = new S3rver({
  address: '127.0.0.1',
  port,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [fs.readFileSync(path.join(__dirname, 's3rver-cors.xml'))] }],
});

server.run().then(
  () => console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), msg: `S3 (s3rver) on http://127.0.0.1:${port}, bucket ${bucket}` })),
  (err) => {
    console.error(`s3rver could not start: ${err.message}`);
    process.exit(1);
  },
);

const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
