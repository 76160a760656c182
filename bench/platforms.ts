import { PLATFORM_SPECS, type Platform } from '@reelsmith/proto/http';
import { api } from '../test/system/api';
import { plainEncodeOfMoments } from './engine';

const PLATFORMS: Platform[] = ['shorts', 'square', 'portrait'];
const LENGTHS = [15, 30, 60];
/** The reel's size at 1080p for each platform's aspect (reelSize of the media service). */
const SIZES: Record<string, { width: number; height: number }> = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
};

interface ReadyReel {
  id: string;
  status: string;
  targetLength: number;
  moments: Array<{ start: number; end: number }>;
  timings: { analysisSeconds: number | null; renderSeconds: number | null };
  reel: { duration: number; width: number; height: number };
  errorReason: string | null;
}

/**
 * One generate per platform preset (Shorts 9:16, Feed square 1:1, Feed portrait 4:5), each asking
 * for 15, 30 and 60 s: nine reels. Their total render time beside the sum of plain encodes of the
 * same moments at the same sizes (each moment seeked, concatenated, centre-cropped and scaled,
 * nothing else); the goal is at most 1.2x. Also how many of the nine analysed the video.
 */
export async function platformsBench(baseUrl: string, token: string, videoId: string, source: string) {
  console.log(`\n== One generate per preset (${PLATFORMS.join(', ')}) with lengths ${LENGTHS.join('/')} s: ${PLATFORMS.length * LENGTHS.length} reels ==`);
  const requested = Date.now();
  const queued: Array<{ id: string; status: string }> = [];
  for (const platform of PLATFORMS) {
    const answer = await api(baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token,
      body: { preset: 'sport', platform, lengths: LENGTHS, fillToLength: true, captions: 'none' },
    });
    if (answer.status !== 202) throw new Error(`generate-highlights answered ${answer.status}: ${answer.text}`);
    queued.push(...answer.json.versions);
  }
  const reels = await Promise.all(queued.map((q) => untilReady(baseUrl, token, q)));
  const allReady = (Date.now() - requested) / 1000;
  let render = 0;
  let plain = 0;
  for (const [i, reel] of reels.entries()) {
    const size = SIZES[PLATFORM_SPECS[PLATFORMS[Math.floor(i / LENGTHS.length)]].aspect];
    render += reel.timings.renderSeconds ?? 0;
    plain += await plainEncodeOfMoments(source, reel.moments, '/tmp/reelsmith-bench-plain-platform.mp4', size);
  }
  const analysed = reels.filter((r) => r.timings.analysisSeconds !== null).length;
  console.log(
    `reels: ${reels.map((r, i) => `${PLATFORMS[Math.floor(i / LENGTHS.length)]} ${r.targetLength} s -> ${r.reel.duration.toFixed(1)} s ${r.reel.width}x${r.reel.height}`).join('; ')}`,
  );
  console.log(`analyses made for the ${reels.length} reels: ${analysed} (goal 1; 0 when the video was analysed before)`);
  console.log(`all ${reels.length} reels ready ${allReady.toFixed(1)} s after the first click`);
  const ratio = render / plain;
  console.log(
    `total render ${render.toFixed(2)} s / sum of plain encodes of the same moments ${plain.toFixed(2)} s = ${ratio.toFixed(3)} (goal <= 1.20: ${ratio <= 1.2 ? 'met' : 'NOT met'})`,
  );
}

async function untilReady(baseUrl: string, token: string, queued: { id: string; status: string }): Promise<ReadyReel> {
  let highlight = queued as unknown as ReadyReel;
  while (highlight.status !== 'ready' && highlight.status !== 'error') {
    await new Promise((r) => setTimeout(r, 500));
    highlight = (await api(baseUrl, 'GET', `/api/highlights/${highlight.id}`, { token })).json;
  }
  if (highlight.status !== 'ready') throw new Error(`highlights failed: ${highlight.errorReason}`);
  return highlight;
}
