import type { ProjectJson, ProjectMomentJson } from '@reelsmith/proto/http';
import { frameAt, type FrameRate, isDropFrame, rationalTime } from './frames';
import { cropKeyframes } from './project-timeline';
import { element } from './xml';

export const FCPXML_VERSION = '1.10';

/**
 * The reel as FCPXML 1.10 (Final Cut Pro, DaVinci Resolve): a sequence in the reel's size on the
 * source's frame rate, one asset-clip a moment on the spine (every time an exact rational of
 * frames: "1001/30000s"), the music as a connected clip in lane -1 under the whole reel. A reel
 * narrower than its source fills the frame (adjust-conform fill) and pans where the render's crop
 * looked: position keyframes in FCPXML's units (percent of the frame's height).
 */
export function fcpxmlFile(project: ProjectJson): string {
  const rate: FrameRate = project.source.frameRate;
  const time = (frames: number) => rationalTime(frames, rate);
  const tcFormat = isDropFrame(rate) ? 'DF' : 'NDF';
  const sourceFrames = frameAt(project.source.duration, rate);
  const music = project.music;
  const musicFrames = music ? Math.max(1, Math.floor((music.duration * rate.num) / rate.den)) : 0;
  const resources = [
    element('format', { id: 'r1', name: 'Reel', frameDuration: time(1), width: project.reel.width, height: project.reel.height }),
    element('format', { id: 'r2', name: 'Source', frameDuration: time(1), width: project.source.width, height: project.source.height }),
    element(
      'asset',
      {
        id: 'r3',
        name: project.source.originalFilename,
        start: '0s',
        duration: time(sourceFrames),
        hasVideo: 1,
        format: 'r2',
        hasAudio: project.source.hasAudio ? 1 : 0,
        audioSources: project.source.hasAudio ? 1 : undefined,
        audioChannels: project.source.hasAudio ? 2 : undefined,
        audioRate: project.source.hasAudio ? 48000 : undefined,
      },
      [element('media-rep', { kind: 'original-media', src: relativeUrl(project.source.originalFilename) })],
    ),
    ...(music
      ? [
          element(
            'asset',
            { id: 'r4', name: music.title, start: '0s', duration: time(musicFrames), hasAudio: 1, audioSources: 1, audioChannels: 2, audioRate: 48000 },
            [element('media-rep', { kind: 'original-media', src: relativeUrl(music.filename) })],
          ),
        ]
      : []),
  ];
  const clips = project.moments.map((m, i) => momentClip(project, m, i === 0 ? musicClips(project, m, musicFrames) : []));
  const sequence = element(
    'sequence',
    { format: 'r1', duration: time(project.reel.frames), tcStart: '0s', tcFormat, audioLayout: 'stereo', audioRate: '48k' },
    [element('spine', {}, clips)],
  );
  const title = project.source.title || 'Reelsmith reel';
  const library = element('library', {}, [
    element('event', { name: `Reelsmith: ${title}` }, [element('project', { name: `${title} (reel ${project.reel.version})` }, [sequence])]),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n${element('fcpxml', { version: FCPXML_VERSION }, [element('resources', {}, resources), library])}\n`;
}

/** One moment on the spine: `start` is where it begins in the source, `offset` where on the timeline. */
function momentClip(project: ProjectJson, m: ProjectMomentJson, connected: string[]): string {
  const rate = project.source.frameRate;
  const time = (frames: number) => rationalTime(frames, rate);
  const adjustments = project.crop ? cropAdjustments(project, m) : [];
  return element(
    'asset-clip',
    {
      ref: 'r3',
      name: `Moment ${m.index}`,
      offset: time(m.recordInFrame),
      start: time(m.sourceInFrame),
      duration: time(m.sourceOutFrame - m.sourceInFrame),
      format: 'r2',
      tcFormat: isDropFrame(rate) ? 'DF' : 'NDF',
    },
    [...adjustments, ...connected],
  );
}

/**
 * The music under the whole reel, connected to the first clip (lane -1, offsets in that clip's own
 * time, which starts at its `start`): one clip a loop of the track, at the level the render mixes it.
 */
function musicClips(project: ProjectJson, first: ProjectMomentJson, musicFrames: number): string[] {
  const music = project.music;
  if (!music) return [];
  const time = (frames: number) => rationalTime(frames, project.source.frameRate);
  const clips: string[] = [];
  for (let at = 0; at < project.reel.frames; at += musicFrames) {
    const length = Math.min(musicFrames, project.reel.frames - at);
    clips.push(
      element(
        'asset-clip',
        { ref: 'r4', lane: -1, name: music.title, offset: time(first.sourceInFrame + at), start: '0s', duration: time(length), audioRole: 'music' },
        [element('adjust-volume', { amount: `${music.gainDb.toFixed(1)}dB` })],
      ),
    );
  }
  return clips;
}

/**
 * Fill the reel's frame with the source and pan to where the crop looks. Filled, the source is
 * scaled to the frame's height; a centre x (share of the source's width) is then an offset of
 * (0.5 - x) scaled widths, kept so the picture always covers the frame.
 */
function cropAdjustments(project: ProjectJson, m: ProjectMomentJson): string[] {
  const rate = project.source.frameRate;
  const scaledWidth = (project.source.width * project.reel.height) / project.source.height;
  const slack = Math.max(0, (scaledWidth - project.reel.width) / 2);
  const position = (x: number) => {
    const pixels = Math.max(-slack, Math.min(slack, (0.5 - x) * scaledWidth));
    return `${((pixels / project.reel.height) * 100).toFixed(3)} 0`;
  };
  const keyframes = cropKeyframes(m.crop, rate);
  const still = keyframes.length === 0 ? position(0.5) : position(keyframes[0].x);
  const animated =
    keyframes.length > 1
      ? [
          element('param', { name: 'position' }, [
            element(
              'keyframeAnimation',
              {},
              // Keyframe times are in the clip's own time: its source frames.
              keyframes.map((k) => element('keyframe', { time: rationalTime(m.sourceInFrame + k.frame, rate), value: position(k.x) })),
            ),
          ]),
        ]
      : [];
  return [element('adjust-conform', { type: 'fill' }), element('adjust-transform', { position: still }, animated)];
}

/** A file next to the project, as a relative URL (an editor relinks it when it is elsewhere). */
export function relativeUrl(filename: string): string {
  return `./${encodeURIComponent(filename)}`;
}
