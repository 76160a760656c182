import { fileURLToPath } from 'node:url';
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

const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    pngIcons(),
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
  },
});
