import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fcpxmlFile } from './fcpxml';
import { sampleProject, verticalProject } from './project-fixture';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['asset-clip', 'keyframe', 'format', 'asset'].includes(name),
});
const parse = (xml: string): any => parser.parse(xml);

/** An FCPXML time ("1001/30000s", "5s", "0s") as an exact fraction. */
function rational(time: string): [bigint, bigint] {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(time);
  if (!match) throw new Error(`not an FCPXML rational time: ${time}`);
  return [BigInt(match[1]), BigInt(match[2] ?? 1)];
}
const add = ([a, b]: [bigint, bigint], [c, d]: [bigint, bigint]): [bigint, bigint] => [a * d + c * b, b * d];
const same = ([a, b]: [bigint, bigint], [c, d]: [bigint, bigint]) => a * d === c * b;
/** Whole frames of `frameDuration` in `time`, or null when it is not a whole number of frames. */
function framesIn(time: string, frameDuration: string): bigint | null {
  const [a, b] = rational(time);
  const [c, d] = rational(frameDuration);
  return (a * d) % (b * c) === 0n ? (a * d) / (b * c) : null;
}

describe('fcpxmlFile', () => {
  const xml = fcpxmlFile(sampleProject());
  const doc = parse(xml);
  const sequence = doc.fcpxml.library.event.project.sequence;
  const clips: any[] = sequence.spine['asset-clip'];

  it('is well-formed FCPXML 1.10 with its resources: formats with a rational frameDuration, the source asset and its media', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n<fcpxml version="1.10">')).toBe(true);
    const [reel, source] = doc.fcpxml.resources.format;
    expect(reel).toMatchObject({ id: 'r1', frameDuration: '1001/30000s', width: '1920', height: '1080' });
    expect(source).toMatchObject({ id: 'r2', frameDuration: '1001/30000s' });
    const [asset, music] = doc.fcpxml.resources.asset;
    expect(asset).toMatchObject({ id: 'r3', name: 'DSC 0042 Derby.MP4', format: 'r2', start: '0s', hasVideo: '1', hasAudio: '1' });
    expect(asset['media-rep']).toEqual({ kind: 'original-media', src: './DSC%200042%20Derby.MP4' });
    expect(music).toMatchObject({ id: 'r4', hasAudio: '1' });
    expect(music['media-rep'].src).toBe('./bright-morning.mp3');
    // Titles with quotes, & and < survive as text.
    expect(doc.fcpxml.library.event.project.name).toBe('Derby day: final "whistle" & <extra> (reel 3)');
  });

  it('puts one asset-clip a moment on the spine, back to back, every time an exact number of frames', () => {
    expect(sequence).toMatchObject({ format: 'r1', tcStart: '0s', tcFormat: 'DF' });
    expect(clips).toHaveLength(3);
    let at: [bigint, bigint] = [0n, 1n];
    for (const clip of clips) {
      expect(clip.ref).toBe('r3');
      expect(same(rational(clip.offset), at)).toBe(true);
      for (const time of [clip.offset, clip.start, clip.duration]) expect(framesIn(time, '1001/30000s')).not.toBeNull();
      at = add(at, rational(clip.duration));
    }
    expect(same(rational(sequence.duration), at)).toBe(true);
    // The first moment starts at source frame 375 and lasts 142 frames; the last is past the hour.
    expect(framesIn(clips[0].start, '1001/30000s')).toBe(375n);
    expect(clips[0].duration).toBe('71071/15000s');
    expect(framesIn(clips[2].start, '1001/30000s')).toBe(111641n);
    expect(framesIn(sequence.duration, '1001/30000s')).toBe(454n);
  });

  it('connects the music to the first clip in lane -1, from the reel start to its end, at the render level', () => {
    const music: any[] = clips[0]['asset-clip'];
    expect(music.map((c) => c.lane)).toEqual(['-1', '-1']);
    // Connected clips are placed in the parent's own time, which starts at its `start`.
    expect(music[0].offset).toBe(clips[0].start);
    const total = music.reduce((sum, c) => add(sum, rational(c.duration)), [0n, 1n] as [bigint, bigint]);
    expect(same(total, rational(sequence.duration))).toBe(true);
    expect(music[0]['adjust-volume']).toEqual({ amount: '-8.0dB' });
    expect(clips[1]['asset-clip']).toBeUndefined();
  });

  it('has no crop for a reel of the source shape, and NDF times at 25 fps', () => {
    expect(clips[0]['adjust-transform']).toBeUndefined();
    const pal = parse(fcpxmlFile(sampleProject({}, { num: 25, den: 1 })));
    expect(pal.fcpxml.resources.format[0].frameDuration).toBe('1/25s');
    expect(pal.fcpxml.library.event.project.sequence.tcFormat).toBe('NDF');
    // 12.5 s falls between frames 312 (12.48 s) and 313: the render's seek shows 313 first.
    expect(pal.fcpxml.library.event.project.sequence.spine['asset-clip'][0].start).toBe('313/25s');
  });

  it('fills a 9:16 frame and pans with position keyframes where the crop looked, kept inside the picture', () => {
    const vertical = parse(fcpxmlFile(verticalProject()));
    expect(vertical.fcpxml.resources.format[0]).toMatchObject({ width: '1080', height: '1920', frameDuration: '1/25s' });
    const [pan, jump] = vertical.fcpxml.library.event.project.sequence.spine['asset-clip'];
    expect(pan['adjust-conform']).toEqual({ type: 'fill' });
    // Filled, the 1920x1080 source is 3413.3 px wide: x 0.3 is 682.7 px right of centre (35.556% of the height).
    const panKeys = pan['adjust-transform'].param.keyframeAnimation.keyframe;
    expect(panKeys).toEqual([
      { time: '10s', value: '35.556 0' },
      { time: '349/25s', value: '-17.778 0' },
    ]);
    // x 0.9 would show past the picture's edge: held at the edge (1166.7 px, 60.764%).
    const jumpKeys = jump['adjust-transform'].param.keyframeAnimation.keyframe;
    expect(jumpKeys.map((k: any) => k.value)).toEqual(['-60.764 0', '-60.764 0', '60.764 0', '60.764 0']);
    expect(jumpKeys.map((k: any) => framesIn(k.time, '1/25s'))).toEqual([500n, 549n, 550n, 599n]);
  });
});
