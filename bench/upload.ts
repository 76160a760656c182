import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { api } from '../test/system/api';
import { waitForVideo } from '../test/system/videos';

/** PUTs a file to a presigned URL the way a browser does (one request, the raw bytes). */
function putFile(url: string, file: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': String(bytes) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

/** Uploads a file the web's way (upload URL, presigned PUT, complete-upload) and waits until it is processed. */
export async function upload(baseUrl: string, token: string, file: string, bytes: number) {
  const { json } = await api(baseUrl, 'POST', '/api/objects/upload', { token });
  const started = Date.now();
  const status = await putFile(json.uploadURL, file, bytes);
  if (status !== 200) throw new Error(`upload answered ${status}`);
  const uploadSeconds = (Date.now() - started) / 1000;
  const completedAt = Date.now();
  const done = await api(baseUrl, 'PUT', '/api/videos/complete-upload', {
    token,
    body: { videoURL: json.uploadURL, title: file.split('/').pop(), originalFilename: file.split('/').pop(), fileSize: bytes, duration: 0 },
  });
  if (done.status !== 200) throw new Error(`complete-upload answered ${done.status}: ${done.text}`);
  const video = await waitForVideo(baseUrl, token, done.json.id, (v) => v.status === 'processed' || v.status === 'error', 30 * 60_000);
  if (video.status !== 'processed') throw new Error(`processing failed: ${video.errorReason}`);
  return { uploadSeconds, processSeconds: (Date.now() - completedAt) / 1000, video };
}
