import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { mountDemoReels } from './demo-reels';

/** An Express app with only the sample reels mounted on `dir`, listening on a free port. */
async function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const app = express();
  mountDemoReels(app as unknown as NestExpressApplication, dir);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/demo-reels`, close: () => server.close() };
}

describe('/demo-reels', () => {
  let dir: string;
  let home: string;
  beforeEach(() => {
    // Where npm start keeps them: under .data (a dot segment, which send refuses in a whole path).
    home = mkdtempSync(join(tmpdir(), 'reelsmith-demo-reels-'));
    dir = join(home, '.data', 'demo-reels');
    mkdirSync(dir, { recursive: true });
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('lists no reel (200, JSON) while none is made, or without a folder; any other file is a 404', async () => {
    for (const folder of [dir, '']) {
      const { url, close } = await serve(folder);
      const res = await fetch(`${url}/index.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.json()).toEqual([]);
      expect((await fetch(`${url}/generated-match.mp4`)).status).toBe(404);
      close();
    }
  });

  it('serves the manifest, the reels with Range requests and their posters, never a reel still being written', async () => {
    const entries = [{ slug: 'a', video: '/demo-reels/a.mp4' }];
    writeFileSync(join(dir, 'index.json'), JSON.stringify(entries));
    writeFileSync(join(dir, 'a.mp4'), Buffer.alloc(1000, 1));
    writeFileSync(join(dir, 'a.jpg'), Buffer.alloc(10, 2));
    writeFileSync(join(dir, 'b.part.mp4'), Buffer.alloc(10, 3));
    const { url, close } = await serve(dir);
    try {
      const manifest = await fetch(`${url}/index.json`);
      expect(manifest.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await manifest.json()).toEqual(entries);

      const part = await fetch(`${url}/a.mp4`, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe('video/mp4');
      expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
      expect((await part.arrayBuffer()).byteLength).toBe(100);

      expect((await fetch(`${url}/a.jpg`)).headers.get('content-type')).toBe('image/jpeg');
      expect((await fetch(`${url}/b.part.mp4`)).status).toBe(404);
    } finally {
      close();
    }
  });
});
