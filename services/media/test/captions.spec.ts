import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ObjectStorage, storageConfigSchema } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { TranscriptJson } from '@reelsmith/proto/http';
import { rejection } from '../../../test/support/rpc';
import { transcriptKey } from '../src/speech/transcript';
import { Rpc, startMedia, uploadFile, waitForHighlight, waitForStatus } from './harness';

const SECONDS = 12;
const SENTENCES = ['Good evening everyone', 'thank you all for coming tonight', 'please raise your glasses', 'to the happy couple'];

/** A flat blue picture with a voice (espeak-ng) saying SENTENCES with pauses: the captions are all that changes a frame. */
function speechClip(dir: string): string {
  const voice = join(dir, 'voice.wav');
  execFileSync('espeak-ng', ['-s', '150', '-w', voice, SENTENCES.join('. ')]);
  const file = join(dir, 'speech.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x305070:s=1280x720:r=25:d=${SECONDS}`,
    '-i',
    voice,
    '-filter_complex',
    `[1:a]apad,atrim=0:${SECONDS}[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** What the transcript job would keep: the sentences' words spread over the clip, one phrase per sentence. */
function transcriptOf(videoId: string): TranscriptJson {
  const words: TranscriptJson['words'] = [];
  const phrases: TranscriptJson['phrases'] = [];
  SENTENCES.forEach((sentence, s) => {
    const from = words.length;
    sentence.split(' ').forEach((text, i) => words.push({ text, start: 0.5 + s * 2.8 + i * 0.4, end: 0.5 + s * 2.8 + i * 0.4 + 0.35 }));
    phrases.push({ start: words[from].start, end: words[words.length - 1].end, from, to: words.length });
  });
  return { videoId, status: 'ready', message: '', engine: 'pocketsphinx', quality: 'draft', language: 'en', phrases, words, edited: false, updatedAt: null };
}

/** One frame of a stored reel as 8-bit grey pixels. */
async function greyFrame(storage: ObjectStorage, key: string, dir: string, at: number) {
  const file = join(dir, `${randomUUID()}.mp4`);
  await storage.downloadFile(key, file);
  const size = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-select_streams', 'v', file]).toString())
    .streams[0] as { width: number; height: number };
  const pixels = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    maxBuffer: 64 << 20,
  });
  return { ...size, pixels };
}

/** Mean absolute difference of two frames over rows [top, bottom) and columns [left, right), as shares of the frame. */
function meanDifference(
  a: Awaited<ReturnType<typeof greyFrame>>,
  b: Awaited<ReturnType<typeof greyFrame>>,
  box: { top: number; bottom: number; left?: number; right?: number },
) {
  let sum = 0;
  let n = 0;
  const [x0, x1] = [Math.round((box.left ?? 0) * a.width), Math.round((box.right ?? 1) * a.width)];
  for (let y = Math.round(box.top * a.height); y < Math.round(box.bottom * a.height); y++) {
    for (let x = x0; x < x1; x++) {
      sum += Math.abs(a.pixels[y * a.width + x] - b.pixels[y * a.width + x]);
      n++;
    }
  }
  return sum / n;
}

describe('captions burned into a 9:16 reel, subtitles and asked words over real infrastructure', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  let storage: ObjectStorage;
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-captions-'));
  const alice = randomUUID();
  const bob = randomUUID();
  let video: mediaV1.Video;
  let captioned: mediaV1.Highlight;

  beforeAll(async () => {
    media = await startMedia();
    storage = new ObjectStorage(storageConfigSchema.parse(process.env));
    const { uploadUrl, size } = await uploadFile(media.client, alice, speechClip(work));
    const created = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Toast',
      originalFilename: 'toast.mp4',
      fileSize: BigInt(size),
      duration: 0,
    });
    video = await waitForStatus(media.client, alice, created.id, ['processed']);
  }, 120_000);

  afterAll(async () => {
    await media?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers 404 for subtitles while there is no transcript, and defaults a new reel of a video with sound to clean captions', async () => {
    const err = await rejection(media.client.call(Rpc.videosSubtitles, { userId: alice, id: video.id, format: 'srt' }));
    expect({ code: err.code, message: err.message }).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'This video has no transcript yet, so there are no subtitles.',
    });
    // Without a transcript the reel is made, without captions.
    const queued = await media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, targetLength: 15, render: { quality: '480p' } });
    expect(queued.render?.captions).toBe('clean');
    expect((await waitForHighlight(media.client, alice, queued.id)).status).toBe('ready');
  });

  it('burns the captions in inside the safe area: the same frame with captions none differs above the bottom fifth only', async () => {
    const key = transcriptKey(video.id);
    const file = join(work, 'transcript.json');
    writeFileSync(file, JSON.stringify(transcriptOf(video.id)));
    await storage.writeFile(key, file, 'application/json');

    const queued = await media.client.call(Rpc.highlightsGenerate, {
      userId: alice,
      videoId: video.id,
      targetLength: 15,
      render: { quality: '480p', aspect: '9:16', captions: 'bold' },
    });
    captioned = await waitForHighlight(media.client, alice, queued.id);
    expect(captioned.status).toBe('ready');
    expect(captioned.render?.captions).toBe('bold');
    const edit = await media.client.call(Rpc.highlightsEdit, {
      userId: alice,
      highlightId: captioned.id,
      moments: captioned.moments,
      render: { captions: 'none' },
    });
    const plain = await waitForHighlight(media.client, alice, edit.id);
    expect(plain.render?.captions).toBe('none');
    expect(plain.render?.aspect).toBe('9:16');

    const keyOf = async (h: mediaV1.Highlight) =>
      (await media.client.call(Rpc.objectResolve, { userId: alice, highlightId: h.id, kind: mediaV1.ObjectKind.REEL_DOWNLOAD })).key;
    // 1.2 s into the reel: "Good evening everyone" is on screen.
    const withCaptions = await greyFrame(storage, await keyOf(captioned), work, 1.2);
    const without = await greyFrame(storage, await keyOf(plain), work, 1.2);
    expect(withCaptions.height).toBeGreaterThan(withCaptions.width);
    expect(meanDifference(withCaptions, without, { top: 0.55, bottom: 0.8 })).toBeGreaterThan(3);
    expect(meanDifference(withCaptions, without, { top: 0.81, bottom: 1 })).toBeLessThan(0.5);
    expect(meanDifference(withCaptions, without, { top: 0, bottom: 0.12 })).toBeLessThan(0.5);
    expect(meanDifference(withCaptions, without, { top: 0.55, bottom: 0.8, left: 0, right: 0.05 })).toBeLessThan(0.5);
  });

  it('serves the video and reel subtitles to the owner only, the reel on its own clock', async () => {
    const srt = await media.client.call(Rpc.videosSubtitles, { userId: alice, id: video.id, format: 'srt' });
    expect(srt.contentType).toBe('application/x-subrip; charset=utf-8');
    expect(srt.content.startsWith('1\n00:00:00,500 --> 00:00:01,')).toBe(true);
    expect(srt.content).toContain('Good evening everyone');
    const vtt = await media.client.call(Rpc.highlightsSubtitles, { userId: alice, id: captioned.id, format: 'vtt' });
    expect(vtt.contentType).toBe('text/vtt; charset=utf-8');
    expect(vtt.content.startsWith('WEBVTT\n\n')).toBe(true);
    const first = captioned.moments[0];
    const cueStarts = [...vtt.content.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d\d\d) -->/g)].map((m) => Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000);
    expect(cueStarts.length).toBeGreaterThan(0);
    expect(cueStarts[0]).toBeCloseTo(Math.max(0, 0.5 - first.start), 2);
    for (const call of [
      media.client.call(Rpc.videosSubtitles, { userId: bob, id: video.id, format: 'srt' }),
      media.client.call(Rpc.highlightsSubtitles, { userId: bob, id: captioned.id, format: 'vtt' }),
    ]) {
      expect((await rejection(call)).code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('refuses an unknown caption style and says which asked words were never said', async () => {
    const err = await rejection(media.client.call(Rpc.highlightsGenerate, { userId: alice, videoId: video.id, render: { captions: 'comic' } }));
    expect({ code: err.code, message: err.message }).toEqual({
      code: ErrorCode.INVALID_ARGUMENT,
      message: 'Unknown caption style: comic. Use none, clean, bold or karaoke.',
    });
    const queued = await media.client.call(Rpc.highlightsGenerate, {
      userId: alice,
      videoId: video.id,
      targetLength: 15,
      includeWords: ['Raise your glasses', 'goal'],
      render: { quality: '480p', captions: 'none' },
    });
    const ready = await waitForHighlight(media.client, alice, queued.id);
    expect(ready.status).toBe('ready');
    expect(ready.summary).toContain('Not said in the video: "goal"');
    expect(ready.summary).not.toContain('Raise');
    const raise = transcriptOf(video.id).words.find((w) => w.text === 'raise')!;
    expect(ready.moments.some((m) => m.start <= raise.start && m.end >= raise.end)).toBe(true);
  });
});
