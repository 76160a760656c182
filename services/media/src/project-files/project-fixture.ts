import type { ProjectJson } from '@reelsmith/proto/http';
import type { FrameRate } from './frames';
import { type ProjectInputs, projectTimeline } from './project-timeline';

/** A reel for the builders' unit tests: three moments of a 16:9 source, one past the hour mark. */
export function sampleProject(overrides: Partial<ProjectInputs> = {}, rate: FrameRate = { num: 30000, den: 1001 }): ProjectJson {
  return projectTimeline({
    reel: { id: 'reel-1', kind: 'highlights', version: 3, aspect: '16:9', width: 1920, height: 1080, crossfadeSeconds: 0.4 },
    moments: [
      { start: 12.5, end: 17.25, score: 0.91, reasons: ['impact', 'applause'], crop: [] },
      { start: 300, end: 304.5, score: 0.66, reasons: ['faces'], crop: [] },
      { start: 3725.1, end: 3731, score: 0.5, reasons: ['your pick'], crop: [] },
    ],
    source: {
      videoId: 'video-1',
      title: 'Derby day: final "whistle" & <extra>',
      originalFilename: 'DSC 0042 Derby.MP4',
      width: 1920,
      height: 1080,
      duration: 3800,
      hasAudio: true,
      url: '/api/videos/video-1/download?uid=u&exp=1&sig=s',
    },
    rate,
    music: {
      trackId: 'track-1',
      title: 'Bright Morning',
      filename: 'bright-morning.mp3',
      url: '/music/bright-morning.mp3',
      duration: 8,
      gainDb: -8,
      duckUnderSpeechDb: 12,
      fadeOutSeconds: 1.5,
    },
    ...overrides,
  });
}

/** The same reel cut to 9:16 (1080x1920), the first moment panning right across its one shot, the second jumping at a cut. */
export function verticalProject(rate: FrameRate = { num: 25, den: 1 }): ProjectJson {
  return sampleProject(
    {
      reel: { id: 'reel-2', kind: 'highlights', version: 4, aspect: '9:16', width: 1080, height: 1920, crossfadeSeconds: 0.4 },
      moments: [
        { start: 10, end: 14, score: 0.8, reasons: ['faces'], crop: [{ from: 0, to: 4, x0: 0.3, x1: 0.6 }] },
        {
          start: 20,
          end: 24,
          score: 0.7,
          reasons: ['fast action'],
          crop: [
            { from: 0, to: 2, x0: 0.9, x1: 0.9 },
            { from: 2, to: 4, x0: 0.1, x1: 0.1 },
          ],
        },
      ],
      music: null,
    },
    rate,
  );
}
