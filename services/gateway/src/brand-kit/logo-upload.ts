import { PayloadTooLargeException } from '@nestjs/common';
import { RpcFailure } from '@reelsmith/kit';
import { LOGO_MAX_BYTES, logoKind } from '@reelsmith/proto/http';
import type { Request } from 'express';

const TOO_LARGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`;
const NOT_AN_IMAGE = 'The logo must be a PNG or SVG image';

/**
 * The body of POST /api/user/brand-kit/logo: the image's bytes as they are (Content-Type image/png or
 * image/svg+xml), at most LOGO_MAX_BYTES, held in memory. A larger body is read to its end and dropped
 * (so the client gets the 413 instead of a broken pipe); a body whose first bytes are neither a PNG nor
 * an SVG is a 400. The media service checks the whole image again.
 */
export async function receiveLogo(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (req.readableEnded || (req.body !== undefined && !Buffer.isBuffer(req.body) && Object.keys(req.body as object).length > 0)) {
    throw RpcFailure.invalid(`${NOT_AN_IMAGE}, sent as the request body (Content-Type image/png or image/svg+xml)`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = declared > LOGO_MAX_BYTES;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  if (tooLarge) throw new PayloadTooLargeException(TOO_LARGE);
  const body = Buffer.concat(chunks);
  if (body.length === 0) throw RpcFailure.invalid(`${NOT_AN_IMAGE}; the request body was empty`);
  if (logoKind(body) === null) throw RpcFailure.invalid(NOT_AN_IMAGE);
  return body;
}
