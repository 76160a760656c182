import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { Analyser } from '../services/media/src/analysis/analyser';
import { DEFAULT_MEDIA_DEV, frameTimes, nearestFrame, prf, type Score, scoreFrames, TOLERANCE, type Truth } from './real';

/**
 * A held-out check of the cut detector on REAL footage it was not tuned on: edits are spliced at
 * run time with ffmpeg from the clips in ../shared/media-dev (never copied into the repository),
 * into a temporary directory, so the ground truth is known exactly, by frame number in decode order:
 * hard cuts between clips (alike dark or alike coloured pairs among them), jump cuts inside one
 * clip, a fast-cut vertical edit (2-4 frame shots, white flashes, a flash transition, a light leak),
 * an SD anamorphic low-contrast edit, a variable-frame-rate edit, dissolves and dips to black
 * between stills, and no-cut negatives (the no-cut clips resized, a lamp switching on, a dark blob
 * passing close to the lens, slow motion). Scored as bench/real.ts scores the clips.
 */

const run = promisify(execFile);

const TEARS = 'clip_01_tears_of_steel.mp4';
const HAMILTON = 'short_hamilton_clip.mp4';
const DOG = '01_dog.mp4';
const APPLAUSE = 'applausing.mp4';
const COURT = 'test_video_structuralize.mp4';
const PANCAKE = 'flipping_a_pancake.mkv';
const DEMO = 'demo.mp4';
const PLANE = 'video_with_failing_audio.mp4';
const CAKE = 'making_cake.mp4';
const DRUMS = 'sample_demo_22.mp4';

/**
 * A piece of an edit: `frames` frames of `clip` from `start` (seconds, ffmpeg command-line time,
 * inside one shot of the clip: see clips.csv/cuts.csv), or white frames. `fx` is a filter applied
 * to the piece alone (frame numbers `n` count from the piece's first frame); `leak` lays a warm
 * light leak over it; `continues` marks a piece that goes on with the shot before the preceding
 * white frames (a flash inside a shot, not a cut).
 */
type Piece = { clip: string; start: number; frames: number; fx?: string; leak?: boolean; continues?: boolean; fps?: number; drop?: number } | { white: number };

interface Edit {
  name: string;
  width: number;
  height: number;
  fps: number;
  pieces: Piece[];
  /** Applied to the whole edit after the pieces are joined. */
  post?: string;
  /** Transitions that are not boundaries between pieces (e.g. a flash transition spanning pieces). */
  spans?: Truth[];
  /** Boundaries (piece indices) that are not cuts. */
  notCuts?: number[];
}

/** A spliced edit made with one ffmpeg command; `truth` by frame number, `frames` the frame count it must have. */
interface Built {
  name: string;
  args: string[];
  truth: Truth[];
  frames: number;
}

const SQUARE = "scale='trunc(iw*sar/2)*2':ih,setsar=1";

function piecesEdit(edit: Edit, dir: string): Built {
  const inputs: string[] = [];
  const chains: string[] = [];
  const truth: Truth[] = [...(edit.spans ?? [])];
  let frame = 0;
  let lastWhite: number | null = null;
  edit.pieces.forEach((piece, k) => {
    if ('white' in piece) {
      chains.push(
        `color=c=white:s=${edit.width}x${edit.height}:r=${edit.fps}:d=1,format=yuv420p,trim=end_frame=${piece.white},setpts=N/${edit.fps}/TB,settb=1/90000[p${k}]`,
      );
      lastWhite ??= frame;
      frame += piece.white;
      return;
    }
    const fps = piece.fps ?? edit.fps;
    const input = inputs.length / 6;
    inputs.push('-ss', piece.start.toFixed(3), '-t', (piece.frames / fps + 1).toFixed(3), '-i', join(dir, piece.clip));
    const size = `scale=${edit.width}:${edit.height}:force_original_aspect_ratio=increase,crop=${edit.width}:${edit.height},setsar=1`;
    const drop = piece.drop ? `,select='not(eq(mod(n\\,${piece.drop})\\,${piece.drop >> 1}))'` : '';
    const fx = piece.fx ? `,${piece.fx}` : '';
    let chain = `[${input}:v:0]${SQUARE},fps=${fps},${size},trim=end_frame=${piece.frames},setpts=PTS-STARTPTS${fx}${drop},format=yuv420p,settb=1/90000`;
    if (piece.leak) {
      const d = piece.frames / fps;
      const alpha = `'clip(200*sin(PI*T/${d.toFixed(3)})*exp(-((X-W*(0.1+0.7*T/${d.toFixed(3)}))^2+(Y-H*0.35)^2)/(2*(0.38*W)^2))\\,0\\,255)'`;
      chains.push(
        `color=c=black:s=${edit.width}x${edit.height}:r=${fps}:d=${d.toFixed(3)},format=rgba,geq=r='255':g='150+60*(1-Y/H)':b='60':a=${alpha},settb=1/90000[l${k}]`,
      );
      chain += `[b${k}];[b${k}][l${k}]overlay=0:0:shortest=1,format=yuv420p`;
    }
    chains.push(`${chain}[p${k}]`);
    const kept = piece.drop ? piece.frames - Math.floor((piece.frames - (piece.drop >> 1) - 1) / piece.drop + 1) : piece.frames;
    if (k > 0 && !piece.continues && !edit.notCuts?.includes(k) && !edit.spans?.some((s) => s.from <= frame && s.to >= frame)) {
      truth.push({ type: 'hard_cut', from: lastWhite ?? frame, to: frame });
    }
    lastWhite = null;
    frame += kept;
  });
  const joined = `${edit.pieces.map((_, k) => `[p${k}]`).join('')}concat=n=${edit.pieces.length}:v=1:a=0${edit.post ? `,${edit.post}` : ''}[v]`;
  return {
    name: edit.name,
    args: [...inputs, '-filter_complex', [...chains, joined].join(';'), '-map', '[v]', '-fps_mode', 'passthrough'],
    truth,
    frames: frame,
  };
}

/**
 * Stills taken from the clips, held and joined by dissolves and dips to black, then a fade to black
 * at the end. Every piece is made with a frame count (xfade's chained offsets are a frame out).
 */
function stillsEdit(dir: string): Built {
  const fps = 25;
  const stills: Array<[string, number]> = [
    [TEARS, 4.0],
    [DOG, 3.0],
    [HAMILTON, 5.0],
    [COURT, 2.0],
    [PLANE, 1.0],
    [PANCAKE, 2.0],
    [APPLAUSE, 3.0],
    [HAMILTON, 9.0],
    [CAKE, 8.0],
  ];
  const transitions: Array<['dissolve' | 'dip', number]> = [
    ['dissolve', 25],
    ['dip', 24],
    ['dissolve', 12],
    ['dissolve', 40],
    ['dip', 30],
    ['dissolve', 20],
    ['dissolve', 20],
    ['dip', 16],
  ];
  const hold = 45;
  const fadeOut = 30;
  const inputs: string[] = [];
  const chains: string[] = [];
  const labels: string[] = [];
  /** A still of `frames` frames, from its own input (seeked to the still's time). */
  const still = (k: number, frames: number, then = '') => {
    const input = inputs.length / 4;
    inputs.push('-ss', stills[k][1].toFixed(3), '-i', join(dir, stills[k][0]));
    const label = `s${chains.length}`;
    chains.push(
      `[${input}:v:0]${SQUARE},scale=640:360:force_original_aspect_ratio=increase,crop=640:360,setsar=1,format=yuv420p,trim=end_frame=1,loop=loop=${frames - 1}:size=1:start=0,settb=1/${fps},setpts=N,fps=${fps}${then}[${label}]`,
    );
    return label;
  };
  const truth: Truth[] = [];
  let frame = 0;
  stills.forEach((_, k) => {
    labels.push(still(k, hold));
    frame += hold;
    const transition = transitions[k];
    if (!transition) return;
    const [kind, frames] = transition;
    truth.push({ type: kind === 'dip' ? 'fade' : 'dissolve', from: frame, to: frame + frames - 1 });
    frame += frames;
    if (kind === 'dissolve') {
      const [a, b] = [still(k, frames), still(k + 1, frames)];
      const mix = `(N+1)/${frames + 1}`;
      labels.push(`m${k}`);
      chains.push(`[${a}][${b}]blend=all_expr='A*(1-${mix})+B*${mix}':shortest=1,setpts=N[m${k}]`);
    } else {
      const half = frames >> 1;
      labels.push(still(k, half, `,fade=t=out:s=0:n=${half}`), still(k + 1, frames - half, `,fade=t=in:s=0:n=${frames - half}`));
    }
  });
  labels.push(still(stills.length - 1, fadeOut, `,fade=t=out:s=0:n=${fadeOut}`));
  truth.push({ type: 'fade', from: frame, to: frame + fadeOut - 1 });
  frame += fadeOut;
  chains.push(`${labels.map((l) => `[${l}]`).join('')}concat=n=${labels.length}:v=1:a=0[v]`);
  return {
    name: 'stills: dissolves, dips to black, fade-out',
    args: [...inputs, '-filter_complex', chains.join(';'), '-map', '[v]', '-fps_mode', 'passthrough'],
    truth,
    frames: frame,
  };
}

/** A no-cut clip re-encoded at another size, frames untouched. */
function resized(dir: string, clip: string, filter: string, seconds?: number, careless: Truth[] = []): Built {
  return {
    name: `no cut: ${clip} ${filter.replace(/^scale=/, '')}${seconds ? ` first ${seconds} s` : ''}`,
    args: ['-i', join(dir, clip), ...(seconds ? ['-t', String(seconds)] : []), '-map', '0:v:0', '-vf', `${filter},setsar=1`, '-fps_mode', 'passthrough'],
    truth: careless,
    frames: -1,
  };
}

/** A whole clip (or its first seconds) with one filter, frames untouched: a negative. */
function filtered(name: string, dir: string, clip: string, filter: string, seconds?: number): Built {
  return {
    name,
    args: ['-i', join(dir, clip), ...(seconds ? ['-t', String(seconds)] : []), '-map', '0:v:0', '-vf', filter, '-fps_mode', 'passthrough'],
    truth: [],
    frames: -1,
  };
}

function edits(dir: string): Built[] {
  const wide = { width: 640, height: 360, fps: 25 };
  const list: Built[] = [];
  list.push(
    piecesEdit(
      {
        name: 'hard cuts between clips',
        ...wide,
        pieces: [
          { clip: TEARS, start: 3.0, frames: 45 },
          { clip: DOG, start: 1.0, frames: 45 },
          { clip: HAMILTON, start: 4.0, frames: 45 },
          { clip: COURT, start: 2.0, frames: 45 },
          { clip: PANCAKE, start: 1.0, frames: 45 },
          { clip: PLANE, start: 0.5, frames: 45 },
          { clip: DEMO, start: 1.0, frames: 45 },
          { clip: TEARS, start: 1.0, frames: 38 },
          { clip: HAMILTON, start: 8.0, frames: 45 },
          { clip: PLANE, start: 3.85, frames: 22 },
        ],
      },
      dir,
    ),
  );
  list.push(
    piecesEdit(
      {
        name: 'alike pairs (dark to dark, alike colours)',
        ...wide,
        pieces: [
          { clip: APPLAUSE, start: 1.0, frames: 45 },
          { clip: HAMILTON, start: 0.86, frames: 14 },
          { clip: APPLAUSE, start: 5.0, frames: 40 },
          { clip: HAMILTON, start: 3.0, frames: 12 },
          { clip: CAKE, start: 7.3, frames: 40 },
          { clip: HAMILTON, start: 8.2, frames: 40 },
          { clip: HAMILTON, start: 4.5, frames: 40 },
          { clip: TEARS, start: 3.5, frames: 40 },
          { clip: TEARS, start: 1.2, frames: 35 },
          { clip: DOG, start: 2.0, frames: 40 },
          { clip: PANCAKE, start: 2.0, frames: 40 },
          { clip: COURT, start: 5.0, frames: 40 },
        ],
      },
      dir,
    ),
  );
  list.push(
    piecesEdit(
      {
        name: 'jump cuts, moving camera',
        ...wide,
        pieces: [
          { clip: COURT, start: 0.5, frames: 40 },
          { clip: COURT, start: 3.5, frames: 40 },
          { clip: COURT, start: 7.0, frames: 40 },
          { clip: DEMO, start: 0.5, frames: 40 },
          { clip: DEMO, start: 3.5, frames: 40 },
          { clip: PANCAKE, start: 0.5, frames: 40 },
          { clip: PANCAKE, start: 4.0, frames: 40 },
          { clip: HAMILTON, start: 3.7, frames: 40 },
          { clip: HAMILTON, start: 6.5, frames: 30 },
          { clip: TEARS, start: 3.0, frames: 40 },
          { clip: TEARS, start: 6.0, frames: 40 },
          { clip: DRUMS, start: 3.0, frames: 40 },
          { clip: DRUMS, start: 12.0, frames: 40 },
          { clip: DRUMS, start: 25.0, frames: 40 },
        ],
      },
      dir,
    ),
  );
  list.push(
    piecesEdit(
      {
        name: 'jump cuts, locked-off camera',
        ...wide,
        pieces: [
          { clip: DOG, start: 1.0, frames: 50 },
          { clip: DOG, start: 5.0, frames: 50 },
          { clip: DOG, start: 8.0, frames: 40 },
          { clip: APPLAUSE, start: 1.0, frames: 50 },
          { clip: APPLAUSE, start: 6.0, frames: 50 },
        ],
      },
      dir,
    ),
  );
  list.push(verticalEdit(dir));
  list.push(
    piecesEdit(
      {
        name: 'SD anamorphic 704x576 SAR 16:11, low contrast',
        ...wide,
        pieces: [
          { clip: HAMILTON, start: 4.0, frames: 40 },
          { clip: HAMILTON, start: 8.2, frames: 40 },
          { clip: TEARS, start: 3.2, frames: 40 },
          { clip: TEARS, start: 1.2, frames: 35 },
          { clip: APPLAUSE, start: 2.0, frames: 40 },
          { clip: HAMILTON, start: 0.86, frames: 14 },
          { clip: DOG, start: 2.0, frames: 40 },
          { clip: PANCAKE, start: 2.0, frames: 40 },
          { clip: COURT, start: 3.0, frames: 40 },
        ],
        post: 'scale=704:576,setsar=16/11,eq=contrast=0.55:saturation=0.7,gblur=sigma=0.7,noise=alls=4:allf=t',
      },
      dir,
    ),
  );
  list.push(
    piecesEdit(
      {
        name: 'variable frame rate (15-30 fps pieces, dropped frames)',
        ...wide,
        pieces: [
          { clip: TEARS, start: 3.0, frames: 36, fps: 24 },
          { clip: COURT, start: 1.0, frames: 45, fps: 30, drop: 7 },
          { clip: DOG, start: 2.0, frames: 24, fps: 15 },
          { clip: HAMILTON, start: 4.0, frames: 40, fps: 30, drop: 5 },
          { clip: PLANE, start: 0.5, frames: 30, fps: 20 },
          { clip: DEMO, start: 2.0, frames: 40, fps: 28 },
        ],
      },
      dir,
    ),
  );
  list.push(stillsEdit(dir));
  // Negatives: nothing here is a cut.
  list.push(resized(dir, DOG, 'scale=480:270'));
  list.push(resized(dir, APPLAUSE, 'scale=480:320'));
  list.push(resized(dir, DEMO, 'scale=512:384', undefined, [{ type: 'other', from: 229, to: 268 }]));
  list.push(resized(dir, PANCAKE, 'scale=640:360'));
  list.push(resized(dir, CAKE, 'scale=240:320'));
  list.push(resized(dir, DRUMS, 'scale=288:508', 15));
  list.push(resized(dir, COURT, 'scale=640:360'));
  list.push(
    filtered('lamp on and off, static shot (dog, frames 100-199)', dir, DOG, "scale=640:360,eq=brightness=0.12:contrast=1.15:enable='between(n,100,199)'"),
  );
  list.push(
    filtered(
      'warm lamp on, dark stage (applause, from frame 120)',
      dir,
      APPLAUSE,
      "scale=640:426,eq=brightness=0.12:contrast=1.3:gamma_r=1.15:gamma_b=0.88:enable='gte(n,120)'",
    ),
  );
  list.push(occluded(dir, DOG));
  list.push(occluded(dir, APPLAUSE));
  list.push(filtered('slow motion x2, motion-interpolated (court, pans)', dir, COURT, 'setpts=2*PTS,minterpolate=fps=30:mi_mode=mci', 4.5));
  list.push(filtered('slow motion x2, repeated frames (demo, handheld)', dir, DEMO, 'setpts=2*PTS,fps=28', 6));
  list.push(
    filtered(
      'slow motion x2.5, blended frames (hamilton, performer)',
      dir,
      HAMILTON,
      'trim=start=3.7:end=7.7,setpts=2.5*(PTS-STARTPTS),minterpolate=fps=30:mi_mode=blend',
    ),
  );
  return list;
}

/** A dark, soft-edged blob (a hand close to the lens) crossing a static shot twice. */
function occluded(dir: string, clip: string): Built {
  const blob =
    "color=c=black:s=560x560:r=30:d=0.04,format=rgba,geq=r='50+25*Y/H':g='36+18*Y/H':b='28':a='255*clip((270-hypot(X-280\\,Y-280))/60\\,0\\,1)',loop=loop=-1:size=1:start=0[blob]";
  const x = "'if(between(t\\,2\\,3.2)\\,-560+(t-2)/1.2*(W+560)\\,if(between(t\\,5.5\\,7.3)\\,W/2-280\\,W))'";
  const y = "'if(between(t\\,5.5\\,7.3)\\,H-520*sin(PI*(t-5.5)/1.8)\\,-100)'";
  return {
    name: `no cut: dark blob close to the lens twice (${clip})`,
    args: [
      '-i',
      join(dir, clip),
      '-filter_complex',
      `${blob};[0:v:0]scale=640:-2,setsar=1[base];[base][blob]overlay=x=${x}:y=${y}:eval=frame:shortest=1,format=yuv420p[v]`,
      '-map',
      '[v]',
      '-fps_mode',
      'passthrough',
    ],
    truth: [],
    frames: -1,
  };
}

/** 9:16 at 30 fps: 2-4 frame shots, white flashes between and inside shots, a flash transition, a light leak. */
function verticalEdit(dir: string): Built {
  const pool: Array<[string, number]> = [
    [CAKE, 0.3],
    [HAMILTON, 4.2],
    [DRUMS, 2],
    [TEARS, 3.1],
    [DOG, 1.0],
    [COURT, 1.2],
    [CAKE, 3.6],
    [PANCAKE, 1.0],
    [DEMO, 1.0],
    [HAMILTON, 8.1],
    [DRUMS, 9],
    [TEARS, 5.0],
    [CAKE, 7.4],
    [APPLAUSE, 2.0],
    [COURT, 4.0],
    [PLANE, 0.6],
    [DRUMS, 16],
    [DOG, 5.0],
    [HAMILTON, 5.6],
    [PANCAKE, 5.0],
    [CAKE, 5.0],
    [TEARS, 1.2],
    [DEMO, 4.0],
    [DRUMS, 24],
    [COURT, 7.0],
    [HAMILTON, 9.5],
    [CAKE, 8.8],
    [TEARS, 6.6],
  ];
  const shot = (i: number, frames: number, extra: Partial<Extract<Piece, { clip: string }>> = {}): Piece => ({
    clip: pool[i][0],
    start: pool[i][1],
    frames,
    ...extra,
  });
  const pieces: Piece[] = [shot(0, 24)];
  [3, 2, 4, 2, 3, 4, 2, 3].forEach((n, i) => pieces.push(shot(i + 1, n)));
  pieces.push({ white: 2 }, shot(9, 4), shot(10, 3), shot(11, 2));
  // An over-exposed flash inside a shot, then white frames inside a shot: neither is a cut.
  pieces.push(shot(12, 20, { fx: "eq=brightness=0.55:contrast=0.6:enable='between(n,8,9)'" }));
  pieces.push(shot(13, 12), { white: 1 }, { ...shot(13, 12), start: pool[13][1] + 13 / 30, continues: true } as Piece);
  pieces.push(shot(14, 3), shot(15, 2), shot(16, 4));
  // A flash transition: the old shot burns out, one white frame, the new shot burns in.
  const burnFrom = pieces.reduce((n, p) => n + ('white' in p ? p.white : p.frames), 0) + 4;
  pieces.push(shot(17, 6, { fx: "eq=brightness=0.45:enable='gte(n,4)'" }), { white: 1 }, shot(18, 8, { fx: "eq=brightness=0.45:enable='lt(n,2)'" }));
  pieces.push(shot(19, 36, { leak: true }));
  [2, 3, 2, 4, 3].forEach((n, i) => pieces.push(shot(20 + i, n)));
  pieces.push({ white: 2 }, shot(25, 3), { white: 2 }, shot(26, 4), shot(27, 24));
  return piecesEdit(
    {
      name: '9:16 fast cuts (2-4 frames), flashes, light leak',
      width: 360,
      height: 640,
      fps: 30,
      pieces,
      spans: [{ type: 'hard_cut', from: burnFrom, to: burnFrom + 5 }],
    },
    dir,
  );
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

/** Makes each edit once per temp dir (named by a hash of its ffmpeg command), then analyses and scores it. */
export async function splicedBench(dir: string): Promise<void> {
  if (!existsSync(join(dir, 'cuts.csv'))) {
    console.log(`\n== Spliced real footage: skipped, no clips at ${dir} (set MEDIA_DEV_DIR or --media-dev=<dir>) ==`);
    return;
  }
  const list = edits(dir);
  const work = join(
    tmpdir(),
    `reelsmith-spliced-${createHash('sha1')
      .update(JSON.stringify(list.map((e) => e.args)))
      .digest('hex')
      .slice(0, 12)}`,
  );
  mkdirSync(work, { recursive: true });
  console.log(
    `\n== Spliced real footage (held out): ${list.length} edits made with ffmpeg from ${dir} in ${work}; cuts matched by frame within ${TOLERANCE} frames ==`,
  );
  const repository = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(repository);
  const widths = [58, 5, 4, 4, 5, 5, 5, 5];
  console.log(row(['edit', 'truth', 'hit', 'miss', 'false', 'P', 'R', 'F1'], widths));
  const total: Score = { hits: 0, misses: 0, falseCuts: 0, detected: 0 };
  let falseOnNoCut = 0;
  let negatives = 0;
  const details: string[] = [];
  for (const [i, edit] of list.entries()) {
    const file = join(work, `${String(i).padStart(2, '0')}.mp4`);
    if (!existsSync(file)) {
      await run(
        'ffmpeg',
        [
          '-hide_banner',
          '-nostdin',
          '-v',
          'error',
          '-y',
          ...edit.args,
          '-an',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '20',
          '-pix_fmt',
          'yuv420p',
          `${file}.tmp.mp4`,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      renameSync(`${file}.tmp.mp4`, file);
    }
    const times = await frameTimes(file);
    if (edit.frames >= 0 && times.length !== edit.frames)
      throw new Error(`${edit.name}: ${times.length} frames made, ${edit.frames} planned: the ground truth would be off`);
    const facts = await repository.probe(file);
    const analysis = await analyser.analyze(file, { hasAudio: false, durationSeconds: facts.duration, faces: false });
    const frames = analysis.cuts.map((t) => nearestFrame(times, t));
    const score = scoreFrames(frames, edit.truth);
    const wanted = edit.truth.filter((t) => t.type !== 'other');
    if (wanted.length === 0) {
      negatives++;
      falseOnNoCut += score.falseCuts;
    }
    for (const key of Object.keys(total) as Array<keyof Score>) total[key] += score[key];
    const { precision, recall, f1 } = prf(score);
    console.log(
      row(
        [
          edit.name.slice(0, widths[0]),
          String(wanted.length),
          String(score.hits),
          String(score.misses),
          String(score.falseCuts),
          fmt(precision),
          fmt(recall),
          fmt(f1),
        ],
        widths,
      ),
    );
    details.push(
      `  ${String(i).padStart(2, '0')} ${edit.name}: engine [${frames.join(', ')}]; truth [${edit.truth.map((t) => (t.from === t.to ? `${t.from}` : `${t.type === 'hard_cut' ? '' : `${t.type} `}${t.from}-${t.to}`)).join(', ')}]`,
    );
  }
  writeFileSync(
    join(work, 'truth.json'),
    JSON.stringify(
      list.map((e, i) => ({ file: `${String(i).padStart(2, '0')}.mp4`, name: e.name, truth: e.truth })),
      null,
      1,
    ),
  );
  console.log(details.join('\n'));
  const e = prf(total);
  const w2 = [58, 8];
  console.log(row([`total: ${total.hits + total.misses} transitions, ${total.hits} hits, ${total.misses} misses, ${total.falseCuts} false cuts`, ''], w2));
  console.log(row(['precision', fmt(e.precision)], w2));
  console.log(row(['recall', fmt(e.recall)], w2));
  console.log(row([`cut F1 at ${TOLERANCE} frames`, fmt(e.f1)], w2));
  console.log(row([`false cuts on the ${negatives} no-cut edits`, String(falseOnNoCut)], w2));
}

export async function main(args: string[]): Promise<void> {
  const dir = args.find((a) => a.startsWith('--media-dev='))?.slice('--media-dev='.length) ?? process.env.MEDIA_DEV_DIR ?? DEFAULT_MEDIA_DEV;
  await splicedBench(dir);
}
