import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mltFile } from './mlt';
import { sampleProject, verticalProject } from './project-fixture';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['producer', 'playlist', 'entry', 'track', 'property', 'filter'].includes(name),
});
const parse = (xml: string): any => parser.parse(xml);
// <mlt producer="reel"> has <producer> children too: its attributes are read apart.
const rootParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name === 'producer',
});
const producersOf = (xml: string): any[] =>
  rootParser
    .parse(xml)
    .mlt.producer.map((p: any) => ({ id: p['@id'], out: p['@out'], property: p.property.map((q: any) => ({ name: q['@name'], '#text': q['#text'] })) }));
const props = (node: any): Record<string, string> => Object.fromEntries((node.property ?? []).map((p: any) => [p.name, String(p['#text'])]));

describe('mltFile', () => {
  const xml = mltFile(sampleProject());
  const mlt = parse(xml).mlt;

  it('is well-formed MLT XML with a profile of the reel on the source frame rate', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(rootParser.parse(xml).mlt).toMatchObject({ '@LC_NUMERIC': 'C', '@producer': 'reel' });
    expect(mlt.profile).toMatchObject({
      width: '1920',
      height: '1080',
      frame_rate_num: '30000',
      frame_rate_den: '1001',
      display_aspect_num: '16',
      display_aspect_den: '9',
      progressive: '1',
    });
  });

  it('has producers for the source (its original name) and the music', () => {
    const [source, music] = producersOf(xml);
    expect(source.id).toBe('source');
    expect(props(source)).toMatchObject({ resource: 'DSC 0042 Derby.MP4', mlt_service: 'avformat' });
    // The whole source: 3800 s at 29.97.
    expect(source.out).toBe(String(113886 - 1));
    expect(music.id).toBe('music');
    expect(props(music)).toMatchObject({ resource: 'bright-morning.mp3', mlt_service: 'avformat' });
  });

  it('plays the moments in a playlist, in/out in source frames with an inclusive out', () => {
    const moments = mlt.playlist.find((p: any) => p.id === 'moments');
    expect(moments.entry.map((e: any) => [e.producer, e.in, e.out])).toEqual([
      ['source', '375', '516'],
      ['source', '8991', '9125'],
      ['source', '111641', '111817'],
    ]);
    // No crop for a reel of the source's shape.
    expect(moments.entry.every((e: any) => e.filter === undefined)).toBe(true);
  });

  it('mixes a music track under the moments for the whole reel, looped, at the render level', () => {
    const music = mlt.playlist.find((p: any) => p.id === 'music_bed');
    const frames = music.entry.reduce((sum: number, e: any) => sum + Number(e.out) - Number(e.in) + 1, 0);
    expect(frames).toBe(454);
    expect(music.entry.map((e: any) => [e.in, e.out])).toEqual([
      ['0', '238'],
      ['0', '214'],
    ]);
    expect(props(music.filter[0])).toEqual({ mlt_service: 'volume', gain: '0.3981' });
    expect(mlt.tractor).toMatchObject({ id: 'reel', in: '0', out: '453' });
    expect(mlt.tractor.track).toEqual([{ producer: 'moments' }, { producer: 'music_bed', hide: 'video' }]);
    expect(props(mlt.tractor.transition)).toMatchObject({ mlt_service: 'mix', a_track: '0', b_track: '1', sum: '1' });
  });

  it('has neither music producer nor track without music', () => {
    const silentXml = mltFile(sampleProject({ music: null }));
    const silent = parse(silentXml).mlt;
    expect(producersOf(silentXml).map((p) => p.id)).toEqual(['source']);
    expect(silent.tractor.track).toEqual([{ producer: 'moments' }]);
    expect(silent.tractor.transition).toBeUndefined();
  });

  it('pans a 9:16 reel with an affine filter per entry, keyframed in the entry frames where the crop looked', () => {
    const vertical = parse(mltFile(verticalProject())).mlt;
    expect(vertical.profile).toMatchObject({
      width: '1080',
      height: '1920',
      display_aspect_num: '9',
      display_aspect_den: '16',
      frame_rate_num: '25',
      frame_rate_den: '1',
    });
    const [pan, jump] = vertical.playlist.find((p: any) => p.id === 'moments').entry;
    expect(props(pan.filter[0])).toMatchObject({ mlt_service: 'affine', 'transition.fill': '1', 'transition.distort': '0' });
    // The source scaled to 1920 high is 3413 wide; x 0.3 centred puts its left edge at 540 - 0.3 * 3413.
    expect(props(pan.filter[0])['transition.rect']).toBe('0=-484 0 3413 1920 1;99=-1508 0 3413 1920 1');
    // x 0.9 and 0.1 would uncover the frame: the picture stays against its edge.
    expect(props(jump.filter[0])['transition.rect']).toBe('0=-2333 0 3413 1920 1;49=-2333 0 3413 1920 1;50=0 0 3413 1920 1;99=0 0 3413 1920 1');
  });
});
