// Docker HEALTHCHECK for the Reelsmith image: node only (the runtime image has no curl).
// Asks http://127.0.0.1:<port><path> and exits 0 on a 2xx answer, 1 otherwise.
//   HEALTHCHECK_URL   full URL, overrides everything below
//   HEALTH_PORT       the service's health port (auth: 8101); else PORT (gateway: 8080); else 8080
//   HEALTHCHECK_PATH  default /readyz (ready to serve: dependents in compose start after it)
'use strict';
const http = require('node:http');

const port = process.env.HEALTH_PORT || process.env.PORT || '8080';
const url = process.env.HEALTHCHECK_URL || `http://127.0.0.1:${port}${process.env.HEALTHCHECK_PATH || '/readyz'}`;

const req = http.get(url, { timeout: 4000 }, (res) => {
  res.resume();
  process.exit(res.statusCode >= 200 && res.statusCode < 300 ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error('timeout')));
req.on('error', (err) => {
  console.error(`healthcheck ${url}: ${err.message}`);
  process.exit(1);
});
