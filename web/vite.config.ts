import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { renderIcons } from './build/icons';

/**
 * The PNG icons of the web manifest and the apple-touch-icon, drawn at build time (build/icons.ts)
 * and served by the dev server too. They land in dist/ before the worker's precache list is made.
 */
function pngIcons(): Plugin {
  let icons: ReturnType<typeof renderIcons> | undefined;
  const all = () => (icons ??= renderIcons());
  return {
    name: 'reelsmith-png-icons',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = all().find((i) => req.url === `/${i.path}`);
        if (!icon) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(icon.png);
      });
    },
    generateBundle() {
      for (const { path, png } of all()) this.emitFile({ type: 'asset', fileName: path, source: png });
    },
  };
}

/**
 * Writes .br and .gz copies of the built JS and CSS beside them; the gateway sends one of those to
 * a browser that accepts it (services/gateway/src/http/spa.ts), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reelsmith-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const body = readFileSync(join(assets, name));
        if (body.length < 1024) continue;
        writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * index.html preloads the app's bootstrap chunk: main.tsx imports it dynamically (so a failing
 * start still shows the error screen), which would otherwise cost a round trip after main's own.
 */
function preloadBootstrap(): Plugin {
  return {
    name: 'reelsmith-preload-bootstrap',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bootstrap = Object.values(ctx.bundle ?? {}).find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith('/src/app/bootstrap.tsx')));
        return bootstrap ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${bootstrap.fileName}` }, injectTo: 'head' }] : [];
      },
    },
  };
}

const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    pngIcons(),
    precompress(),
    preloadBootstrap(),
    // The offline worker (web/sw/sw.ts) with Workbox; the manifest is public/manifest.webmanifest
    // and the page registers /sw.js itself (src/app/pwa.ts), so the plugin injects nothing.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['index.html', 'offline.html', 'offline.js', 'assets/*.{js,css}', 'icons/*.{png,svg}', 'manifest.webmanifest'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/objects': { target: gateway, changeOrigin: true },
      '/music': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      // Lazy routes share many tiny modules (icons, small helpers): merged into bigger chunks, a
      // first visit makes a handful of requests instead of dozens.
      output: { experimentalMinChunkSize: 8 * 1024 },
    },
  },
});
