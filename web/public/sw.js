/*
 * Reelsmith offline worker (served by the gateway at /sw.js).
 *
 * - Install: precache the app shell: index.html plus every built asset listed in
 *   /asset-manifest.json (written by vite.config.ts at build time).
 * - Navigations: network first (so a deploy is picked up at once); the cached index.html is the
 *   offline fallback, also used when the network is too slow to answer.
 * - /assets/* (content-hashed, immutable): cache first, cached as they are fetched.
 * - Other same-origin static files (icons, web manifest): stale while revalidate.
 * - Never cached: /api/*, media (/objects/*, /music/*, audio/video requests, range requests),
 *   anything cross-origin and anything that is not a GET.
 */
const CACHE_PREFIX = 'reelsmith-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-v1`;
const MANIFEST_URL = '/asset-manifest.json';
const INDEX_URL = '/index.html';
const STATIC_FILES = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/maskable.svg'];
const NAVIGATION_TIMEOUT_MS = 4000;
const REFRESH_INTERVAL_MS = 60 * 1000;

const NEVER_CACHE = [/^\/api(\/|$)/, /^\/objects\//, /^\/music\//, /^\/sw\.js$/, /^\/asset-manifest\.json$/];

let lastRefresh = 0;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // index.html is required: without it there is no offline fallback, so fail the install.
      await cache.add(new Request(INDEX_URL, { cache: 'reload' }));
      await syncAssets(cache);
      await Promise.all(STATIC_FILES.map((url) => addQuietly(cache, url)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHE.some((pattern) => pattern.test(url.pathname))) return;
  if (request.headers.has('range')) return;
  if (request.destination === 'video' || request.destination === 'audio') return;

  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(staleWhileRevalidate(event));
  }
});

async function handleNavigation(event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(INDEX_URL);
  const network = (async () => {
    const preloaded = await event.preloadResponse;
    const response = preloaded || (await fetch(event.request));
    if (response.ok && isHtml(response)) {
      await cache.put(INDEX_URL, response.clone());
      event.waitUntil(refreshShell(cache));
    }
    return response;
  })();
  event.waitUntil(network.catch(() => undefined));

  if (!cached) return network;
  try {
    const response = await withTimeout(network, NAVIGATION_TIMEOUT_MS);
    // A gateway that is down or restarting answers 5xx: the cached shell is more useful.
    return response.status >= 500 ? cached : response;
  } catch {
    return cached;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
  }
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(event.request);
  const network = fetch(event.request).then(async (response) => {
    if (response.ok && response.type === 'basic') {
      await cache.put(event.request, response.clone());
    }
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

/** After a deploy: fetch the new asset list, add what is missing, drop assets no longer built. */
async function refreshShell(cache) {
  const now = Date.now();
  if (now - lastRefresh < REFRESH_INTERVAL_MS) return;
  lastRefresh = now;
  try {
    await syncAssets(cache);
  } catch {
    // Offline or no manifest: keep what is cached.
  }
}

async function syncAssets(cache) {
  const manifest = await fetchManifest();
  if (!manifest) return;
  const wanted = new Set(manifest.assets);
  const cachedRequests = await cache.keys();
  const cachedPaths = new Set();
  await Promise.all(
    cachedRequests.map(async (request) => {
      const path = new URL(request.url).pathname;
      if (!path.startsWith('/assets/')) return;
      if (wanted.has(path)) cachedPaths.add(path);
      else await cache.delete(request);
    }),
  );
  await Promise.all(manifest.assets.filter((path) => !cachedPaths.has(path)).map((path) => addQuietly(cache, path)));
}

async function fetchManifest() {
  try {
    const response = await fetch(MANIFEST_URL, { cache: 'no-store' });
    if (!response.ok) return null;
    const manifest = await response.json();
    return manifest && Array.isArray(manifest.assets) ? manifest : null;
  } catch {
    return null;
  }
}

async function addQuietly(cache, url) {
  try {
    await cache.add(new Request(url, { cache: 'reload' }));
  } catch {
    // One missing file must not break the worker; it is fetched again on first use.
  }
}

function isHtml(response) {
  return (response.headers.get('content-type') || '').includes('text/html');
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
