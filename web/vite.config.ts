import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

type IndexHtmlBundle = Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle'];

/** The built chunks, the chunk holding a module, and every chunk a set of chunks loads (their static imports). */
function chunkGraph(bundle: IndexHtmlBundle) {
  const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const owner = (suffix: string) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));
  const closure = (start: string[], into = new Set<string>()) => {
    for (const name of start) {
      if (into.has(name)) continue;
      into.add(name);
      closure(byName.get(name)?.imports ?? [], into);
    }
    return into;
  };
  // What index.html loads by itself: the entry and its imports.
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  return { owner, closure, entry };
}

/**
 * index.html preloads the app's bootstrap chunk and the chunks it imports (React): main.tsx imports
 * them dynamically (so a failing start still shows the error screen), which would otherwise cost a
 * round trip after main's own.
 */
function preloadBootstrap(): Plugin {
  return {
    name: 'reelsmith-preload-bootstrap',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { owner, closure, entry } = chunkGraph(ctx.bundle);
        const bootstrap = owner('/src/app/bootstrap.tsx');
        if (!bootstrap) return [];
        const files = [...closure([bootstrap.fileName])].filter((file) => !entry.has(file)).reverse();
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * index.html lists the chunks of each signed-in first screen (the phone app, the dashboard, My
 * Videos, any other desktop page: the layout) as JSON; main.tsx preloads the list of the screen it
 * is about to show (src/app/start-screen.ts), so they load beside the app's own chunk instead of
 * after it. Chunks the app's own chunk already imports are left out.
 */
function startChunks(): Plugin {
  const screens: Record<string, string[]> = {
    mobile: ['/src/features/mobile/MobileApp.tsx'],
    dashboard: ['/src/features/layout/components/AppLayout.tsx', '/src/features/dashboard/DashboardPage.tsx'],
    library: ['/src/features/layout/components/AppLayout.tsx', '/src/features/videos/VideosPage.tsx'],
    page: ['/src/features/layout/components/AppLayout.tsx'],
  };
  return {
    name: 'reelsmith-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { owner, closure, entry } = chunkGraph(ctx.bundle);
        const bootstrap = owner('/src/app/bootstrap.tsx');
        const loaded = closure(bootstrap ? [bootstrap.fileName] : [], new Set(entry));
        const lists: Record<string, string[]> = {};
        for (const [screen, modules] of Object.entries(screens)) {
          const own = modules
            .map(owner)
            .filter((chunk) => chunk !== undefined)
            .map((chunk) => chunk.fileName);
          if (own.length !== modules.length) this.error(`start chunks: no chunk holds every module of ${screen}`);
          lists[screen] = [...closure(own)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
        }
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'start-chunks' }, children: JSON.stringify(lists), injectTo: 'head' }];
      },
    },
  };
}

type ModuleInfo = { importedIds: readonly string[]; code: string | null };
type ManualChunks = (id: string, api: { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => ModuleInfo | null }) => string | undefined;

const LUCIDE_BARREL = '/lucide-react/dist/esm/lucide-react.js';

/**
 * Chunks by hand, so that a first screen makes a few requests rather than a dozen of a few hundred
 * bytes each:
 * - `start`: what the entry (main.tsx) needs; `react`: React and React DOM, which main.tsx loads and
 *   runs first, in a task of their own; `app`: the app's own chunk (bootstrap.tsx and all it imports
 *   beyond React: the router, react-query, the sign-in page);
 * - `shell`: what the phone app and the desktop layout + dashboard need beyond `app`, icons included,
 *   and the live connection they open once they are up;
 * - `desktop`: what the desktop layout + dashboard share with other routes;
 * - `icons`: every other icon the lazy pages use (a few hundred bytes each, one request for all).
 * Icons are traced through lucide-react's index by name (importing the index reaches every icon).
 * The rest is Rollup's own split by lazy route.
 */
function chunkGroups(): ManualChunks {
  let groups: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!groups) {
      const ids = [...getModuleIds()];
      const barrel = ids.find((m) => m.endsWith(LUCIDE_BARREL));
      // lucide-react's exported names -> the icon's module.
      const iconOf = new Map<string, string>();
      for (const [, names, file] of ((barrel && getModuleInfo(barrel)?.code) ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g)) {
        const icon = join(dirname(barrel!), file);
        for (const name of names.split(','))
          iconOf.set(
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
            icon,
          );
      }
      const iconsOf = (m: string) => {
        const icons: string[] = [];
        for (const [, names] of (getModuleInfo(m)?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
          for (const name of names.split(',')) {
            const icon = iconOf.get(name.trim().split(/\s+as\s+/)[0]);
            if (icon) icons.push(icon);
          }
        }
        return icons;
      };
      const reach = (...suffixes: string[]) => {
        const seen = new Set<string>();
        const stack = suffixes.map((suffix) => ids.find((m) => m.endsWith(suffix))).filter((m) => m !== undefined);
        while (stack.length) {
          const m = stack.pop()!;
          if (seen.has(m)) continue;
          seen.add(m);
          for (const dep of getModuleInfo(m)?.importedIds ?? []) stack.push(...(dep === barrel ? iconsOf(m) : [dep]));
        }
        return seen;
      };
      const entry = reach('/src/main.tsx');
      const core = reach('/src/main.tsx', '/src/app/bootstrap.tsx');
      const react = reach('/src/app/react-runtime.ts', '/node_modules/react/jsx-runtime.js');
      const mobile = reach('/src/features/mobile/MobileApp.tsx');
      const desktopShells = ['/src/features/layout/components/AppLayout.tsx', '/src/features/dashboard/DashboardPage.tsx'];
      const desktop = reach(...desktopShells);
      // Every signed-in screen opens the live connection once it is up.
      const live = reach('/src/features/videos/live/LiveUpdates.tsx');
      const usedIcons = new Set(ids.flatMap(iconsOf));
      // Imported from outside the desktop start (other routes, lazy parts): Rollup would give it a chunk of its own.
      const importers = new Map<string, string[]>();
      for (const m of ids) for (const dep of getModuleInfo(m)?.importedIds ?? []) importers.set(dep, [...(importers.get(dep) ?? []), m]);
      const sharedBeyond = (m: string) => (importers.get(m) ?? []).some((i) => !desktop.has(i));
      groups = new Map();
      for (const m of ids) {
        if (core.has(m)) groups.set(m, entry.has(m) ? 'start' : react.has(m) ? 'react' : 'app');
        else if ((mobile.has(m) && desktop.has(m)) || live.has(m)) groups.set(m, 'shell');
        else if (usedIcons.has(m)) groups.set(m, mobile.has(m) || desktop.has(m) ? 'shell' : 'icons');
        else if (desktop.has(m) && !desktopShells.some((s) => m.endsWith(s)) && sharedBeyond(m)) groups.set(m, 'desktop');
      }
    }
    return groups.get(id);
  };
}

const FEATURE_INDEX = /\/src\/features\/[^/]+\/index\.tsx?$/;

/**
 * Another feature is imported through its index.ts only (its public API; web/src/features/
 * boundaries.spec.ts). In the build, such an import is pointed at the modules that hold the
 * imported names: the module graph has no barrels, so chunkGroups() and Rollup's manual chunks
 * (which take in every static import of their modules) do not see a screen that imports one name
 * of a feature reach all that feature exports. An index re-exports with `export { a, type B } from`
 * only; an import it cannot map is left as it is.
 */
function featureIndexes(): Plugin {
  const exportsOf = new Map<string, Map<string, { file: string; name: string }>>();
  const file = (base: string) => ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f));
  const exported = (index: string) => {
    let names = exportsOf.get(index);
    if (names) return names;
    names = new Map();
    for (const [, list, from] of readFileSync(index, 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
      for (const part of list
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))) {
        const [name, alias = name] = part.split(/\s+as\s+/);
        const source = file(join(dirname(index), from));
        if (source) names.set(alias, { file: source, name });
      }
    }
    exportsOf.set(index, names);
    return names;
  };
  return {
    name: 'reelsmith-feature-indexes',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/') || FEATURE_INDEX.test(id)) return null;
      let changed = false;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*(['"])(\.[^'"]*)\2;?/g, (statement, list: string, _quote, specifier: string) => {
        const index = file(join(dirname(id), specifier));
        if (!index || !FEATURE_INDEX.test(index)) return statement;
        const names = exported(index);
        const byFile = new Map<string, string[]>();
        for (const part of list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)) {
          const [name, local = name] = part.split(/\s+as\s+/);
          const source = names.get(name);
          if (!source) return statement;
          byFile.set(source.file, [...(byFile.get(source.file) ?? []), source.name === local ? local : `${source.name} as ${local}`]);
        }
        changed = true;
        return [...byFile]
          .map(([f, locals]) => `import { ${locals.join(', ')} } from ${JSON.stringify(relative(dirname(id), f).replace(/^(?!\.)/, './'))};`)
          .join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    featureIndexes(),
    pngIcons(),
    precompress(),
    preloadBootstrap(),
    startChunks(),
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
  resolve: {
    // What the app takes from the contracts at run time (@reelsmith/proto/http/settings) comes from
    // their TypeScript source, as in the unit tests (jest.config.js): the package's build is CommonJS.
    alias: [{ find: /^@reelsmith\/proto\/(.+)$/, replacement: join(fileURLToPath(new URL('../proto/src', import.meta.url)), '$1') }],
  },
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
      output: { manualChunks: chunkGroups() },
    },
  },
});
