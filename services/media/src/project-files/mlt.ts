import type { ProjectJson, ProjectMomentJson } from '@reelsmith/proto/http';
import { frameAt, type FrameRate } from './frames';
import { cropKeyframes } from './project-timeline';
import { element, textElement } from './xml';

/**
 * The reel as an MLT XML project (Shotcut, Kdenlive, melt): a profile of the reel's size on the
 * source's frame rate, producers for the source and the music, a playlist of the moments (in/out in
 * frames, out inclusive as MLT counts), a music playlist, and a tractor mixing the two tracks. A
 * reel narrower than its source scales the source to the frame's height and pans it with an
 * affine filter on each entry, keyframed where the render's crop looked.
 */
export function mltFile(project: ProjectJson): string {
  const rate: FrameRate = project.source.frameRate;
  const sourceFrames = Math.max(1, frameAt(project.source.duration, rate));
  const music = project.music;
  const musicFrames = music ? Math.max(1, Math.floor((music.duration * rate.num) / rate.den)) : 0;
  const [aspectNum, aspectDen] = reduced(project.reel.width, project.reel.height);
  const profile = element('profile', {
    description: `Reelsmith ${project.reel.aspect} ${project.reel.width}x${project.reel.height} ${project.source.frameRate.fps} fps`,
    width: project.reel.width,
    height: project.reel.height,
    progressive: 1,
    sample_aspect_num: 1,
    sample_aspect_den: 1,
    display_aspect_num: aspectNum,
    display_aspect_den: aspectDen,
    frame_rate_num: rate.num,
    frame_rate_den: rate.den,
    colorspace: 709,
  });
  const producers = [
    element('producer', { id: 'source', in: 0, out: sourceFrames - 1 }, [
      property('length', sourceFrames),
      property('resource', project.source.originalFilename),
      property('mlt_service', 'avformat'),
      property('shotcut:caption', project.source.title || project.source.originalFilename),
    ]),
    ...(music
      ? [
          element('producer', { id: 'music', in: 0, out: musicFrames - 1 }, [
            property('length', musicFrames),
            property('resource', music.filename),
            property('mlt_service', 'avformat'),
            property('shotcut:caption', music.title),
          ]),
        ]
      : []),
  ];
  const video = element('playlist', { id: 'moments' }, [
    property('shotcut:video', 1),
    property('shotcut:name', 'V1'),
    ...project.moments.map((m) => momentEntry(project, m)),
  ]);
  const tracks = [video, ...(music ? [musicPlaylist(project, musicFrames)] : [])];
  const tractor = element('tractor', { id: 'reel', title: project.source.title, in: 0, out: Math.max(0, project.reel.frames - 1) }, [
    property('shotcut', 1),
    element('track', { producer: 'moments' }),
    ...(music
      ? [
          element('track', { producer: 'music_bed', hide: 'video' }),
          element('transition', { id: 'mix' }, [
            property('a_track', 0),
            property('b_track', 1),
            property('mlt_service', 'mix'),
            property('always_active', 1),
            property('sum', 1),
          ]),
        ]
      : []),
  ]);
  const root = element('mlt', { LC_NUMERIC: 'C', version: '7.0.0', title: project.source.title, producer: 'reel' }, [
    profile,
    ...producers,
    ...tracks,
    tractor,
  ]);
  return `<?xml version="1.0" encoding="utf-8"?>\n${root}\n`;
}

/** A moment as a playlist entry: source frames in..out (MLT's out is the last frame shown). */
function momentEntry(project: ProjectJson, m: ProjectMomentJson): string {
  const filters = project.crop ? [panFilter(project, m)] : [];
  return element('entry', { producer: 'source', in: m.sourceInFrame, out: m.sourceOutFrame - 1 }, filters);
}

/**
 * Scales the source to the frame's height and moves it so the crop's centre is in the middle of the
 * frame (kept so the picture always covers it): `transition.rect` keyframes in the entry's frames.
 */
function panFilter(project: ProjectJson, m: ProjectMomentJson): string {
  const { reel, source } = project;
  const scaledWidth = Math.round((source.width * reel.height) / source.height);
  const left = (x: number) => Math.round(Math.max(reel.width - scaledWidth, Math.min(0, reel.width / 2 - x * scaledWidth)));
  const keyframes = cropKeyframes(m.crop, project.source.frameRate);
  const points = keyframes.length > 0 ? keyframes : [{ frame: 0, x: 0.5 }];
  const rect = points.map((k) => `${k.frame}=${left(k.x)} 0 ${scaledWidth} ${reel.height} 1`).join(';');
  return element('filter', {}, [
    property('mlt_service', 'affine'),
    property('transition.rect', rect),
    property('transition.fill', 1),
    property('transition.distort', 0),
    property('background', 'color:#000000'),
  ]);
}

/** The music under the whole reel, looped when the reel is longer than the track, at the render's level. */
function musicPlaylist(project: ProjectJson, musicFrames: number): string {
  const music = project.music!;
  const entries: string[] = [];
  for (let at = 0; at < project.reel.frames; at += musicFrames) {
    entries.push(element('entry', { producer: 'music', in: 0, out: Math.min(musicFrames, project.reel.frames - at) - 1 }));
  }
  return element('playlist', { id: 'music_bed' }, [
    property('shotcut:audio', 1),
    property('shotcut:name', 'A1'),
    ...entries,
    element('filter', {}, [property('mlt_service', 'volume'), property('gain', decibelsToGain(music.gainDb).toFixed(4))]),
  ]);
}

const property = (name: string, value: string | number) => textElement('property', { name }, value);

const decibelsToGain = (db: number) => 10 ** (db / 20);

function reduced(a: number, b: number): [number, number] {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  const g = gcd(a, b) || 1;
  return [a / g, b / g];
}
