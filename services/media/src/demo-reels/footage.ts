import { existsSync } from 'node:fs';

/**
 * Footage for the sample reels, drawn by ffmpeg's lavfi sources (nothing downloaded): a match seen
 * from above with goals and a cheering crowd, a wedding's ceremony and first dance, a keynote with
 * its reveal and ovation, a road trip's landscapes. Each is a list of shots; the quiet ones are what
 * the engine should leave out, the loud and busy ones what it should keep.
 */
export type DemoKind = 'sport' | 'wedding' | 'business' | 'travel';

export interface Frame {
  w: number;
  h: number;
  rate: number;
}

interface Shot {
  seconds: number;
  /** A lavfi source chain of `seconds` at the frame's size and rate. */
  video: (f: Frame, seconds: number) => string;
  /** A lavfi audio source chain of `seconds` (48 kHz mono after the join). */
  audio: (seconds: number) => string;
}

const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const SERIF = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';

/** A caption (no quotes, colons or commas); left out where the font is not installed. */
function text(value: string, o: { size: number; x?: string; y?: string; color?: string; font?: string; box?: boolean }): string {
  const font = o.font ?? BOLD;
  if (!existsSync(font)) return '';
  const shadow = o.color && o.color !== 'white' ? 'white@0.5' : 'black@0.5';
  const box = o.box ? ':box=1:boxcolor=black@0.55:boxborderw=14' : `:shadowx=2:shadowy=2:shadowcolor=${shadow}`;
  return `,drawtext=fontfile=${font}:text='${value}':fontsize=h*${o.size}:fontcolor=${o.color ?? 'white'}:x=${o.x ?? '(w-tw)/2'}:y=${o.y ?? '(h-th)/2'}${box}`;
}

/** A dot (a player, a petal, a light) drifting on a Lissajous path around (cx, cy), in shares of the frame. */
function dot(color: string, size: number, cx: number, cy: number, ax: number, ay: number, speed: number, phase: number): string {
  if (!existsSync(BOLD)) return '';
  const x = `w*(${cx}+${ax}*sin(t*${speed}+${phase}))-tw/2`;
  const y = `h*(${cy}+${ay}*sin(t*${speed * 0.8}+${phase * 1.7}))-th/2`;
  return `,drawtext=fontfile=${BOLD}:text='●':fontsize=h*${size}:fontcolor=${color}:x='${x}':y='${y}'`;
}

const seeded = (i: number) => (((Math.sin(i * 12.9898) * 43758.5453) % 1) + 1) % 1;

// Sound: quiet beds the engine passes over, and the loud moments it looks for.
const murmur = (d: number) => `anoisesrc=c=brown:a=0.06:d=${d}`;
const roar = (d: number) => `anoisesrc=c=pink:a=0.55:d=${d},afade=t=in:d=0.4`;
const applause = (d: number) => `anoisesrc=c=white:a=0.32:d=${d},highpass=f=600,afade=t=in:d=0.3`;
const speech = (d: number) => `aevalsrc='0.4*sin(2*PI*140*t)*(0.6+0.4*sin(2*PI*4*t))*gt(sin(2*PI*4*t)\\,-0.3)':s=48000:d=${d},bandpass=f=700:w=600,volume=4`;
const whistle = (d: number) => `aevalsrc='0.3*sin(2*PI*2800*t)*lt(mod(t\\,${d})\\,0.6)':s=48000:d=${d}`;
const surf = (d: number) => `anoisesrc=c=brown:a=0.25:d=${d},volume='0.4+0.6*abs(sin(0.6*t))':eval=frame`;

// Sport: an overhead view of a pitch, two teams of dots and a ball, the crowd when it goes in.
function pitch(score: string, minute: string) {
  return (f: Frame, d: number) => {
    const players = Array.from({ length: 10 }, (_, i) =>
      dot(i % 2 ? '0x1e40af' : '0xdc2626', 0.07, 0.15 + 0.7 * seeded(i), 0.2 + 0.6 * seeded(i + 20), 0.08, 0.1, 0.5 + seeded(i + 40), i),
    ).join('');
    return (
      `color=c=0x2e7d32:s=${f.w}x${f.h}:r=${f.rate}:d=${d},drawgrid=w=iw/8:h=ih+2:t=iw/16:c=0x388e3c` +
      `,drawbox=x=iw/2-2:y=0:w=4:h=ih:c=white@0.85:t=fill,drawbox=x=0:y=ih*0.28:w=iw*0.14:h=ih*0.44:c=white@0.85:t=4` +
      `,drawbox=x=iw*0.86:y=ih*0.28:w=iw*0.14:h=ih*0.44:c=white@0.85:t=4` +
      players +
      dot('white', 0.05, 0.5, 0.5, 0.35, 0.3, 1.6, 0.3) +
      text(`RIVERSIDE ${score} HARBOUR   ${minute}`, { size: 0.045, x: 'h*0.05', y: 'h*0.05', box: true })
    );
  };
}

/** A cheering crowd, seen as confetti: cells of life in the team's colours, fading as they die. */
function celebration(title: string, [bright, mid, dark]: [string, string, string]) {
  return (f: Frame, d: number) =>
    `life=s=96x54:r=${f.rate}:ratio=0.5:mold=10:life_color=${bright}:mold_color=${mid}:death_color=${dark},scale=${f.w}:${f.h}:flags=bicubic,trim=duration=${d}` +
    // In the lower third, as large as fits across the frame (a glyph is about 0.6 of the font size wide).
    text(title, { size: Math.min(0.2, 2.2 / title.length), y: 'h*0.7-th/2' });
}

const SPORT: Shot[] = [
  { seconds: 12, video: pitch('0 - 0', '12'), audio: murmur },
  { seconds: 5, video: celebration('GOAL', ['#facc15', '#b91c1c', '#7f1d1d']), audio: roar },
  { seconds: 10, video: pitch('1 - 0', '38'), audio: murmur },
  { seconds: 4, video: celebration('SAVE', ['#e2e8f0', '#1e3a8a', '#172554']), audio: roar },
  { seconds: 10, video: pitch('1 - 0', '61'), audio: murmur },
  { seconds: 5, video: celebration('GOAL', ['#facc15', '#b91c1c', '#7f1d1d']), audio: roar },
  { seconds: 8, video: pitch('2 - 0', '90'), audio: whistle },
  { seconds: 6, video: celebration('CHAMPIONS', ['#fde047', '#a16207', '#713f12']), audio: roar },
];

// Wedding: soft colour washes, drifting lights, the vows spoken, applause at the kiss.
function wash(colours: string[], title: string, lights: string, ink = 'white') {
  return (f: Frame, d: number) => {
    const drift = Array.from({ length: 8 }, (_, i) =>
      dot(`${lights}@0.5`, 0.06 + 0.06 * seeded(i), seeded(i + 3), seeded(i + 9), 0.1, 0.15, 0.3 + 0.3 * seeded(i), i),
    ).join('');
    const stops = colours.map((c, i) => `c${i}=${c}`).join(':');
    return `gradients=s=${f.w}x${f.h}:r=${f.rate}:d=${d}:${stops}:n=${colours.length}:speed=0.02${drift}${text(title, { size: 0.09, font: SERIF, color: ink, y: 'h*0.7-th/2' })}`;
  };
}

const WEDDING: Shot[] = [
  { seconds: 10, video: wash(['0xf8e1e7', '0xf3d3b8'], 'Maya and Daniel', 'white', '0x831843'), audio: murmur },
  { seconds: 8, video: wash(['0xfbe8ee', '0xe9cfe3'], 'The vows', 'white', '0x831843'), audio: speech },
  { seconds: 5, video: celebration('Just married', ['#fbcfe8', '#be185d', '#831843']), audio: applause },
  { seconds: 10, video: wash(['0xf6e7d7', '0xf1d4dc'], 'The speeches', 'white', '0x831843'), audio: speech },
  { seconds: 4, video: celebration('Cheers', ['#fde68a', '#9d174d', '#500724']), audio: applause },
  { seconds: 9, video: wash(['0x3b0764', '0x9d174d', '0xca8a04'], 'First dance', '0xfde68a'), audio: murmur },
  { seconds: 5, video: celebration('First dance', ['#fde68a', '#581c87', '#3b0764']), audio: applause },
];

// Business: a stage with its screen, the talk, the reveal and the ovation.
function stage(slide: string) {
  return (f: Frame, d: number) =>
    `color=c=0x0b1220:s=${f.w}x${f.h}:r=${f.rate}:d=${d},drawbox=x=iw*0.2:y=ih*0.1:w=iw*0.6:h=ih*0.5:c=0xe2e8f0:t=fill` +
    `,drawbox=x=iw*0.44:y=ih*0.7:w=iw*0.12:h=ih*0.3:c=0x1e293b:t=fill` +
    dot('0xf59e0b', 0.12, 0.5, 0.66, 0.04, 0.005, 0.7, 0) +
    text(slide, { size: 0.07, y: 'h*0.3', color: '0x0f172a' });
}

function reveal(title: string) {
  return (f: Frame, d: number) =>
    `gradients=s=${f.w}x${f.h}:r=${f.rate}:d=${d}:c0=0x2563eb:c1=0x7c3aed:c2=0x06b6d4:n=3:speed=0.08` + text(title, { size: 0.1 });
}

const BUSINESS: Shot[] = [
  { seconds: 10, video: stage('Keynote 2026'), audio: speech },
  { seconds: 8, video: stage('What we learned'), audio: speech },
  { seconds: 5, video: reveal('Introducing Pulse'), audio: applause },
  { seconds: 10, video: stage('How it works'), audio: speech },
  { seconds: 5, video: celebration('Standing ovation', ['#bfdbfe', '#1e3a8a', '#172554']), audio: applause },
  { seconds: 8, video: stage('Thank you'), audio: speech },
];

// Travel: landscapes drawn small (geq is per pixel) and scaled up, each with its own sound.
type Rgb = [r: string, g: string, b: string];
const SMALL = '240x135';
const place = (title: string) => text(title, { size: 0.06, x: 'h*0.06', y: 'h-th-h*0.06' });

/** Sky above a horizon line (an expression of X and T), ground below. */
function landscape(sky: Rgb, horizon: string, ground: Rgb, title: string) {
  const channel = (i: number) => `'if(gt(Y\\,${horizon})\\,${ground[i]}\\,${sky[i]})'`;
  return painted(`r=${channel(0)}:g=${channel(1)}:b=${channel(2)}`, title);
}

function painted(geq: string, title: string) {
  return (f: Frame, d: number) => `color=c=black:s=${SMALL}:r=${f.rate}:d=${d},geq=${geq},scale=${f.w}:${f.h}:flags=bicubic${place(title)}`;
}

// A star: the same scattered pixels in every channel (random() differs per channel).
const star = '200*eq(mod(X*X*7+Y*Y*13+X*Y\\,311)\\,0)';
const ridge = '(84+10*sin(X/17)+14*sin(X/41+1))';
const shore = '(100+3*sin(X/9+T*2))';
const TRAVEL: Shot[] = [
  { seconds: 10, video: landscape(['250-Y', '150-Y/2', '90+Y'], ridge, ['28', '34', '44'], 'Dawn at Vik'), audio: murmur },
  {
    seconds: 6,
    video: painted(
      "r='if(between(X\\,100\\,140)\\,200+55*random(1)\\,40+Y/3)':g='if(between(X\\,100\\,140)\\,215+40*random(1)\\,70+Y/3)':b='if(between(X\\,100\\,140)\\,255\\,60+Y/4)'",
      'Skogafoss',
    ),
    audio: roar,
  },
  {
    seconds: 10,
    video: landscape(
      ['if(lt(Y\\,55)\\,150+Y\\,20+Y/3)', 'if(lt(Y\\,55)\\,190+Y/2\\,90+Y/2)', 'if(lt(Y\\,55)\\,235\\,140+Y/3)'],
      shore,
      ['22', '22', '26'],
      'Black sand beach',
    ),
    audio: surf,
  },
  {
    seconds: 6,
    video: painted(
      `r='8+${star}':g='12+${star}+220*exp(-pow(Y-50-15*sin(X/25+T*1.5)\\,2)/150)':b='30+${star}+120*exp(-pow(Y-35-10*sin(X/18-T)\\,2)/120)'`,
      'Northern lights',
    ),
    audio: applause,
  },
  { seconds: 10, video: landscape(['200-Y', '215-Y/2', '245-Y/4'], ridge, ['225', '235', '245'], 'Glacier road'), audio: murmur },
  { seconds: 5, video: celebration('Hot spring', ['#a5f3fc', '#0e7490', '#083344']), audio: roar },
];

export const FOOTAGE: Record<DemoKind, Shot[]> = { sport: SPORT, wedding: WEDDING, business: BUSINESS, travel: TRAVEL };

/** Seconds of footage of a kind at a time scale (1: the full footage; tests use a fraction). */
export function footageSeconds(kind: DemoKind, scale = 1): number {
  return FOOTAGE[kind].reduce((sum, shot) => sum + shotSeconds(shot, scale), 0);
}

const shotSeconds = (shot: Shot, scale: number) => Math.max(1, Math.round(shot.seconds * scale));

/** ffmpeg arguments that draw a kind's footage to an H.264/AAC MP4 at `output`. */
export function footageArgs(kind: DemoKind, frame: Frame, output: string, scale = 1): string[] {
  const shots = FOOTAGE[kind];
  const inputs = shots.flatMap((shot) => {
    const seconds = shotSeconds(shot, scale);
    return ['-f', 'lavfi', '-i', shot.video(frame, seconds), '-f', 'lavfi', '-i', shot.audio(seconds)];
  });
  const labels = shots.map(
    (shot, i) =>
      `[${2 * i}:v]setsar=1,format=yuv420p[v${i}];[${2 * i + 1}:a]aresample=48000,aformat=channel_layouts=mono,atrim=duration=${shotSeconds(shot, scale)}[a${i}]`,
  );
  const join = `${shots.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${shots.length}:v=1:a=1[v][a]`;
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    `${labels.join(';')};${join}`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    output,
  ];
}
