import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cropPath } from '../services/media/src/analysis/crop-path';
import { FaceDetector } from '../services/media/src/analysis/faces';
import { scoreAnalysis } from '../services/media/src/analysis/scoring';
import { selectMoments } from '../services/media/src/analysis/selection';
import { qualityFor, reelLength, renderArgs } from '../services/media/src/ffmpeg/args';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { Analyser } from '../services/media/src/analysis/analyser';
import { launchChromium } from '../test/support/browser';
import { personClip } from '../test/support/person-clip';

const FRAMES = 6;

/**
 * `npm run bench -- --only=face-reel [--clip=<video>] [--out=<dir>]`: a 9:16 reel of a clip with a
 * person, made by the engine as the worker makes it (analysis, wedding scoring, selection, crop on
 * the faces, render), then six of its frames: tiled into one PNG by ffmpeg, and shown by Chromium
 * playing the reel itself at those times (a screenshot). The face detector also looks at each
 * frame and says where the face is. Default clip: the person from the face tests (the sample
 * picture of @vladmandic/human near the right edge of a 1280x720 picture).
 */
export async function main(args: string[]): Promise<void> {
  const out = resolve(args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? '/tmp/face-reel');
  mkdirSync(out, { recursive: true });
  const clip = resolve(args.find((a) => a.startsWith('--clip='))?.slice('--clip='.length) ?? personClip(join(out, 'person.mp4')));
  const name = clip
    .split('/')
    .pop()!
    .replace(/\.[^.]+$/, '');
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(media);
  await analyser.warmFaces();
  const facts = await media.probe(clip);
  const analysis = await analyser.analyze(clip, { hasAudio: facts.hasAudio, durationSeconds: facts.duration, size: facts });
  const seconds = (analysis.faceCount ?? []).length;
  console.log(`\n== 9:16 reel of ${clip} (${facts.width}x${facts.height}, ${facts.duration.toFixed(1)} s) ==`);
  console.log(`faces per second: ${(analysis.faceCount ?? []).join(' ')}`);
  console.log(
    `face centre per second: ${(analysis.faceCenter ?? []).map((c, s) => (analysis.faceCount![s] ? c.toFixed(2) : '-')).join(' ')} (of ${seconds} s)`,
  );

  const scores = scoreAnalysis(analysis, 'wedding');
  const target = Math.min(15, Math.max(3, facts.duration - 1));
  const moments = selectMoments(analysis, scores, { preset: 'wedding', target, fill: true }).map((m) => ({
    start: m.start,
    end: m.end,
    crop: cropPath(analysis, m),
    reasons: m.reasons,
  }));
  for (const m of moments) {
    const path = m.crop
      .map((s) => `${(m.start + s.from).toFixed(1)}-${(m.start + s.to).toFixed(1)} s at ${s.x0.toFixed(2)}${s.x1 !== s.x0 ? `->${s.x1.toFixed(2)}` : ''}`)
      .join(', ');
    console.log(`moment ${m.start.toFixed(1)}-${m.end.toFixed(1)} s (${m.reasons.join(', ')}): crop centre ${path}`);
  }
  const reel = join(out, `${name}-9x16.mp4`);
  const spec = {
    source: clip,
    hasAudio: facts.hasAudio,
    moments,
    quality: qualityFor('720p', '9:16', facts),
    format: 'mp4',
    aspect: '9:16',
    crossfade: 0.4,
    output: reel,
    sourceSize: { width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect },
  } as const;
  await media.run(renderArgs(spec), { durationSeconds: reelLength(spec) });
  const length = reelLength(spec);
  const times = Array.from({ length: FRAMES }, (_, i) => ((i + 0.5) * length) / FRAMES);

  // The frames, tiled by ffmpeg, and what the detector sees in each.
  const detector = new FaceDetector();
  const found: string[] = [];
  for (const [i, t] of times.entries()) {
    const png = join(out, `${name}-frame-${i + 1}.png`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', t.toFixed(3), '-i', reel, '-frames:v', '1', '-vf', 'scale=270:480', png]);
    const rgb = execFileSync('ffmpeg', ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    const faces = await detector.detect(rgb, 270, 480);
    const best = faces.reduce<(typeof faces)[number] | null>((a, b) => (!a || b.score > a.score ? b : a), null);
    found.push(
      best
        ? `${t.toFixed(1)} s: face at x ${(best.x + best.width / 2).toFixed(2)}, y ${(best.y + best.height / 2).toFixed(2)} (score ${best.score.toFixed(2)})`
        : `${t.toFixed(1)} s: no face`,
    );
  }
  await detector.close();
  const tiles = join(out, `${name}-tiles.png`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    join(out, `${name}-frame-%d.png`),
    '-vf',
    `tile=${FRAMES}x1:padding=6:margin=6:color=white`,
    '-frames:v',
    '1',
    tiles,
  ]);
  console.log(`reel ${reel} (${length.toFixed(1)} s); frames: ${found.join('; ')}`);
  console.log(`tiled frames: ${tiles}`);

  // Chromium plays the reel itself, one video element per time, and takes a screenshot.
  const page = join(out, `${name}.html`);
  writeFileSync(
    page,
    `<!doctype html><meta charset="utf-8"><title>9:16 reel: ${name}</title>
<style>body{margin:12px;font:14px sans-serif;background:#fff}div{display:flex;gap:8px}figure{margin:0}video{width:200px;height:356px;background:#000;display:block}figcaption{text-align:center}</style>
<h1 style="font-size:16px">${name}: 9:16 reel, ${FRAMES} frames (crop on the faces, else the action)</h1>
<div>${times.map((t) => `<figure><video muted preload="auto" src="${reel.split('/').pop()}#t=${t.toFixed(3)}"></video><figcaption>${t.toFixed(1)} s</figcaption></figure>`).join('')}</div>`,
  );
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage({ viewport: { width: 1300, height: 460 } });
    await tab.goto(`file://${page}`);
    await tab.waitForFunction(() => Array.from(document.querySelectorAll('video')).every((v) => v.readyState >= 2 && !v.seeking), undefined, {
      timeout: 30_000,
    });
    const shot = join(out, `${name}-chromium.png`);
    await tab.screenshot({ path: shot, fullPage: true });
    console.log(`Chromium screenshot: ${shot}`);
  } finally {
    await browser.close();
  }
}
