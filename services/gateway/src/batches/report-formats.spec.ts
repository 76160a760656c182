import type { BatchReportJson, BatchReportVideoJson } from '@reelsmith/proto/http';
import { reportCsv, reportHtml } from './report-formats';

const video = (over: Partial<BatchReportVideoJson>): BatchReportVideoJson => ({
  position: 1,
  originalFilename: 'match-1.mp4',
  videoId: 'v1',
  title: 'Match 1',
  status: 'processed',
  videoStatus: 'processed',
  fileSize: 1000,
  duration: 117.4,
  resolution: '1280x720',
  error: null,
  highlights: {
    id: 'h1',
    status: 'ready',
    preset: 'auto',
    targetLength: 30,
    reelDuration: 29.6,
    moments: [{ start: 12, end: 19.5, score: 0.3, reasons: ['impact', 'applause'] }],
    error: null,
  },
  timings: {
    uploadedAt: '2026-11-27T10:00:00.000Z',
    processedAt: null,
    settledAt: null,
    secondsToProcessed: 4.2,
    secondsToSettled: null,
    analysisSeconds: null,
    renderSeconds: null,
  },
  ...over,
});

const report = (videos: BatchReportVideoJson[]): BatchReportJson => ({
  generatedAt: '2026-11-27T10:05:00.000Z',
  batch: {
    id: 'b1',
    name: 'Cup <weekend>',
    description: '',
    status: 'completed',
    totalVideos: videos.length,
    processedVideos: 1,
    failedVideos: videos.length - 1,
    progressPercent: 100,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:05:00.000Z',
    secondsToComplete: 300,
  },
  definitions: { processed: 'done', failed: 'not done' },
  failures: [],
  videos,
});

describe('the batch report as CSV', () => {
  it('has a header and one row per file, times as m:ss, and the reel in words', () => {
    const lines = reportCsv(report([video({})]))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('position,file,title,status,duration,resolution,file size (bytes),reel,moments,error,seconds to processed,uploaded at');
    expect(lines[1]).toBe(
      '1,match-1.mp4,Match 1,processed,1:57,1280x720,1000,"0:30 reel, 1 moment","0:12-0:20 impact, applause",,4.2,2026-11-27T10:00:00.000Z',
    );
  });

  it('quotes commas, quotes and newlines, and defuses what a spreadsheet would run as a formula', () => {
    const csv = reportCsv(
      report([video({ originalFilename: '=HYPERLINK("x"),a.mp4', title: 'Line\nbreak', highlights: null, error: 'Refused: "not a video"' })]),
    );
    expect(csv).toContain(`"'=HYPERLINK(""x""),a.mp4"`);
    expect(csv).toContain('"Line\nbreak"');
    expect(csv).toContain('"Refused: ""not a video"""');
  });
});

describe('the batch report as HTML', () => {
  it('escapes every text and links each video to its page', () => {
    const html = reportHtml(
      report([
        video({ title: '<script>alert(1)</script>' }),
        video({ position: 2, videoId: null, status: 'failed', error: 'Refused on upload: <b>empty</b>' }),
      ]),
      'https://app.example',
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>Cup &lt;weekend&gt; - batch report - Reelsmith</title>');
    expect(html).toContain('href="https://app.example/video/v1"');
    expect(html).toContain('Refused on upload: &lt;b&gt;empty&lt;/b&gt;');
    expect(html).toContain('<tr class="failed">');
  });
});
