import type { ObjectStorage } from '@reelsmith/kit';
import type { Request, Response } from 'express';
import { parseByteRange } from '../videos/byte-range';

/** Answers with an object's bytes from storage, honouring Range (206/416) and HEAD. */
export async function sendObject(
  storage: ObjectStorage,
  object: { key: string; size: number; contentType: string; cacheControl: string },
  req: Request,
  res: Response,
): Promise<void> {
  const { key, size, contentType } = object;
  const range = parseByteRange(req.headers.range, size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', object.cacheControl);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${size}`);
    res.end();
    return;
  }
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200).setHeader('Content-Length', String(size));
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const body = await storage.read(key, range ?? undefined);
  res.on('close', () => body.destroy());
  body.on('error', () => res.destroy());
  body.pipe(res);
}
