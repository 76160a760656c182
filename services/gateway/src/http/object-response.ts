import type { ObjectStorage } from '@reelsmith/kit';
import type { Request, Response } from 'express';
import { parseByteRange } from '../videos/byte-range';

/** Players and <img> show it in place; links save it. */
export interface Disposition {
  type: 'inline' | 'attachment';
  filename: string;
}

/**
 * Media never runs as a page of the app's origin, whatever its bytes are: no type sniffing, and a
 * sandbox with nothing allowed when a browser opens it as a document.
 */
export const MEDIA_CSP = "sandbox; default-src 'none'";

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'image/png': 'png',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/mp2t': 'ts',
  'image/jpeg': 'jpg',
  'audio/mpeg': 'mp3',
};

/** A file name for inline media from our own words: `<label>.<extension of the media type>`. */
export function inlineName(label: string, contentType: string): string {
  return `${label}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** RFC 6266 header that keeps non-ASCII names intact and lets nothing else through. */
export function contentDisposition({ type, filename }: Disposition): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Answers with an object's bytes from storage, honouring Range (206/416) and HEAD. */
export async function sendObject(
  storage: ObjectStorage,
  object: { key: string; size: number; contentType: string; cacheControl: string; disposition: Disposition },
  req: Request,
  res: Response,
): Promise<void> {
  const { key, size, contentType } = object;
  const range = parseByteRange(req.headers.range, size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', object.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  res.setHeader('Content-Disposition', contentDisposition(object.disposition));
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
