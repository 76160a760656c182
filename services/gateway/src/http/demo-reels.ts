import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DEMO_REELS_MANIFEST, DEMO_REELS_PATH } from '@reelsmith/proto/http';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * The sample reels (scripts/lib/demo-reels.cjs makes them into `dir`): index.json, the MP4s (with
 * Range requests) and their posters. Until the first reel is made, or without a folder, index.json
 * is an empty list: the web then shows its still panel, and no page logs a 404.
 */
export function mountDemoReels(app: NestExpressApplication, dir: string): void {
  const files = dir
    ? express.static(dir, { index: false, fallthrough: false, setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=3600') })
    : null;
  app.use(DEMO_REELS_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === `/${DEMO_REELS_MANIFEST}`) {
      res.setHeader('Cache-Control', 'no-cache');
      // Sent relative to `dir`: npm start's folder is under .data, and send refuses a path with a dot segment.
      if (dir && existsSync(join(dir, DEMO_REELS_MANIFEST)))
        return res.sendFile(DEMO_REELS_MANIFEST, { root: dir, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      return res.json([]);
    }
    if (!files || req.path.includes('.part.')) return res.status(404).end();
    return files(req, res, next);
  });
}
