import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A toast the tests say with espeak-ng (Debian): what it says, and when the voice starts and ends. */
export const TOAST = 'Good evening everyone. Thank you all for coming to our wedding. Please raise your glasses for a toast to the happy couple.';
/** Words of TOAST that the embedded recogniser hears in espeak's voice (measured: it hears about half of the toast). */
export const TOAST_WORDS = ['evening', 'thank', 'coming', 'wedding', 'glasses', 'toast', 'happy', 'couple'];
export const LEAD_IN_SECONDS = 1.5;

/**
 * An MP4 (small picture, AAC sound) of TOAST spoken after LEAD_IN_SECONDS of silence, with a
 * second of silence after it; returns its path and the seconds the voice spans.
 */
export function spokenClip(): { file: string; speechStart: number; speechEnd: number } {
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-spoken-'));
  const voice = join(dir, 'voice.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', voice, TOAST]);
  const voiceSeconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', voice]).toString());
  const file = join(dir, 'toast.mp4');
  const total = LEAD_IN_SECONDS + voiceSeconds + 1;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x305070:s=160x90:r=10:d=${total}`, '-i', voice],
    ...['-af', `adelay=${LEAD_IN_SECONDS * 1000}:all=1,apad`, '-t', String(total)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '48000', '-movflags', '+faststart', file],
  ]);
  return { file, speechStart: LEAD_IN_SECONDS, speechEnd: LEAD_IN_SECONDS + voiceSeconds };
}
