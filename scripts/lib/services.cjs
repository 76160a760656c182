// The processes that make up Reelsmith, in start order. One place to add a service.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/** @type {Array<{name: string, entry: string, port: number, portEnv: string}>} */
const SERVICES = [
  { name: 'auth', entry: 'services/auth/dist/main.js', port: 8101, portEnv: 'HEALTH_PORT' },
  { name: 'gateway', entry: 'services/gateway/dist/main.js', port: 8080, portEnv: 'PORT' },
];

module.exports = { root, SERVICES };
