import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Analyser } from '../src/analysis/analyser';
import { MediaRepository } from '../src/ffmpeg/media.repository';
import { reasonsFor, scoreAnalysis } from '../src/analysis/scoring';

/** Reasons must be true: only a voice is 'speech' (generated sound through real ffmpeg, flite for the voice). */
describe('speech is what is said, nothing else', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-speech-'));
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(media);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const SECONDS = 12;
  const SOUNDS: Record<string, string> = {
    speech:
      "flite=text='Good evening everyone, and thank you all for coming tonight. We are so happy to share this day with you. " +
      "When we first met, neither of us imagined that we would be standing here. Please enjoy the dinner and the dancing.':voice=kal,apad",
    tones: "aevalsrc='0.4*sin(2*PI*(440+220*gt(mod(t\\,2)\\,1))*t)':s=48000",
    beeps: "aevalsrc='0.5*sin(2*PI*1000*t)*gt(sin(2*PI*3*t)\\,0)':s=48000",
    // A melody of harmonic notes, four a second, over a kick drum.
    music:
      "aevalsrc='0.25*(sin(2*PI*(220*pow(2\\,floor(mod(t*4\\,8))/8))*t)+0.5*sin(4*PI*(220*pow(2\\,floor(mod(t*4\\,8))/8))*t)" +
      "+0.25*sin(6*PI*(220*pow(2\\,floor(mod(t*4\\,8))/8))*t))+0.5*sin(2*PI*60*t)*exp(-12*mod(t\\,0.5))':s=48000",
    crowd: "anoisesrc=c=pink:a=0.5,volume='0.7+0.3*sin(2*PI*0.5*t)':eval=frame",
    applause: 'anoisesrc=c=white:a=0.35,highpass=f=600',
    engine:
      "aevalsrc='(0.3*sin(2*PI*(90+10*sin(2*PI*0.3*t))*t)+0.2*sin(4*PI*(90+10*sin(2*PI*0.3*t))*t)+0.1*sin(6*PI*(90+10*sin(2*PI*0.3*t))*t))*(0.9+0.1*sin(2*PI*25*t))':s=48000,aeval='val(0)+0.05*(random(0)-0.5)'",
  };

  async function speechSeconds(name: string) {
    const file = join(work, `${name}.mp4`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x305070:s=160x90:r=10:d=${SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      SOUNDS[name],
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-ar',
      '48000',
      '-shortest',
      file,
    ]);
    const analysis = await analyser.analyze(file, { hasAudio: true, durationSeconds: SECONDS });
    const scores = scoreAnalysis(analysis, 'wedding');
    return { seconds: scores.speechRaw.reduce((a, b) => a + b, 0), reasons: reasonsFor(scores, 0, SECONDS, 'wedding') };
  }

  it('calls a voice speech', async () => {
    const { seconds, reasons } = await speechSeconds('speech');
    expect(seconds).toBeGreaterThanOrEqual(6);
    expect(reasons).toContain('speech');
  });

  it.each(['tones', 'beeps', 'music', 'crowd', 'applause', 'engine'])('does not call %s speech', async (name) => {
    const { seconds, reasons } = await speechSeconds(name);
    expect(seconds).toBe(0);
    expect(reasons).not.toContain('speech');
  });
});
