import { edlEvent, edlFile } from './edl';
import { sampleProject } from './project-fixture';

/** CMX3600 columns (0-based): event 0-2, reel 5-12, track 14-18, transition 20-23, its length 25-27, then four 11-character timecodes one space apart. */
const COLUMNS = {
  event: [0, 3],
  reel: [5, 13],
  track: [14, 19],
  transition: [20, 24],
  sourceIn: [29, 40],
  sourceOut: [41, 52],
  recordIn: [53, 64],
  recordOut: [65, 76],
} as const;
const field = (line: string, name: keyof typeof COLUMNS) => line.slice(...COLUMNS[name]);
const TIMECODE = /^\d{2}:\d{2}:\d{2}[:;]\d{2}$/;

describe('edlFile (CMX3600)', () => {
  it('puts every field of an event line in its column', () => {
    const line = edlEvent(7, 'AX', 'B', '00:00:01:00', '00:00:02:00', '00:00:00:00', '00:00:01:00');
    expect(line).toBe('007  AX       B     C        00:00:01:00 00:00:02:00 00:00:00:00 00:00:01:00');
    expect(line).toHaveLength(76);
    // A reel name never runs into the track column.
    expect(field(edlEvent(1, 'ABCDEFGHIJK', 'A2', 'a'.repeat(11), 'b'.repeat(11), 'c'.repeat(11), 'd'.repeat(11)), 'reel')).toBe('ABCDEFGH');
  });

  it('writes a title, drop-frame FCM and one event per moment with its clip name, at 29.97', () => {
    const lines = edlFile(sampleProject()).split('\r\n');
    expect(lines[0]).toBe('TITLE: Derby day: final "whistle" & <extra>');
    expect(lines[1]).toBe('FCM: DROP FRAME');
    const events = lines.filter((l) => /^\d{3} /.test(l));
    const video = events.filter((l) => field(l, 'track').trim() === 'B');
    expect(video).toHaveLength(3);
    video.forEach((line, i) => {
      expect(line).toHaveLength(76);
      expect(field(line, 'event')).toBe(String(i + 1).padStart(3, '0'));
      expect(field(line, 'reel')).toBe('AX      ');
      expect(field(line, 'transition')).toBe('C   ');
      for (const name of ['sourceIn', 'sourceOut', 'recordIn', 'recordOut'] as const) expect(field(line, name)).toMatch(TIMECODE);
      expect(lines[lines.indexOf(line) + 1]).toBe('* FROM CLIP NAME: DSC 0042 Derby.MP4');
    });
    // 12.5 s is frame 375 (00:00:12;15); 17.25 s is 517 (00:00:17;07); record from zero, straight cuts.
    expect([field(video[0], 'sourceIn'), field(video[0], 'sourceOut'), field(video[0], 'recordIn'), field(video[0], 'recordOut')]).toEqual([
      '00:00:12;15',
      '00:00:17;07',
      '00:00:00;00',
      '00:00:04;22',
    ]);
    // Past the hour mark the source timecode is on the clock (drop-frame): 3725.1 s is 01:02:05;03.
    expect(field(video[2], 'sourceIn')).toBe('01:02:05;03');
    // Each event's record in is the last one's record out.
    expect(field(video[1], 'recordIn')).toBe(field(video[0], 'recordOut'));
    expect(field(video[2], 'recordIn')).toBe(field(video[1], 'recordOut'));
  });

  it('lays the music on A2 from the reel start, one event per loop of the track', () => {
    const project = sampleProject();
    const events = edlFile(project)
      .split('\r\n')
      .filter((l) => /^\d{3} /.test(l) && field(l, 'track').trim() === 'A2');
    // 454 frames of reel over an 8 s track (239 frames at 29.97): two loops, the second 215 frames.
    expect(events.map((l) => [field(l, 'event'), field(l, 'sourceIn'), field(l, 'sourceOut'), field(l, 'recordIn'), field(l, 'recordOut')])).toEqual([
      ['004', '00:00:00;00', '00:00:07;29', '00:00:00;00', '00:00:07;29'],
      ['005', '00:00:00;00', '00:00:07;05', '00:00:07;29', '00:00:15;04'],
    ]);
    expect(edlFile(project)).toContain('* FROM CLIP NAME: bright-morning.mp3\r\n* MUSIC: Bright Morning, LEVEL -8.0 DB, DUCKED 12 DB UNDER SPEECH');
  });

  it('counts non-drop at whole rates (25 fps, colons) and marks a silent source video-only', () => {
    const text = edlFile(sampleProject({ music: null, source: { ...sampleProject().source, hasAudio: false } as never }, { num: 25, den: 1 }));
    expect(text).toContain('FCM: NON-DROP FRAME');
    const first = text.split('\r\n').find((l) => l.startsWith('001'))!;
    expect(field(first, 'track')).toBe('V    ');
    expect(field(first, 'sourceIn')).toBe('00:00:12:13');
    expect(text).not.toContain('A2');
  });

  it('keeps every line plain ASCII (accents dropped, other scripts left out)', () => {
    const text = edlFile(sampleProject({ source: { ...sampleProject().source, title: 'Café 決勝 Final', originalFilename: 'Mañana.mov' } as never }));
    expect(text).toMatch(/^TITLE: Cafe Final\r\n/);
    expect(text).toContain('* FROM CLIP NAME: Manana.mov');
    expect([...text].every((c) => c.charCodeAt(0) < 128)).toBe(true);
  });
});
