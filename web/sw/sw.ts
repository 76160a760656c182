/// <reference lib="webworker" />
/*
 * Reelsmith's offline worker, built with Workbox (vite-plugin-pwa, injectManifest) and served at /sw.js.
 *
 * - The app shell (index.html, the built JS/CSS, icons, the web manifest, offline.html) is precached.
 * - Pages: network first (a deploy shows at once); offline or too slow, the precached shell, which
 *   keeps a signed-in user's app with an offline notice; offline.html if even that is missing.
 * - Thumbnails and music previews are cached at run time (thumbnails by path, whatever signature
 *   their URL carries; music as whole files, served in the ranges an <audio> asks for).
 * - Never cached: the rest of /api/*, video and reel streams and downloads, /objects/*, non-GETs.
 * - A new worker waits until the page asks it to take over ('A new version is available - Reload').
 * - Share target: a video shared to the installed app (POST /share-target) is kept in a cache and
 *   the upload dialog opens with it (/upload?shared=1).
 */
import { cacheNames, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { createPartialResponse } from 'workbox-range-requests';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

setCacheNameDetails({ prefix: 'reelsmith', suffix: 'v2' });

const THUMBNAILS = 'reelsmith-thumbnails';
const MUSIC = 'reelsmith-music';
const SHARE = 'reelsmith-share';
const SHARED_FILE_URL = '/shared-video';
const OFFLINE_PAGE = '/offline.html';
const LEGACY_CACHES = ['reelsmith-shell-v1'];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: the network first, the precached shell when offline (client-side routes need it).
const shell = createHandlerBoundToURL('/index.html');
const pages = new NetworkFirst({ cacheName: 'reelsmith-pages', networkTimeoutSeconds: 4, plugins: [new CacheableResponsePlugin({ statuses: [200] })] });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options);
        // A gateway that is down or restarting answers 5xx: the shell is more useful.
        if (response && response.status < 500) return response;
      } catch {
        // offline
      }
      return shell(options);
    },
    { denylist: [/^\/api\//, /^\/objects\//, /^\/music\//, /^\/share-target/] },
  ),
);

// Thumbnails: signed URLs change hourly; the cache keeps one copy per video, keyed by its path.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/videos\/[^/]+\/thumbnail$/.test(url.pathname),
  new CacheFirst({
    cacheName: THUMBNAILS,
    matchOptions: { ignoreSearch: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
      { cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname },
    ],
  }),
);

// Music previews: whole files (a few hundred KB), then any range the player asks for.
const musicExpiration = new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true });
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/music/'),
  async ({ request, event }) => {
    const cache = await caches.open(MUSIC);
    const key = new URL(request.url).pathname;
    let full = await cache.match(key);
    if (!full) {
      const response = await fetch(key, { credentials: 'same-origin' });
      if (response.status !== 200) return response;
      (event as ExtendableEvent).waitUntil(
        cache
          .put(key, response.clone())
          .then(() => musicExpiration.cacheDidUpdate?.({ cacheName: MUSIC, request: new Request(key), event, state: {} } as never)),
      );
      full = response;
    }
    return request.headers.has('range') ? createPartialResponse(request, full) : full;
  },
);

// A video shared to the installed app from the phone's gallery.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      try {
        const form = await event.request.formData();
        const file = [...form.values()].find((value): value is File => value instanceof File && value.size > 0);
        if (file) {
          const cache = await caches.open(SHARE);
          await cache.put(
            SHARED_FILE_URL,
            new Response(file, { headers: { 'content-type': file.type || 'video/mp4', 'x-file-name': encodeURIComponent(file.name) } }),
          );
          return Response.redirect('/upload?shared=1', 303);
        }
      } catch {
        // An unreadable share opens the upload dialog empty.
      }
      return Response.redirect('/upload', 303);
    })(),
  );
});

// Anything else that fails while offline: the offline page for pages, an error otherwise.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' || request.destination === 'document') {
    const page = await caches.match(OFFLINE_PAGE, { cacheName: cacheNames.precache, ignoreSearch: true });
    if (page) return page;
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(LEGACY_CACHES.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});
