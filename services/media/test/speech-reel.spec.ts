import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toastMedia } from '../../../test/support/speech-media';
import type { Analysis } from '../src/analysis/analysis';
import { Analyser } from '../src/analysis/analyser';
import { scoreAnalysis } from '../src/analysis/scoring';
import { CROSSFADE_SECONDS, selectMoments } from '../src/analysis/selection';
import { renderArgs, speechInReel } from '../src/ffmpeg/args';
import { MediaRepository } from '../src/ffmpeg/media.repository';

type Span = { start: number; end: number };
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const total = (spans: Span[]) => spans.reduce((s, x) => s + x.end - x.start, 0);

/** Mean level (dB) of the music's band (above 10 kHz: the toast's voice has nothing there) in a stretch of a file. */
function musicLevel(file: string, at: Span): number {
  const out = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-ss',
      at.start.toFixed(3),
      '-t',
      (at.end - at.start).toFixed(3),
      '-i',
      file,
      '-af',
      'highpass=f=10000:poles=2,highpass=f=10000:poles=2,volumedetect',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  ).stderr;
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(out)?.[1] ?? NaN);
}

/** The toast (espeak-ng sentences with pauses, then applause) through the real analysis, selection and render. */
describe('speech in the analysis, the moment edges and the music mix', () => {
  const toast = toastMedia();
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-speech-reel-'));
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  let analysis: Analysis;

  beforeAll(async () => {
    analysis = await new Analyser(media).analyze(toast.video, { hasAudio: true, durationSeconds: toast.duration, faces: false });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('the analysis holds the spoken sentences as speech segments, and not the pauses or the applause', () => {
    const speech = analysis.speech ?? [];
    const hit = toast.phrases.reduce((s, p) => s + speech.reduce((o, x) => o + overlap(x, p), 0), 0);
    expect(hit / total(toast.phrases)).toBeGreaterThan(0.9);
    expect(hit / total(speech)).toBeGreaterThan(0.85);
    expect(speech.reduce((o, x) => o + overlap(x, toast.applause), 0)).toBeLessThan(0.5);
  });

  it.each([15, 30])('no moment of a %i s reel starts or ends inside a spoken phrase (nor fades a word)', (target) => {
    const moments = selectMoments(analysis, scoreAnalysis(analysis, 'wedding'), { preset: 'wedding', target });
    expect(moments.length).toBeGreaterThan(0);
    const inside = (t: number) => toast.phrases.some((p) => t > p.start + 0.05 && t < p.end - 0.05);
    expect(moments.filter((m) => inside(m.start) || inside(m.end))).toEqual([]);
  });

  it('the music ducks under speech and comes back up in the pauses', () => {
    // The music bed: a 12 kHz tone, far above the toast's voice (16 kHz audio: nothing above 8 kHz).
    const music = join(work, 'tone.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=12000:sample_rate=48000:d=10', '-c:a', 'aac', '-b:a', '192k', music]);
    const moments = [
      { start: 4.6, end: 12.4 },
      { start: 16.8, end: 23.2 },
    ];
    const output = join(work, 'reel.mp4');
    const spec = {
      source: toast.video,
      hasAudio: true,
      moments,
      quality: '480p' as const,
      format: 'mp4' as const,
      aspect: '16:9' as const,
      crossfade: CROSSFADE_SECONDS,
      music: { source: music, loudness: -16 },
      speech: analysis.speech,
      sourceLevel: -20,
      output,
    };
    execFileSync(
      'ffmpeg',
      renderArgs(spec).filter((a) => a !== 'pipe:1' && a !== '-progress'),
    );
    // The true phrases in reel time, and the pauses between them, each without its edges (the ramps).
    const spoken = speechInReel(moments, CROSSFADE_SECONDS, toast.phrases).filter((s) => s.end - s.start > 1);
    const pauses = spoken.slice(1).map((s, i) => ({ start: spoken[i].end + 0.3, end: s.start - 0.3 }));
    const quiet = pauses.filter((p) => p.end - p.start >= 0.3);
    expect(quiet.length).toBeGreaterThan(0);
    for (const phrase of spoken) {
      for (const pause of quiet) {
        const under = musicLevel(output, { start: phrase.start + 0.3, end: phrase.end - 0.3 });
        expect(musicLevel(output, pause) - under).toBeGreaterThan(8);
      }
    }
  });
});
