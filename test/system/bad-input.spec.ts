import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as Minio from 'minio';
import { Client } from 'pg';
import { signMediaPath } from '../../services/kit/src/signed-url';
import { createTestDatabase, dropTestDatabase } from '../support/infra';
import { testMedia } from '../support/media';
import { readAnswer } from '../support/multipart';
import { type RunningApp, signJwt, startApp, uniqueUsername } from '../support/stack';
import { testBucket } from '../support/bucket';
import { api } from './api';
import { signUp, uploadVideo, waitForTranscript, waitForVideo } from './videos';

/**
 * Bad input through the real gateway and services (issue 11, part 6). Every row is a hostile or
 * broken request and the 4xx it must get; after each, nothing may have changed: every row of every
 * table of the run's own database and every object of the bucket this suite's users could reach.
 * At the end no answer and no line of any service's log may be a 5xx.
 */

interface Answer {
  status: number;
  text: string;
  json: any;
}
interface Fixtures {
  alice: string;
  bob: string;
  aliceId: string;
  bobId: string;
  /** Alice's processed video and Bob's, as GET /api/videos/:id answers them (signed media URLs included). */
  video: Record<string, any>;
  bobVideo: Record<string, any>;
  /** Alice's ready highlight reel of her video. */
  highlight: Record<string, any>;
  folder: Record<string, any>;
  bobFolder: Record<string, any>;
  batch: Record<string, any>;
  /** An open upload grant of Alice's with a real video stored at it: complete-upload would succeed. */
  grant: { url: string; size: number };
  track: Record<string, any>;
}
type Row = [group: string, request: string, status: number, send: (f: Fixtures) => Promise<Answer>];

let baseUrl = '';
const answers: Array<{ row: string; status: number }> = [];

/** One request exactly as written: the path is sent as it is (no `..` resolution, no re-encoding). */
function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(body.length);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      void readAnswer(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A whole brand kit body with some fields changed. */
const CARD = { enabled: true, text: 'Hello', background: '#000000', color: '#ffffff', duration: 2 };
const brandKit = (change: Record<string, unknown>) => ({
  logo: { position: 'top-right', opacity: 0.8, size: 0.15 },
  intro: CARD,
  outro: { ...CARD, enabled: false },
  captionColor: '#ffffff',
  font: 'DejaVu Sans',
  ...change,
});

const JWT_SECRET = () => process.env.JWT_SECRET!;
const MEDIA_SECRET = () => process.env.MEDIA_URL_SECRET!;
const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
const now = () => Math.floor(Date.now() / 1000);

/** A signed media URL with one part changed. */
function tampered(signedUrl: string, change: { path?: string; uid?: string; exp?: string; sig?: string; extra?: string }): string {
  const url = new URL(signedUrl, 'http://x');
  for (const key of ['uid', 'exp', 'sig'] as const) if (change[key] !== undefined) url.searchParams.set(key, change[key]!);
  return `${change.path ?? url.pathname}?${url.searchParams}${change.extra ?? ''}`;
}
const pathOf = (signedUrl: string) => new URL(signedUrl, 'http://x').pathname;
const flipLast = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;

/** A multipart body of raw parts (each: its header lines and content). */
function multipart(parts: Array<{ headers: string; content: Buffer | string }>, boundary = 'reelsmithbadinput'): { body: Buffer; contentType: string } {
  const chunks = parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`), Buffer.from(p.content), Buffer.from('\r\n')]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
const videoPart = (disposition: string, type = 'video/mp4') => ({
  headers: `Content-Disposition: form-data; name="videos"; ${disposition}\r\nContent-Type: ${type}`,
  content: readFileSync(testMedia('h264-aac.mp4')),
});
const bulk = (f: Fixtures, token: string, form: { body: Buffer; contentType: string }) =>
  call('POST', `/api/batches/${f.batch.id}/videos/bulk`, { token, body: form.body, headers: { 'content-type': form.contentType } });

const nested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const moments = (f: Fixtures, list: unknown, extra: Record<string, unknown> = {}) =>
  call('PUT', `/api/highlights/${f.highlight.id}/moments`, { token: f.alice, body: { moments: list, ...extra } });
const generate = (f: Fixtures, body: unknown) => call('POST', `/api/videos/${f.video.id}/generate-highlights`, { token: f.alice, body });
const complete = (f: Fixtures, token: string, fields: Record<string, unknown>) =>
  call('PUT', '/api/videos/complete-upload', {
    token,
    body: { videoURL: f.grant.url, title: 'Cup final', originalFilename: 'final.mp4', fileSize: f.grant.size, duration: 0, ...fields },
  });
const trim = (f: Fixtures, body: Record<string, unknown>) =>
  call('POST', `/api/videos/${f.video.id}/trim`, { token: f.alice, body: { start: '0:00', end: '0:02', ...body } });

const ROWS: Row[] = [
  // JWTs: only a valid, unexpired HS256 token of ours gets in; every route is guarded by its metadata, whatever the path's spelling.
  ['jwt', 'GET /api/videos without a token', 401, () => call('GET', '/api/videos')],
  [
    'jwt',
    'GET /api/videos with a token signed by another secret',
    401,
    () =>
      call('GET', '/api/videos', {
        token: signJwt({ sub: '00000000-0000-4000-8000-000000000001', username: 'x', exp: now() + 3600 }, 'not-our-secret-not-our-secret-not-our-secret'),
      }),
  ],
  [
    'jwt',
    'GET /api/videos with an alg:none token',
    401,
    (f) => call('GET', '/api/videos', { token: signJwt({ sub: f.aliceId, username: 'x', exp: now() + 3600 }, '', 'none') }),
  ],
  [
    'jwt',
    'GET /api/auth/me with an expired token',
    401,
    (f) => call('GET', '/api/auth/me', { token: signJwt({ sub: f.aliceId, username: 'x', iat: now() - 7200, exp: now() - 3600 }, JWT_SECRET()) }),
  ],
  [
    'jwt',
    'GET /api/videos with alg:HS512 in the header',
    401,
    (f) => call('GET', '/api/videos', { token: signJwt({ sub: f.aliceId, username: 'x', exp: now() + 3600 }, JWT_SECRET(), 'HS512') }),
  ],
  [
    'jwt',
    'GET /api/videos with a token whose signature is cut off',
    401,
    (f) => call('GET', '/api/videos', { token: f.alice.split('.').slice(0, 2).join('.') + '.' }),
  ],
  [
    'jwt',
    'GET /api/videos with a token without username',
    401,
    (f) => call('GET', '/api/videos', { token: signJwt({ sub: f.aliceId, exp: now() + 3600 }, JWT_SECRET()) }),
  ],
  [
    'jwt',
    'GET /api/videos with a token whose subject is not a user id',
    401,
    () => call('GET', '/api/videos', { token: signJwt({ sub: "' OR 1=1 --", username: 'x', exp: now() + 3600 }, JWT_SECRET()) }),
  ],
  [
    'jwt',
    'GET /api/auth/me for a user that does not exist',
    401,
    () => call('GET', '/api/auth/me', { token: signJwt({ sub: '00000000-0000-4000-8000-000000000001', username: 'ghost', exp: now() + 3600 }, JWT_SECRET()) }),
  ],
  ['jwt', 'GET /api/videos with Basic credentials', 401, () => call('GET', '/api/videos', { headers: { authorization: 'Basic YWxpY2U6c2VjcmV0MQ==' } })],
  ['jwt', 'GET /API/videos without a token (no such route)', 404, () => call('GET', '/API/videos')],
  ['jwt', 'GET /Api/auth/me without a token (no such route)', 404, () => call('GET', '/Api/auth/me')],
  ['jwt', 'GET /API/events without a token (no such route)', 404, () => call('GET', '/API/events')],
  ['jwt', 'DELETE /api/VIDEOS/:id of Alice without a token (no such route)', 404, (f) => call('DELETE', `/api/VIDEOS/${f.video.id}`)],

  // Sign-up and sign-in bodies.
  [
    'auth',
    'POST /api/auth/register with a number as username',
    400,
    () => call('POST', '/api/auth/register', { body: { username: 12345, password: 'secret1' } }),
  ],
  [
    'auth',
    'POST /api/auth/register with a NUL in the username',
    400,
    () => call('POST', '/api/auth/register', { body: { username: `${uniqueUsername('n')}\u0000`, password: 'secret1' } }),
  ],
  [
    'auth',
    'POST /api/auth/login with a NUL in the username',
    400,
    () => call('POST', '/api/auth/login', { body: { username: 'alice\u0000', password: 'secret1' } }),
  ],
  [
    'auth',
    'POST /api/auth/register with an unknown field (role)',
    400,
    () => call('POST', '/api/auth/register', { body: { username: uniqueUsername('r'), password: 'secret1', role: 'admin' } }),
  ],
  [
    'auth',
    'POST /api/auth/register with __proto__',
    400,
    () => call('POST', '/api/auth/register', { body: `{"username":"${uniqueUsername('p')}","password":"secret1","__proto__":{"isAdmin":true}}` }),
  ],
  ['auth', 'POST /api/auth/login with a list as body', 400, () => call('POST', '/api/auth/login', { body: [{ username: 'alice', password: 'secret1' }] })],
  [
    'auth',
    'POST /api/auth/register with a 2000-character username',
    400,
    () => call('POST', '/api/auth/register', { body: { username: 'a'.repeat(2000), password: 'secret1' } }),
  ],

  // Other users' ids and broken ids on video routes.
  ['videos', "GET /api/videos/:id of Alice's video as Bob", 404, (f) => call('GET', `/api/videos/${f.video.id}`, { token: f.bob })],
  [
    'videos',
    "PATCH /api/videos/:id of Alice's video as Bob",
    404,
    (f) => call('PATCH', `/api/videos/${f.video.id}`, { token: f.bob, body: { folderId: null } }),
  ],
  ['videos', "DELETE /api/videos/:id of Alice's video as Bob", 404, (f) => call('DELETE', `/api/videos/${f.video.id}`, { token: f.bob })],
  [
    'videos',
    "POST /api/videos/:id/trim of Alice's video as Bob",
    404,
    (f) => call('POST', `/api/videos/${f.video.id}/trim`, { token: f.bob, body: { start: '0:00', end: '0:02' } }),
  ],
  ['videos', 'GET /api/videos/:id with an id that is no uuid', 404, (f) => call('GET', "/api/videos/1'%20OR%20'1'='1", { token: f.alice })],
  ['videos', 'GET /api/videos/:id with a NUL as id', 400, (f) => call('GET', '/api/videos/%00', { token: f.alice })],
  [
    'videos',
    "PATCH /api/videos/:id into Bob's folder as Alice",
    404,
    (f) => call('PATCH', `/api/videos/${f.video.id}`, { token: f.alice, body: { folderId: f.bobFolder.id } }),
  ],
  [
    'videos',
    'PATCH /api/videos/:id with a number as folderId',
    400,
    (f) => call('PATCH', `/api/videos/${f.video.id}`, { token: f.alice, body: { folderId: 42 } }),
  ],
  ['videos', 'PATCH /api/videos/:id without folderId', 400, (f) => call('PATCH', `/api/videos/${f.video.id}`, { token: f.alice, body: {} })],
  [
    'videos',
    'PATCH /api/videos/:id with an unknown field (userId)',
    400,
    (f) => call('PATCH', `/api/videos/${f.video.id}`, { token: f.alice, body: { folderId: f.folder.id, userId: f.bobId } }),
  ],
  ['videos', 'POST /api/videos/:id/trim with a NUL in the title', 400, (f) => trim(f, { title: 'Goal\u0000' })],
  ['videos', 'POST /api/videos/:id/trim with a start that is no time', 400, (f) => trim(f, { start: 'soon' })],
  ['videos', 'POST /api/videos/:id/trim past the end of the video', 400, (f) => trim(f, { end: '9:59' })],
  ['videos', 'POST /api/videos/:id/trim with start after end', 400, (f) => trim(f, { start: '0:03', end: '0:01' })],
  ['videos', 'POST /api/videos/:id/trim with a 5000-character title', 400, (f) => trim(f, { title: 't'.repeat(5000) })],
  ['videos', "PUT /api/videos/complete-upload of Alice's upload as Bob", 404, (f) => complete(f, f.bob, {})],
  ['videos', 'PUT /api/videos/complete-upload with a NUL in the title', 400, (f) => complete(f, f.alice, { title: 'Cup\u0000final' })],
  ['videos', 'PUT /api/videos/complete-upload with a NUL in the file name', 400, (f) => complete(f, f.alice, { originalFilename: 'final\u0000.mp4' })],
  ['videos', 'PUT /api/videos/complete-upload with a text as fileSize', 400, (f) => complete(f, f.alice, { fileSize: 'big' })],
  ['videos', 'PUT /api/videos/complete-upload with a negative fileSize', 400, (f) => complete(f, f.alice, { fileSize: -1 })],
  ['videos', 'PUT /api/videos/complete-upload with a fileSize that does not match', 400, (f) => complete(f, f.alice, { fileSize: f.grant.size + 1 })],
  [
    'videos',
    'PUT /api/videos/complete-upload with a traversing videoURL',
    400,
    (f) => complete(f, f.alice, { videoURL: `${new URL(f.grant.url).origin}/reelsmith/uploads/${f.aliceId}/..%2F..%2Fmusic%2F${f.track.filename}` }),
  ],
  [
    'videos',
    "PUT /api/videos/complete-upload with a key under Bob's uploads",
    404,
    (f) => complete(f, f.alice, { videoURL: f.grant.url.replace(f.aliceId, f.bobId) }),
  ],
  ['videos', 'PUT /api/videos/complete-upload with an object as title', 400, (f) => complete(f, f.alice, { title: { text: 'Cup final' } })],

  // Media routes with another user's JWT, and path traversal.
  ['media', "GET /api/videos/:id/stream of Alice's video with Bob's JWT", 404, (f) => call('GET', `/api/videos/${f.video.id}/stream`, { token: f.bob })],
  ['media', "GET /api/videos/:id/download of Alice's video with Bob's JWT", 404, (f) => call('GET', `/api/videos/${f.video.id}/download`, { token: f.bob })],
  ['media', "GET /api/videos/:id/thumbnail of Alice's video with Bob's JWT", 404, (f) => call('GET', `/api/videos/${f.video.id}/thumbnail`, { token: f.bob })],
  [
    'media',
    "GET /api/highlights/:id/stream of Alice's reel with Bob's JWT",
    404,
    (f) => call('GET', `/api/highlights/${f.highlight.id}/stream`, { token: f.bob }),
  ],
  [
    'media',
    "GET /api/highlights/:id/download of Alice's reel with Bob's JWT",
    404,
    (f) => call('GET', `/api/highlights/${f.highlight.id}/download`, { token: f.bob }),
  ],
  ['media', "GET /objects/uploads/<file> of Alice's upload with Bob's JWT", 404, (f) => call('GET', pathOf(f.video.previewUrl), { token: f.bob })],
  ['media', "GET /objects/uploads/<file> of Alice's upload without a token or signature", 401, (f) => call('GET', pathOf(f.video.previewUrl))],
  [
    'media',
    'GET /objects/uploads/ with an encoded ../../music/<track>',
    404,
    (f) => call('GET', `/objects/uploads/..%2F..%2Fmusic%2F${f.track.filename}`, { token: f.alice }),
  ],
  [
    'media',
    'GET /objects/uploads/../../music/<track> as sent',
    404,
    (f) => call('GET', `/objects/uploads/../../music/${f.track.filename}`, { token: f.alice }),
  ],
  ['media', 'GET /objects/uploads/%2e%2e', 404, (f) => call('GET', '/objects/uploads/%2e%2e', { token: f.alice })],
  [
    'media',
    "GET /objects/uploads/<Bob's id>%2F<file>",
    404,
    (f) => call('GET', `/objects/uploads/${f.bobId}%2F${pathOf(f.bobVideo.previewUrl).split('/').pop()}`, { token: f.alice }),
  ],
  [
    'media',
    "GET /music/ with an encoded path to Alice's upload",
    404,
    (f) => call('GET', `/music/..%2Fuploads%2F${f.aliceId}%2F${pathOf(f.video.previewUrl).split('/').pop()}`),
  ],
  ['media', 'GET /music/..%2f..%2fetc%2fpasswd', 404, () => call('GET', '/music/..%2f..%2fetc%2fpasswd')],
  ['media', 'GET /music/../api/videos as sent', 404, () => call('GET', '/music/../api/videos')],
  ['media', 'GET /music/<track> with a NUL after .mp3', 404, (f) => call('GET', `/music/${f.track.filename}%00`)],
  ['media', 'GET /music/ a track that is not in the catalogue', 404, () => call('GET', '/music/no-such-track.mp3')],

  // Range headers that are malformed or past the end.
  ['range', 'thumbnail with Range bytes=999999999-', 416, (f) => call('GET', f.video.thumbnail, { headers: { range: 'bytes=999999999-' } })],
  ['range', 'thumbnail with Range bytes=5-1', 416, (f) => call('GET', f.video.thumbnail, { headers: { range: 'bytes=5-1' } })],
  ['range', 'stream with Range bytes=abc', 416, (f) => call('GET', f.video.streamUrl, { headers: { range: 'bytes=abc' } })],
  ['range', 'stream with Range bytes=-0', 416, (f) => call('GET', f.video.streamUrl, { headers: { range: 'bytes=-0' } })],
  ['range', 'reel with Range bytes=--1', 416, (f) => call('GET', f.highlight.reel.streamUrl, { headers: { range: 'bytes=--1' } })],
  ['range', 'music track with Range bytes=1-2-3', 416, (f) => call('GET', f.track.url, { headers: { range: 'bytes=1-2-3' } })],
  ['range', 'music track with Range bytes=99999999999999999999-', 416, (f) => call('GET', f.track.url, { headers: { range: 'bytes=99999999999999999999-' } })],

  // Signed media URLs with one part changed.
  [
    'signed-url',
    "thumbnail URL with the path changed to Bob's video",
    401,
    (f) => call('GET', tampered(f.video.thumbnail, { path: pathOf(f.bobVideo.thumbnail) })),
  ],
  ['signed-url', 'thumbnail URL with the user changed to Bob', 401, (f) => call('GET', tampered(f.video.thumbnail, { uid: f.bobId }))],
  [
    'signed-url',
    'stream URL with the expiry moved a day on',
    401,
    (f) => call('GET', tampered(f.video.streamUrl, { exp: String(Number(new URL(f.video.streamUrl, 'http://x').searchParams.get('exp')) + 86400) })),
  ],
  [
    'signed-url',
    'stream URL with one character of the signature changed',
    401,
    (f) => call('GET', tampered(f.video.streamUrl, { sig: flipLast(new URL(f.video.streamUrl, 'http://x').searchParams.get('sig')!) })),
  ],
  ['signed-url', 'stream URL with an empty signature', 401, (f) => call('GET', tampered(f.video.streamUrl, { sig: '' }))],
  [
    'signed-url',
    'stream URL signed correctly but expired',
    401,
    (f) => call('GET', signMediaPath(MEDIA_SECRET(), `/api/videos/${f.video.id}/stream`, f.aliceId, Date.now() - 10 * 3600_000, 60, 1)),
  ],
  ['signed-url', 'stream URL with a second sig parameter', 401, (f) => call('GET', tampered(f.video.streamUrl, { extra: '&sig=x' }))],
  [
    'signed-url',
    "stream URL's signature on the download path",
    401,
    (f) => call('GET', tampered(f.video.streamUrl, { path: `/api/videos/${f.video.id}/download` })),
  ],
  ['signed-url', 'reel download URL with the user changed to Bob', 401, (f) => call('GET', tampered(f.highlight.reel.downloadUrl, { uid: f.bobId }))],
  ['signed-url', 'preview URL with the user changed to Bob', 401, (f) => call('GET', tampered(f.video.previewUrl, { uid: f.bobId }))],

  // Highlights: other users' ids and options out of range.
  ['highlights', "GET /api/highlights/:id of Alice's reel as Bob", 404, (f) => call('GET', `/api/highlights/${f.highlight.id}`, { token: f.bob })],
  ['highlights', "GET /api/videos/:id/highlights of Alice's video as Bob", 404, (f) => call('GET', `/api/videos/${f.video.id}/highlights`, { token: f.bob })],
  [
    'highlights',
    "POST /api/videos/:id/generate-highlights of Alice's video as Bob",
    404,
    (f) => call('POST', `/api/videos/${f.video.id}/generate-highlights`, { token: f.bob, body: {} }),
  ],
  [
    'highlights',
    "PUT /api/highlights/:id/moments of Alice's reel as Bob",
    404,
    (f) => call('PUT', `/api/highlights/${f.highlight.id}/moments`, { token: f.bob, body: { moments: [{ start: 0, end: 2 }] } }),
  ],
  // Project files (issue 27, part 5): the reel's owner only, known formats only.
  ['project-files', "project.edl of Alice's reel as Bob", 404, (f) => call('GET', `/api/highlights/${f.highlight.id}/project.edl`, { token: f.bob })],
  ['project-files', "project.json of Alice's reel as Bob", 404, (f) => call('GET', `/api/highlights/${f.highlight.id}/project.json`, { token: f.bob })],
  ['project-files', 'project.docx (an unknown format)', 404, (f) => call('GET', `/api/highlights/${f.highlight.id}/project.docx`, { token: f.alice })],
  ['project-files', 'project.mlt of a reel that does not exist', 404, (f) => call('GET', '/api/highlights/not-a-reel/project.mlt', { token: f.alice })],
  ['project-files', 'project.fcpxml with a NUL in the id', 400, (f) => call('GET', '/api/highlights/%00/project.fcpxml', { token: f.alice })],
  ['project-files', 'project.fcpxml without a token', 401, (f) => call('GET', `/api/highlights/${f.highlight.id}/project.fcpxml`)],
  ['highlights', 'generate with preset cooking', 400, (f) => generate(f, { preset: 'cooking' })],
  ['highlights', 'generate with targetLength 45', 400, (f) => generate(f, { targetLength: 45 })],
  ['highlights', 'generate with targetLength -30', 400, (f) => generate(f, { targetLength: -30 })],
  ['highlights', 'generate with targetLength "30" (a text)', 400, (f) => generate(f, { targetLength: '30' })],
  [
    'highlights',
    'generate with targetLength 1e999 (Infinity)',
    400,
    (f) => call('POST', `/api/videos/${f.video.id}/generate-highlights`, { token: f.alice, body: '{"targetLength":1e999}' }),
  ],
  ['transcripts', "another user's transcript", 404, (f) => call('GET', `/api/videos/${f.bobVideo.id}/transcript`, { token: f.alice })],
  [
    'transcripts',
    "correct another user's transcript",
    404,
    (f) => call('PUT', `/api/videos/${f.bobVideo.id}/transcript`, { token: f.alice, body: { words: [{ text: 'x', start: 0, end: 1 }] } }),
  ],
  [
    'transcripts',
    'a word of 10,000 characters',
    400,
    (f) => call('PUT', `/api/videos/${f.video.id}/transcript`, { token: f.alice, body: { words: [{ text: 'x'.repeat(10_000), start: 0, end: 1 }] } }),
  ],
  [
    'transcripts',
    'words out of time order',
    400,
    (f) =>
      call('PUT', `/api/videos/${f.video.id}/transcript`, {
        token: f.alice,
        body: {
          words: [
            { text: 'b', start: 2, end: 3 },
            { text: 'a', start: 1, end: 2 },
          ],
        },
      }),
  ],
  [
    'transcripts',
    'a word past the end of the video',
    400,
    (f) => call('PUT', `/api/videos/${f.video.id}/transcript`, { token: f.alice, body: { words: [{ text: 'late', start: 1, end: 999 }] } }),
  ],
  [
    'transcripts',
    'a word with a NUL byte',
    400,
    (f) => call('PUT', `/api/videos/${f.video.id}/transcript`, { token: f.alice, body: { words: [{ text: 'to\u0000ast', start: 0, end: 1 }] } }),
  ],
  ['transcripts', 'words as a text', 400, (f) => call('PUT', `/api/videos/${f.video.id}/transcript`, { token: f.alice, body: { words: 'toast' } })],
  ['transcripts', 'a transcript of a NUL id', 400, (f) => call('GET', '/api/videos/%00/transcript', { token: f.alice })],
  ['transcripts', "another user's subtitles", 404, (f) => call('GET', `/api/videos/${f.bobVideo.id}/subtitles.vtt`, { token: f.alice })],
  ['transcripts', 'subtitles in a format that is not srt or vtt', 404, (f) => call('GET', `/api/videos/${f.video.id}/subtitles.ass`, { token: f.alice })],
  ['transcripts', 'transcribe in Klingon', 400, (f) => call('POST', `/api/videos/${f.video.id}/transcript`, { token: f.alice, body: { language: 'tlh' } })],
  [
    'brand kit',
    'a logo colour that is no #rrggbb',
    400,
    (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: brandKit({ captionColor: 'red' }) }),
  ],
  [
    'brand kit',
    'a logo opacity of 5',
    400,
    (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: brandKit({ logo: { position: 'top-left', opacity: 5, size: 0.2 } }) }),
  ],
  // Analytics: ?weeks is a whole number from 1 to 52, however it is spelled.
  ['analytics', 'weeks as a NUL byte', 400, (f) => call('GET', '/api/analytics?weeks=%00', { token: f.alice })],
  ['analytics', 'weeks given twice', 400, (f) => call('GET', '/api/analytics?weeks=4&weeks=12', { token: f.alice })],
  ['analytics', 'weeks in exponent form', 400, (f) => call('GET', '/api/analytics?weeks=1e1', { token: f.alice })],
  ['analytics', 'weeks of ten thousand', 400, (f) => call('GET', '/api/analytics?weeks=10000', { token: f.alice })],
  ['brand kit', 'a font we do not ship', 400, (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: brandKit({ font: 'Comic Sans MS' }) })],
  [
    'brand kit',
    'an intro of 81 characters',
    400,
    (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: brandKit({ intro: { ...CARD, text: 'x'.repeat(81) } }) }),
  ],
  ['brand kit', 'a 30 s outro card', 400, (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: brandKit({ outro: { ...CARD, duration: 30 } }) })],
  ['brand kit', 'a smuggled userId', 400, (f) => call('PUT', '/api/user/brand-kit', { token: f.alice, body: { ...brandKit({}), userId: f.bobId } })],
  [
    'brand kit',
    'a text file as logo',
    400,
    (f) => call('POST', '/api/user/brand-kit/logo', { token: f.alice, body: Buffer.from('not an image at all\n'), headers: { 'content-type': 'image/png' } }),
  ],
  [
    'brand kit',
    'a 50 MB logo',
    413,
    (f) => call('POST', '/api/user/brand-kit/logo', { token: f.alice, body: Buffer.alloc(50 * 1024 * 1024, 0x89), headers: { 'content-type': 'image/png' } }),
  ],
  ['brand kit', 'a logo as JSON', 400, (f) => call('POST', '/api/user/brand-kit/logo', { token: f.alice, body: { logo: 'x' } })],
  ['brand kit', 'a logo of a made-up id', 404, (f) => call('GET', '/api/user/brand-kit/logo/00000000-0000-4000-8000-000000000000', { token: f.alice })],
  ['brand kit', 'the brand kit without a token', 401, () => call('GET', '/api/user/brand-kit')],
  ['highlights', 'generate with aspect 4:3', 400, (f) => generate(f, { aspect: '4:3' })],
  ['highlights', 'generate with aspect 1:1 for TikTok (9:16)', 400, (f) => generate(f, { platform: 'tiktok', aspect: '1:1' })],
  ['highlights', 'generate with platform myspace', 400, (f) => generate(f, { platform: 'myspace' })],
  ['highlights', 'generate for Shorts with lengths 30 and 90 (over its 60 s)', 400, (f) => generate(f, { platform: 'shorts', lengths: [30, 90] })],
  ['highlights', 'generate with five lengths', 400, (f) => generate(f, { lengths: [15, 30, 60, 90, 15] })],
  ['highlights', 'generate with lengths [45]', 400, (f) => generate(f, { lengths: [45] })],
  ['highlights', 'generate with lengths as a text', 400, (f) => generate(f, { lengths: '15,30' })],
  ['highlights', 'generate with targetLength 60 outside lengths [15, 30]', 400, (f) => generate(f, { lengths: [15, 30], targetLength: 60 })],
  ['highlights', 'generate with quality 4k', 400, (f) => generate(f, { quality: '4k' })],
  ['highlights', 'generate with format gif', 400, (f) => generate(f, { format: 'gif' })],
  ['highlights', 'generate with an unknown musicTrackId', 404, (f) => generate(f, { musicTrackId: 'no-such-track' })],
  ['highlights', 'generate with a number as musicTrackId', 400, (f) => generate(f, { musicTrackId: 7 })],
  ['highlights', 'generate with a NUL in the preset', 400, (f) => generate(f, { preset: 'sport\u0000' })],
  ['highlights', 'generate with an unknown field (userId)', 400, (f) => generate(f, { userId: f.bobId })],
  ['highlights', 'generate with an include past the end of the video', 400, (f) => generate(f, { include: [{ start: 0, end: f.video.duration + 5 }] })],
  [
    'highlights',
    'generate with an include and an exclude that overlap',
    400,
    (f) => generate(f, { include: [{ start: 0, end: 1 }], exclude: [{ start: 0.5, end: 1.5 }] }),
  ],
  [
    'highlights',
    'generate with 100 include ranges',
    400,
    (f) => generate(f, { include: Array.from({ length: 100 }, (_, i) => ({ start: i / 100, end: i / 100 + 0.005 })) }),
  ],
  ['highlights', 'generate with an exclude that ends before it starts', 400, (f) => generate(f, { exclude: [{ start: 2, end: 1 }] })],
  ['highlights', 'generate with include as a text', 400, (f) => generate(f, { include: '0-5' })],

  // Edited moments.
  ['moments', 'a moment with a negative start', 400, (f) => moments(f, [{ start: -1, end: 2 }])],
  [
    'moments',
    'overlapping moments',
    400,
    (f) =>
      moments(f, [
        { start: 0, end: 2 },
        { start: 1, end: 3 },
      ]),
  ],
  ['moments', 'a moment beyond the end of the video', 400, (f) => moments(f, [{ start: 1, end: 999 }])],
  [
    'moments',
    '31 moments (more than a reel may have)',
    400,
    (f) =>
      moments(
        f,
        Array.from({ length: 31 }, (_, i) => ({ start: i * 0.1, end: i * 0.1 + 0.05 })),
      ),
  ],
  [
    'moments',
    '101 moments (more than a body may hold)',
    400,
    (f) =>
      moments(
        f,
        Array.from({ length: 101 }, () => ({ start: 0, end: 1 })),
      ),
  ],
  ['moments', 'a moment with NaN as start', 400, (f) => moments(f, [{ start: 'NaN', end: 2 }])],
  ['moments', 'a moment whose end is before its start', 400, (f) => moments(f, [{ start: 3, end: 1 }])],
  ['moments', 'a moment shorter than a second', 400, (f) => moments(f, [{ start: 1, end: 1.5 }])],
  ['moments', 'no moments at all', 400, (f) => moments(f, [])],
  ['moments', 'moments that are not a list', 400, (f) => moments(f, { start: 0, end: 2 })],
  ['moments', 'a moment that is null', 400, (f) => moments(f, [null])],
  ['moments', "a moment's reason with a NUL", 400, (f) => moments(f, [{ start: 0, end: 2, reasons: ['crowd\u0000roar'] }])],
  ['moments', "a moment's reasons that are not a list of texts", 400, (f) => moments(f, [{ start: 0, end: 2, reasons: [{ $gt: '' }] }])],
  [
    'moments',
    'a moment with a __proto__ key',
    400,
    (f) =>
      call('PUT', `/api/highlights/${f.highlight.id}/moments`, { token: f.alice, body: '{"moments":[{"start":0,"end":2,"__proto__":{"reasons":["x"]}}]}' }),
  ],

  // Exports.
  [
    'exports',
    "POST /api/videos/:id/exports of Alice's video as Bob",
    404,
    (f) => call('POST', `/api/videos/${f.video.id}/exports`, { token: f.bob, body: { start: '0:00', end: '0:02' } }),
  ],
  [
    'exports',
    'export with a start that is no time',
    400,
    (f) => call('POST', `/api/videos/${f.video.id}/exports`, { token: f.alice, body: { start: 'x', end: '0:02' } }),
  ],
  [
    'exports',
    'export past the end of the video',
    400,
    (f) => call('POST', `/api/videos/${f.video.id}/exports`, { token: f.alice, body: { start: '0:00', end: '59:00' } }),
  ],
  [
    'exports',
    'export in format exe',
    400,
    (f) => call('POST', `/api/videos/${f.video.id}/exports`, { token: f.alice, body: { start: '0:00', end: '0:02', format: 'exe' } }),
  ],
  [
    'exports',
    'export with an unknown field (key)',
    400,
    (f) => call('POST', `/api/videos/${f.video.id}/exports`, { token: f.alice, body: { start: '0:00', end: '0:02', key: 'music/x.mp3' } }),
  ],

  // Folders.
  [
    'folders',
    "PUT /api/video-folders/:id of Alice's folder as Bob",
    404,
    (f) => call('PUT', `/api/video-folders/${f.folder.id}`, { token: f.bob, body: { name: 'Mine now' } }),
  ],
  ['folders', "DELETE /api/video-folders/:id of Alice's folder as Bob", 404, (f) => call('DELETE', `/api/video-folders/${f.folder.id}`, { token: f.bob })],
  [
    'folders',
    "GET /api/video-folders/:id/videos of Alice's folder as Bob",
    404,
    (f) => call('GET', `/api/video-folders/${f.folder.id}/videos`, { token: f.bob }),
  ],
  [
    'folders',
    'PUT /api/video-folders/:id with an id that is no uuid',
    404,
    (f) => call('PUT', '/api/video-folders/..%2F..%2Fadmin', { token: f.alice, body: { name: 'x' } }),
  ],
  ['folders', 'create a folder with a NUL in the name', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 'Wed\u0000dings' } })],
  [
    'folders',
    'create a folder with a NUL in the description',
    400,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 'Weddings', description: 'Summer\u0000' } }),
  ],
  [
    'folders',
    'rename a folder to a name with a NUL',
    400,
    (f) => call('PUT', `/api/video-folders/${f.folder.id}`, { token: f.alice, body: { name: 'Sport\u0000' } }),
  ],
  ['folders', 'create a folder with a blank name', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: '   ' } })],
  [
    'folders',
    'create a folder with a 2000-character name',
    400,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 'n'.repeat(2000) } }),
  ],
  ['folders', 'create a folder with colour red', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 'Red', color: 'red' } })],
  ['folders', 'create a folder with a number as name', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 5 } })],
  [
    'folders',
    'create a folder with __proto__',
    400,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: '{"name":"Proto","__proto__":{"polluted":true}}' }),
  ],
  [
    'folders',
    'create a folder with constructor.prototype',
    400,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: '{"name":"Ctor","constructor":{"prototype":{"polluted":true}}}' }),
  ],

  // Settings, test e-mails and unsubscribe links.
  ['settings', 'GET /api/user/settings without a token', 401, () => call('GET', '/api/user/settings')],
  [
    'settings',
    'save settings with an unknown field (role)',
    400,
    (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: { name: 'A', role: 'admin' } }),
  ],
  [
    'settings',
    'save settings with an unknown notification flag',
    400,
    (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: { notifications: { marketing: true } } }),
  ],
  [
    'settings',
    'save settings with a text as a flag',
    400,
    (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: { notifications: { weeklyDigest: 'yes' } } }),
  ],
  [
    'settings',
    'save settings with an invalid e-mail',
    400,
    (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: { email: 'alice-at-example' } }),
  ],
  ['settings', 'save settings with a NUL in the name', 400, (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: { name: 'Al\u0000ice' } })],
  [
    'settings',
    'save settings with __proto__',
    400,
    (f) => call('PATCH', '/api/user/settings', { token: f.alice, body: '{"name":"Proto","__proto__":{"polluted":true}}' }),
  ],
  [
    'settings',
    'test e-mail of an unknown type',
    400,
    (f) => call('POST', '/api/test-email', { token: f.alice, body: { email: 'alice@example.com', type: 'digest' } }),
  ],
  [
    'settings',
    'test e-mail to an invalid address',
    400,
    (f) => call('POST', '/api/test-email', { token: f.alice, body: { email: 'not an address', type: 'upload' } }),
  ],
  ['settings', 'test e-mail without a token', 401, () => call('POST', '/api/test-email', { body: { email: 'alice@example.com', type: 'upload' } })],
  ['settings', 'one-click unsubscribe with a forged token', 404, () => call('POST', '/api/unsubscribe?token=YWxpY2UuaGlnaGxpZ2h0Q29tcGxldGlvbg.forged')],
  ['settings', 'one-click unsubscribe without a token', 404, () => call('POST', '/api/unsubscribe')],

  // Batches and bulk uploads.
  ['batches', "GET /api/batches/:id of Alice's batch as Bob", 404, (f) => call('GET', `/api/batches/${f.batch.id}`, { token: f.bob })],
  ['batches', "GET /api/batches/:id/report of Alice's batch as Bob", 404, (f) => call('GET', `/api/batches/${f.batch.id}/report`, { token: f.bob })],
  ['batches', "POST /api/batches/:id/videos/bulk into Alice's batch as Bob", 404, (f) => bulk(f, f.bob, multipart([videoPart('filename="a.mp4"')]))],
  ['batches', 'create a batch with a NUL in the name', 400, (f) => call('POST', '/api/batches', { token: f.alice, body: { name: 'Week\u00003' } })],
  ['batches', 'create a batch with an empty name', 400, (f) => call('POST', '/api/batches', { token: f.alice, body: { name: '' } })],
  [
    'batches',
    'create a batch with a 6000-character description',
    400,
    (f) => call('POST', '/api/batches', { token: f.alice, body: { name: 'Long', description: 'd'.repeat(6000) } }),
  ],
  [
    'batches',
    'create a batch with an unknown field (status)',
    400,
    (f) => call('POST', '/api/batches', { token: f.alice, body: { name: 'Done', status: 'completed' } }),
  ],
  [
    'batches',
    'bulk upload with a JSON body',
    400,
    (f) => call('POST', `/api/batches/${f.batch.id}/videos/bulk`, { token: f.alice, body: { videos: ['a.mp4'] } }),
  ],
  [
    'batches',
    'bulk upload cut off in the middle of a part',
    400,
    (f) => bulk(f, f.alice, { ...multipart([videoPart('filename="a.mp4"')]), body: multipart([videoPart('filename="a.mp4"')]).body.subarray(0, 5000) }),
  ],
  ['batches', 'bulk upload without a boundary', 400, (f) => bulk(f, f.alice, { body: Buffer.from('--x\r\n\r\n--x--'), contentType: 'multipart/form-data' })],
  ['batches', 'bulk upload of a video whose file name holds a NUL', 400, (f) => bulk(f, f.alice, multipart([videoPart("filename*=UTF-8''goal%00.mp4")]))],
  [
    'batches',
    'bulk upload of a text file',
    422,
    (f) =>
      bulk(
        f,
        f.alice,
        multipart([{ headers: 'Content-Disposition: form-data; name="videos"; filename="notes.txt"\r\nContent-Type: text/plain', content: 'notes' }]),
      ),
  ],
  [
    'batches',
    'bulk upload with no "videos" part',
    400,
    (f) => bulk(f, f.alice, multipart([{ headers: 'Content-Disposition: form-data; name="other"', content: 'x' }])),
  ],

  // JSON bodies the parser must refuse.
  ['json', 'a 200 KB JSON body', 413, (f) => call('POST', '/api/video-folders', { token: f.alice, body: { name: 'Big', description: 'x'.repeat(200_000) } })],
  ['json', 'JSON nested 20,000 levels deep', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: nested(20_000) })],
  ['json', 'JSON cut off in the middle', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: '{"name":"Wed' })],
  ['json', 'JSON null as body', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: 'null' })],
  ['json', 'a JSON list as body', 400, (f) => call('POST', '/api/video-folders', { token: f.alice, body: '[{"name":"List"}]' })],
  [
    'json',
    'JSON in a charset nobody knows',
    415,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: '{"name":"x"}', headers: { 'content-type': 'application/json; charset=x-klingon' } }),
  ],
  [
    'json',
    'gzip-encoded body that is not gzip',
    400,
    (f) => call('POST', '/api/video-folders', { token: f.alice, body: 'not gzip', headers: { 'content-encoding': 'gzip' } }),
  ],
  [
    'json',
    'gzip body that inflates past the limit',
    413,
    (f) =>
      call('POST', '/api/video-folders', {
        token: f.alice,
        body: gzipSync(JSON.stringify({ name: 'Bomb', description: ' '.repeat(5_000_000) })),
        headers: { 'content-encoding': 'gzip' },
      }),
  ],
];

/** Row counts and a digest of every table of the database, and the objects of the bucket the suite's users can reach. */
async function snapshot(db: Client, s3: Minio.Client, owners: () => string[]): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  const { rows: tables } = await db.query(
    "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  );
  for (const { schema, name } of tables) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${schema}"."${name}" t`,
    );
    state[`table ${schema}.${name}`] = `${rows[0].n} rows, ${rows[0].digest}`;
  }
  // Other suites may share the bucket: their keys are uploads/<their user>/... and derived/<their video>/...
  const ours = new Set(owners());
  for await (const item of s3.listObjectsV2('reelsmith', '', true)) {
    const { name, size, etag } = item as { name: string; size: number; etag: string };
    const owner = /^(?:uploads|derived)\/([0-9a-f-]{36})\//.exec(name)?.[1];
    if (owner && !ours.has(owner)) continue;
    state[`object ${name}`] = `${size} ${etag}`;
  }
  return state;
}

function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k] ?? '(none)'} -> ${after[k] ?? '(none)'}`);
}

describe('bad input through the gateway: a clear 4xx, nothing changed, no 5xx anywhere', () => {
  let app: RunningApp;
  let databaseUrl: string;
  let db: Client;
  let s3: Minio.Client;
  let f: Fixtures;
  let last: Record<string, string>;
  let logsBefore = 0;

  const owners = () => (f ? [f.aliceId, f.bobId, f.video.id, f.bobVideo.id] : []);

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    app = await startApp({ DATABASE_URL: databaseUrl });
    baseUrl = app.baseUrl;
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    s3 = testBucket();

    const [alice, bob] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    const [uploaded, bobUploaded] = await Promise.all([uploadVideo(baseUrl, alice, 'h264-aac.mp4'), uploadVideo(baseUrl, bob, 'h264-aac.mp4')]);
    await Promise.all([
      waitForVideo(baseUrl, alice, uploaded.json.id, (v) => v.status === 'processed', 120_000),
      waitForVideo(baseUrl, bob, bobUploaded.json.id, (v) => v.status === 'processed', 120_000),
    ]);
    const queued = await api(baseUrl, 'POST', `/api/videos/${uploaded.json.id}/generate-highlights`, {
      token: alice,
      body: { targetLength: 15, quality: '480p' },
    });
    const [folder, bobFolder, batch, tracks, grant] = await Promise.all([
      api(baseUrl, 'POST', '/api/video-folders', { token: alice, body: { name: 'Weddings' } }),
      api(baseUrl, 'POST', '/api/video-folders', { token: bob, body: { name: 'Private' } }),
      api(baseUrl, 'POST', '/api/batches', { token: alice, body: { name: 'Week 1' } }),
      api(baseUrl, 'GET', '/api/music-tracks', { token: alice }),
      api(baseUrl, 'POST', '/api/objects/upload', { token: alice }),
    ]);
    const clip = readFileSync(testMedia('h264-aac.mp4'));
    expect((await fetch(grant.json.uploadURL, { method: 'PUT', body: clip })).status).toBe(200);
    const deadline = Date.now() + 150_000;
    let highlight = queued.json;
    while (highlight.status !== 'ready') {
      if (highlight.status === 'error' || Date.now() > deadline) throw new Error(`the reel is ${highlight.status}: ${highlight.errorReason}`);
      await new Promise((r) => setTimeout(r, 500));
      highlight = (await api(baseUrl, 'GET', `/api/highlights/${queued.json.id}`, { token: alice })).json;
    }
    // The transcripts are written after processing: made before the snapshots start.
    await Promise.all([waitForTranscript(baseUrl, alice, uploaded.json.id), waitForTranscript(baseUrl, bob, bobUploaded.json.id)]);
    f = {
      alice,
      bob,
      aliceId: userIdOf(alice),
      bobId: userIdOf(bob),
      video: (await api(baseUrl, 'GET', `/api/videos/${uploaded.json.id}`, { token: alice })).json,
      bobVideo: (await api(baseUrl, 'GET', `/api/videos/${bobUploaded.json.id}`, { token: bob })).json,
      highlight,
      folder: folder.json,
      bobFolder: bobFolder.json,
      batch: batch.json,
      grant: { url: grant.json.uploadURL, size: clip.length },
      track: tracks.json[0],
    };
    // The worker's last writes (progress, timings) land after 'ready': wait until nothing moves.
    let previous = await snapshot(db, s3, owners);
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      last = await snapshot(db, s3, owners);
      if (changes(previous, last).length === 0) break;
      previous = last;
    }
    logsBefore = app.logs.length;
  }, 400_000);

  afterAll(async () => {
    // The services' logs, kept as an artefact of the run (they explain a failed row).
    mkdirSync(join(__dirname, '..', '..', 'test-results'), { recursive: true });
    writeFileSync(join(__dirname, '..', '..', 'test-results', 'bad-input-service-logs.txt'), app?.logs.join('\n') ?? '');
    await db?.end();
    await app?.stack.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  it(`has at least 50 rows across every route group (${ROWS.length})`, () => {
    const groups = new Map<string, number>();
    for (const [group] of ROWS) groups.set(group, (groups.get(group) ?? 0) + 1);
    expect(ROWS.length).toBeGreaterThanOrEqual(50);
    expect([...groups.keys()].sort()).toEqual([
      'analytics',
      'auth',
      'batches',
      'brand kit',
      'exports',
      'folders',
      'highlights',
      'json',
      'jwt',
      'media',
      'moments',
      'project-files',
      'range',
      'settings',
      'signed-url',
      'transcripts',
      'videos',
    ]);
  });

  it.each(ROWS)('[%s] %s answers %i and changes nothing', async (_group, name, status, send) => {
    const answer = await send(f);
    answers.push({ row: name, status: answer.status });
    const now = await snapshot(db, s3, owners);
    const changed = changes(last, now);
    last = now;
    expect(`${answer.status} ${answer.text.slice(0, 300)}`).toMatch(new RegExp(`^${status} `));
    // A clear answer: JSON with the reason (a 416 carries no body, as for every Range refusal).
    if (status !== 416) expect(typeof answer.json?.error).toBe('string');
    expect(changed).toEqual([]);
  });

  it('answered no row with a 5xx, and no service logged an error', () => {
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // Errors (pino level 50/60), a 5xx, a process that exited or an uncaught exception's stack.
    const errors = app.logs.slice(logsBefore).filter((line) => /"level":(50|60)|Internal server error|"status(Code)?":5\d\d|exited|Error:|throw/.test(line));
    expect(errors).toEqual([]);
  });
});
