import type { ProjectJson } from '@reelsmith/proto/http';
import { type FrameRate, isDropFrame, timecode } from './frames';

/** CMX3600 keeps titles and reel names short and plain. */
const TITLE_LENGTH = 70;
/** File-based sources have no tape: "AX" (auxiliary) with the clip's name in a comment, as Premiere and Resolve write it. */
const SOURCE_REEL = 'AX';

/**
 * One CMX3600 event line: event number (3 digits), reel (8), track (5), transition (4), transition
 * length (3), then source in/out and record in/out timecodes, each field one space apart.
 */
export function edlEvent(event: number, reel: string, track: string, sourceIn: string, sourceOut: string, recordIn: string, recordOut: string): string {
  const fields = [String(event).padStart(3, '0'), '', reel.slice(0, 8).padEnd(8), track.padEnd(5), 'C'.padEnd(4), ''.padEnd(3)];
  return `${fields.join(' ')} ${sourceIn} ${sourceOut} ${recordIn} ${recordOut}`;
}

/** Plain ASCII for a CMX3600 line (editors read these files as Latin-1 or ASCII). */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();

/**
 * The reel as a CMX3600 EDL: the moments on V and A1 ("B") from the source, the music bed on A2 as
 * one event per loop of the track. Timecodes on the source's frame rate, drop-frame at 29.97/59.94.
 */
export function edlFile(project: ProjectJson): string {
  const rate: FrameRate = project.source.frameRate;
  const tc = (frame: number) => timecode(frame, rate);
  const lines = [
    `TITLE: ${ascii(project.source.title).slice(0, TITLE_LENGTH) || 'Reelsmith reel'}`,
    `FCM: ${isDropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
    '',
  ];
  const clip = ascii(project.source.originalFilename) || 'source';
  let event = 0;
  for (const m of project.moments) {
    event += 1;
    const track = project.source.hasAudio ? 'B' : 'V';
    lines.push(edlEvent(event, SOURCE_REEL, track, tc(m.sourceInFrame), tc(m.sourceOutFrame), tc(m.recordInFrame), tc(m.recordOutFrame)));
    lines.push(`* FROM CLIP NAME: ${clip}`);
    lines.push(`* MOMENT ${m.index}: SCORE ${m.score.toFixed(2)}${m.reasons.length ? `, ${ascii(m.reasons.join(', '))}` : ''}`);
    lines.push('');
  }
  const music = project.music;
  if (music && project.reel.frames > 0) {
    const loopFrames = Math.max(1, Math.floor((music.duration * rate.num) / rate.den));
    for (let at = 0; at < project.reel.frames; at += loopFrames) {
      const length = Math.min(loopFrames, project.reel.frames - at);
      event += 1;
      lines.push(edlEvent(event, SOURCE_REEL, 'A2', tc(0), tc(length), tc(at), tc(at + length)));
      lines.push(`* FROM CLIP NAME: ${ascii(music.filename)}`);
      lines.push(`* MUSIC: ${ascii(music.title)}, LEVEL ${music.gainDb.toFixed(1)} DB, DUCKED ${music.duckUnderSpeechDb} DB UNDER SPEECH`);
      lines.push('');
    }
  }
  return `${lines.join('\r\n').trimEnd()}\r\n`;
}
