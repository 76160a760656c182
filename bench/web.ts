import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * `npm run bench -- --only=web`: Lighthouse (npm `lighthouse`, Debian's /usr/bin/chromium) on the
 * sign-in page, the dashboard, /mobile and the other signed-in screens with the mobile and desktop profiles: performance,
 * accessibility and best-practices scores, and the JavaScript a first visit loads (gzip bytes as
 * the gateway sends them to a gzip-only client, and what the browser actually received).
 * Each run gets a fresh browser (no worker, no cache: a first visit). Phones are redirected to
 * /mobile, so the dashboard with the mobile profile lands there; the table says where each run ended.
 * Lighthouse's scores move from run to run on a busy machine: BENCH_WEB_RUNS=n measures each page
 * and profile n times and reports the run of median performance (every run's score in brackets).
 * BENCH_WEB_PAGES=sign-in,dashboard,/mobile,/videos,/editor,/demo,/pricing,/settings,/bulk-upload picks pages, BENCH_WEB_PROFILES=mobile a profile; BENCH_WEB_SCRIPTS=1 lists each script's
 * size; BENCH_WEB_JSON=<dir> keeps each reported Lighthouse result (<page>-<profile>.json) to read its audits.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ESM-only packages, loaded without the CommonJS rewrite the bench's TypeScript gets.
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

type LighthouseResult = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } }>;
};

/** Bytes of a URL as the gateway sends it to a client that accepts gzip only. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

async function setToken(port: number, baseUrl: string, token: string): Promise<void> {
  // A same-origin page that is not the app (no worker registered, nothing cached): the JSON of /healthz.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate((t) => localStorage.setItem('reelsmith.authToken', t), token);
  await page.close();
}

/** One Lighthouse run in a fresh browser (a first visit): signed in when given a token. */
async function lighthouseRunner(baseUrl: string) {
  const { default: lighthouse } = await importEsm<{ default: (url: string, flags: object, config?: object) => Promise<{ lhr: LighthouseResult }> }>(
    'lighthouse',
  );
  const { default: desktopConfig } = await importEsm<{ default: object }>('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await importEsm<{ launch(options: object): Promise<{ port: number; kill(): Promise<void> | void }> }>('chrome-launcher');
  return async (url: string, profile: 'mobile' | 'desktop', token: string | null): Promise<LighthouseResult> => {
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      if (token) await setToken(chrome.port, baseUrl, token);
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keeps the token set above; the browser is new, so nothing else is stored.
        disableStorageReset: !!token,
      };
      return (await lighthouse(url, flags, profile === 'desktop' ? desktopConfig : undefined)).lhr;
    } finally {
      await chrome.kill();
    }
  };
}

export async function webBench(baseUrl: string, token: string): Promise<void> {
  const measure = await lighthouseRunner(baseUrl);
  const pages = [
    { name: 'sign-in', path: '/', signedIn: false },
    { name: 'dashboard', path: '/', signedIn: true },
    { name: '/mobile', path: '/mobile', signedIn: true },
    // The other signed-in screens (accessibility above all; the first three are the performance goals).
    ...['/videos', '/editor', '/demo', '/pricing', '/settings', '/bulk-upload'].map((path) => ({ name: path, path, signedIn: true })),
  ];
  console.log('\n== Web app: Lighthouse (first visit, fresh browser each run) ==');
  const widths = [11, 8, 16, 6, 6, 6, 10, 10, 7, 7, 7];
  const line = (cells: string[], note = '') => console.log(cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ') + note);
  line(['page', 'profile', 'landed on', 'perf', 'a11y', 'b-p', 'JS gzip', 'JS recv', 'FCP s', 'LCP s', 'TBT ms']);
  // BENCH_WEB_RUNS=n: each page and profile n times, the run of median performance reported.
  const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS) || 1);
  const only = process.env.BENCH_WEB_PAGES?.split(',');
  const profiles = (['mobile', 'desktop'] as const).filter((p) => !process.env.BENCH_WEB_PROFILES || process.env.BENCH_WEB_PROFILES.split(',').includes(p));
  for (const { name, path, signedIn } of pages.filter((p) => !only || only.includes(p.name))) {
    for (const profile of profiles) {
      const results: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++) results.push(await measure(`${baseUrl}${path}`, profile, signedIn ? token : null));
      // A run Lighthouse could not measure (its scores are null) is said, not counted as a 0.
      const failed = results.filter((r) => typeof r.categories.performance?.score !== 'number');
      for (const r of failed)
        console.log(`  ${name} ${profile}: a run Lighthouse could not measure: ${r.runtimeError?.code ?? 'no score'} ${r.runtimeError?.message ?? ''}`);
      const measured = results.filter((r) => !failed.includes(r)).sort((a, b) => a.categories.performance.score! - b.categories.performance.score!);
      const lhr = measured[Math.floor(measured.length / 2)] ?? results[0];
      const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script' && r.url.startsWith(baseUrl));
      const received = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const gzip = (await Promise.all(scripts.map((r) => gzipBytes(r.url)))).reduce((a, b) => a + b, 0);
      const seconds = (id: string) => ((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(1);
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        return typeof value === 'number' ? String(Math.round(value * 100)) : 'n/a';
      };
      if (process.env.BENCH_WEB_JSON) {
        mkdirSync(process.env.BENCH_WEB_JSON, { recursive: true });
        writeFileSync(join(process.env.BENCH_WEB_JSON, `${name.replace(/\W/g, '') || 'root'}-${profile}.json`), JSON.stringify(lhr, null, 1));
      }
      if (process.env.BENCH_WEB_SCRIPTS) {
        const sizes = await Promise.all(scripts.map(async (r) => `${((await gzipBytes(r.url)) / 1024).toFixed(1)} KB ${new URL(r.url).pathname}`));
        console.log(sizes.map((l) => `    ${l}`).join('\n'));
      }
      const spread =
        runs > 1
          ? ` (${measured.map((r) => Math.round(r.categories.performance.score! * 100)).join(' ')}${failed.length ? `; ${failed.length} not measured` : ''})`
          : '';
      line(
        [
          name,
          profile,
          new URL(lhr.finalDisplayedUrl).pathname,
          score('performance'),
          score('accessibility'),
          score('best-practices'),
          `${(gzip / 1024).toFixed(1)} KB`,
          `${(received / 1024).toFixed(1)} KB`,
          seconds('first-contentful-paint'),
          seconds('largest-contentful-paint'),
          String(Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)),
        ],
        spread,
      );
    }
  }
  console.log(
    "(perf/a11y/b-p: Lighthouse scores 0-100; JS gzip: every script of the first visit as gzip; JS recv: what Chromium received, headers included; FCP/LCP/TBT: Lighthouse's simulated first paint, largest paint and blocking time)",
  );
}
