import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes dist/asset-manifest.json: the files of this build that make up the app shell.
 * public/sw.js reads it to precache the shell on install and to drop stale assets later.
 * (Vite's own manifest lives in dist/.vite/, which static servers usually refuse to serve.)
 */
function shellManifest(): Plugin {
  return {
    name: 'reelsmith-shell-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.values(bundle)
        .map((file) => file.fileName)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort()
        .map((name) => `/${name}`);
      const version = hash(assets.join('\n'));
      this.emitFile({
        type: 'asset',
        fileName: 'asset-manifest.json',
        source: `${JSON.stringify({ version, assets }, null, 2)}\n`,
      });
    },
  };
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), shellManifest()],
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
      output: {
        // Long-lived vendor chunks: an app deploy does not invalidate them in the offline cache.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) {
            return 'react';
          }
          if (id.includes('@tanstack')) return 'query';
          if (id.includes('@radix-ui') || id.includes('@floating-ui') || /node_modules\/(aria-hidden|react-remove-scroll[^/]*|use-callback-ref|use-sidecar|tslib|detect-node-es|get-nonce)\//.test(id)) {
            return 'radix';
          }
          return 'vendor';
        },
      },
    },
  },
});
