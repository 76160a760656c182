import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * In any spelling: /API/videos is no page, and no route either (routes match case-sensitively).
 * /r/{token} is the gateway's own server-rendered share page, not the web app's.
 */
const NOT_SPA = /^\/(api|objects|music|healthz|readyz|metrics|r)(\/|$)/i;

/**
 * Serves the built web app: hashed assets cached for a year, index.html and /sw.js always revalidated,
 * and index.html for every other page path so client-side routes survive a reload.
 */
export function mountSpa(app: NestExpressApplication, webDist: string): boolean {
  const indexHtml = join(webDist, 'index.html');
  if (!webDist || !existsSync(indexHtml)) return false;

  const files = express.static(webDist, {
    index: false,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(webDist, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The build's .br/.gz copies of its JS and CSS (web/vite.config.ts), listed once.
  const assetsDir = join(webDist, 'assets');
  const compressed = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => /\.(br|gz)$/.test(name)) : []);
  const precompressed = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const name = req.path.slice('/assets/'.length);
    const encoding = req.acceptsEncodings('br', 'gzip');
    res.vary('Accept-Encoding');
    const file = encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : null;
    if (!file || name.includes('/') || !compressed.has(file)) return next();
    res.setHeader('Content-Encoding', encoding as string);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(extname(name));
    res.sendFile(file, { root: assetsDir, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  };
  // Mounted before the API routes: without this test every API call would first look for a file
  // of its path on disk (a stat on the thread pool per request).
  app.use((req: Request, res: Response, next: NextFunction) => (NOT_SPA.test(req.path) ? next() : precompressed(req, res, () => files(req, res, next))));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(req.path) && req.accepts('html') === 'html';
    if (!wantsPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}
