import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { basename } from 'node:path';
import { PassThrough, Readable } from 'node:stream';

export interface PartFile {
  path: string;
  filename?: string;
  contentType?: string;
  field?: string;
}

/**
 * A multipart/form-data body read from disk part by part (never whole in memory), with its exact
 * length, as a browser sends a form with several files.
 */
export function multipartBody(files: PartFile[]): { contentType: string; length: number; stream: () => Readable } {
  const boundary = `----reelsmith${randomBytes(12).toString('hex')}`;
  const head = (f: PartFile) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'videos'}"; filename="${f.filename ?? basename(f.path)}"\r\nContent-Type: ${f.contentType ?? 'video/mp4'}\r\n\r\n`,
    );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = files.reduce((sum, f) => sum + head(f).length + statSync(f.path).size + 2, 0) + tail.length;
  const stream = () => {
    const out = new PassThrough();
    void (async () => {
      for (const f of files) {
        out.write(head(f));
        for await (const chunk of createReadStream(f.path)) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
        out.write('\r\n');
      }
      out.end(tail);
    })().catch((err) => out.destroy(err));
    return out;
  };
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, stream };
}

/** POSTs the files to the gateway's bulk route; the answer's status and JSON. */
export function postBulk(url: string, token: string, files: PartFile[]): Promise<{ status: number; json: any; text: string }> {
  const body = multipartBody(files);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, 'content-length': String(body.length) } },
      (res) => {
        void readAnswer(res).then(resolve, reject);
      },
    );
    req.on('error', reject);
    body.stream().pipe(req);
  });
}

/** A raw node:http answer's status, text and JSON (undefined when the body is not JSON). */
export async function readAnswer(res: IncomingMessage): Promise<{ status: number; text: string; json: any }> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode ?? 0, text, json };
}
