import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';
import { z } from 'zod';

/** Object storage settings, shared by every service that touches the bucket. */
export const storageConfigSchema = z.object({
  S3_ENDPOINT: z.string().url(),
  /** The address browsers use for presigned uploads; defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_BUCKET: z.string().min(3).default('reelsmith'),
  S3_REGION: z.string().default('us-east-1'),
  /**
   * 'false' only for the development s3rver, which lacks the multipart listing the client starts
   * big uploads with: files are then sent as one streamed PUT (S3 takes up to 5 GB that way).
   */
  S3_MULTIPART: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Part size of streamed uploads of unknown length (minio would otherwise pick ~550 MB parts). */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

function clientFor(endpoint: string, config: StorageConfig, partSize?: number): Minio.Client {
  const url = new URL(endpoint);
  return new Minio.Client({
    ...(partSize ? { partSize } : {}),
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
  });
}

const isMissing = (err: unknown) => ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes((err as { code?: string }).code ?? '');

/** The one bucket of Reelsmith, over the S3 API (MinIO, s3rver in development, any S3). */
export class ObjectStorage {
  private readonly client: Minio.Client;
  /** For streams of unknown length: parts of a fixed, small size, so memory stays flat. */
  private readonly streamClient: Minio.Client;
  /** Signs URLs for the public address; signing needs no network call because the region is set. */
  private readonly publicClient: Minio.Client;
  readonly bucket: string;
  private readonly multipart: boolean;

  constructor(config: StorageConfig) {
    this.client = clientFor(config.S3_ENDPOINT, config);
    this.streamClient = clientFor(config.S3_ENDPOINT, config, STREAM_PART_BYTES);
    this.publicClient = clientFor(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT, config);
    this.bucket = config.S3_BUCKET;
    this.multipart = config.S3_MULTIPART;
  }

  async ensureBucket(region: string): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, region);
  }

  presignedPutUrl(key: string, expirySeconds: number): Promise<string> {
    return this.publicClient.presignedPutObject(this.bucket, key, expirySeconds);
  }

  /** A URL for ffmpeg on the server side to read (HTTP range requests included). */
  presignedGetUrl(key: string, expirySeconds: number): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, expirySeconds);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { size: stat.size, contentType: String(stat.metaData?.['content-type'] ?? 'application/octet-stream') };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The bytes from start to end inclusive (or the whole object). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return range ? this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1) : this.client.getObject(this.bucket, key);
  }

  /** A JSON object the services keep (analyses, transcripts), parsed; null when there is none. One request. */
  async readJson<T>(key: string): Promise<T | null> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.client.getObject(this.bucket, key)) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const stream = await this.client.getPartialObject(this.bucket, key, 0, bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async writeFile(key: string, filePath: string, contentType: string): Promise<void> {
    if (this.multipart) {
      await this.client.fPutObject(this.bucket, key, filePath, { 'Content-Type': contentType });
      return;
    }
    const { size } = await stat(filePath);
    await this.putThroughUrl(key, createReadStream(filePath), { 'content-length': String(size), 'content-type': contentType });
  }

  /**
   * Stores a stream of unknown length as it arrives (never whole in memory or on disk): multipart
   * with 8 MB parts on MinIO/S3, one chunked PUT on the development s3rver. Resolves with the
   * number of bytes stored.
   */
  async writeStream(key: string, body: Readable, contentType: string): Promise<number> {
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    // A body that fails (a multipart part its client cut off) fails the write. Heard here from the
    // start: the clients below listen late (the PUT, once signed) or only to their own streams
    // (minio's multipart upload), and an error nobody hears ends the whole process.
    const bodyFailed = new Promise<never>((_, reject) => {
      body.once('error', reject);
      counter.once('error', reject);
    });
    body.on('error', (err) => counter.destroy(err));
    body.pipe(counter);
    const upload = this.multipart
      ? this.streamClient.putObject(this.bucket, key, counter, undefined, { 'Content-Type': contentType })
      : this.putThroughUrl(key, counter, { 'transfer-encoding': 'chunked', 'content-type': contentType });
    await Promise.race([upload, bodyFailed]);
    return bytes;
  }

  /** One PUT through a presigned URL: the development s3rver has no multipart upload. */
  private async putThroughUrl(key: string, body: Readable, headers: Record<string, string>): Promise<void> {
    const url = new URL(await this.client.presignedPutObject(this.bucket, key, 3600));
    if (body.errored) throw body.errored;
    await new Promise<void>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, { method: 'PUT', headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`storage answered ${res.statusCode} for ${key}`))));
      });
      req.on('error', reject);
      body.on('error', (err) => {
        req.destroy(err);
        reject(err);
      });
      body.pipe(req);
    });
  }

  /**
   * A server-side copy (S3 CopyObject: the bytes never pass through this process; up to 5 GB).
   * False when the source does not exist.
   */
  async copy(sourceKey: string, targetKey: string): Promise<boolean> {
    try {
      await this.client.copyObject(
        new Minio.CopySourceOptions({ Bucket: this.bucket, Object: sourceKey }),
        new Minio.CopyDestinationOptions({ Bucket: this.bucket, Object: targetKey }),
      );
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async downloadFile(key: string, filePath: string): Promise<void> {
    await pipeline(await this.client.getObject(this.bucket, key), createWriteStream(filePath));
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) await this.client.removeObject(this.bucket, key);
  }
}
