import * as Minio from 'minio';

/** The bucket every service of a test stack uses. */
export const TEST_BUCKET = 'reelsmith';

/** A client of the run's S3 (s3rver, its fixed credentials) at `endpoint`, S3_ENDPOINT by default. */
export function testBucket(endpoint = process.env.S3_ENDPOINT!): Minio.Client {
  const url = new URL(endpoint);
  return new Minio.Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    pathStyle: true,
  });
}
