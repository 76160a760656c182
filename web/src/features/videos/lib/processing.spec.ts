import {
  addSample,
  estimateSecondsRemaining,
  furthestAlong,
  pipelinePercent,
  processingSteps,
  PROCESSING_STEPS,
  STEP_STATE_LABEL,
  stageCaption,
  stagePercent,
  stageRank,
  type ProgressSample,
} from './processing';

describe('processingSteps', () => {
  it('shows the upload in progress until complete-upload answers', () => {
    expect(processingSteps({ uploaded: false })).toEqual({
      upload: 'in-progress',
      validation: 'pending',
      analysis: 'pending',
      highlights: 'pending',
    });
  });

  it.each([
    ['queued', 'uploaded', ['complete', 'pending', 'pending', 'pending']],
    ['cutting', 'processing', ['complete', 'pending', 'pending', 'pending']],
    ['validating', 'processing', ['complete', 'in-progress', 'pending', 'pending']],
    ['thumbnail', 'processing', ['complete', 'complete', 'in-progress', 'pending']],
    ['transcoding', 'processing', ['complete', 'complete', 'in-progress', 'pending']],
    ['done', 'processed', ['complete', 'complete', 'complete', 'ready']],
  ])('stage %s (%s)', (stage, status, expected) => {
    const steps = processingSteps({ uploaded: true, stage, status });
    expect([steps.upload, steps.validation, steps.analysis, steps.highlights]).toEqual(expected);
  });

  it("completes the first three steps once the status is 'processed', whatever the stage says", () => {
    expect(processingSteps({ uploaded: true, stage: 'transcoding', status: 'processed' })).toEqual({
      upload: 'complete',
      validation: 'complete',
      analysis: 'complete',
      highlights: 'ready',
    });
  });

  it('reads Creating Highlights as Complete only once a reel exists, else ready for highlights', () => {
    expect(processingSteps({ uploaded: true, stage: 'done', status: 'processed', readyReels: 0 }).highlights).toBe('ready');
    expect(STEP_STATE_LABEL[processingSteps({ uploaded: true, stage: 'done', status: 'processed' }).highlights]).toBe('Ready for highlights');
    expect(processingSteps({ uploaded: true, stage: 'done', status: 'processed', readyReels: 1 }).highlights).toBe('complete');
    expect(STEP_STATE_LABEL.complete).toBe('Complete');
    // The spec's step names stay.
    expect(PROCESSING_STEPS.map((s) => s.label)).toEqual(['Upload Complete', 'File Validation', 'AI Analysis', 'Creating Highlights']);
  });

  it('marks the step that was running when the pipeline failed', () => {
    const during = (lastActiveStage: string) => processingSteps({ uploaded: true, stage: 'failed', status: 'error', lastActiveStage });
    expect(during('transcoding')).toEqual({ upload: 'complete', validation: 'complete', analysis: 'failed', highlights: 'pending' });
    expect(during('validating')).toEqual({ upload: 'complete', validation: 'failed', analysis: 'pending', highlights: 'pending' });
  });

  it('blames validation for a failure with no earlier stage seen', () => {
    expect(processingSteps({ uploaded: true, stage: 'failed', status: 'error' })).toEqual({
      upload: 'complete',
      validation: 'failed',
      analysis: 'pending',
      highlights: 'pending',
    });
  });
});

describe('percent helpers', () => {
  it('knows where each stage starts', () => {
    expect(stagePercent('queued')).toBe(0);
    expect(stagePercent('validating')).toBe(35);
    expect(stagePercent('transcoding')).toBe(50);
    expect(stagePercent('done')).toBe(100);
    expect(stagePercent('something-new')).toBe(0);
    expect(stagePercent(undefined)).toBe(0);
    expect(stagePercent('transcoding', 'processed')).toBe(100);
  });

  it('prefers the live percent but never goes below the stage', () => {
    expect(pipelinePercent('transcoding', 'processing', 72.4)).toBe(72);
    expect(pipelinePercent('thumbnail', 'processing', 10)).toBe(45);
    expect(pipelinePercent('thumbnail', 'processing', undefined)).toBe(45);
    expect(pipelinePercent('done', 'processed', 50)).toBe(100);
    expect(pipelinePercent('queued', 'uploaded', 250)).toBe(100);
  });

  it('ranks stages in pipeline order', () => {
    expect(stageRank('queued')).toBeLessThan(stageRank('validating'));
    expect(stageRank('validating')).toBeLessThan(stageRank('done'));
    expect(stageRank('failed')).toBe(-1);
  });

  it('captions every stage', () => {
    expect(stageCaption('validating')).toMatch(/Checking/);
    expect(stageCaption('done')).toBe('Your video is ready.');
    expect(stageCaption('failed', 'error')).toBe('Processing failed.');
    expect(stageCaption('mystery')).toBe('Processing…');
  });
});

describe('ETA from the observed rate', () => {
  const t0 = 1_000_000;

  it('needs two samples at least half a second apart', () => {
    expect(estimateSecondsRemaining([], t0)).toBeNull();
    expect(estimateSecondsRemaining([{ at: t0, percent: 10 }], t0)).toBeNull();
    expect(
      estimateSecondsRemaining(
        [
          { at: t0, percent: 10 },
          { at: t0 + 200, percent: 20 },
        ],
        t0 + 200,
      ),
    ).toBeNull();
  });

  it('extrapolates the rate to 100%', () => {
    // 10% per second, 60% left: 6 s.
    const samples = [
      { at: t0, percent: 20 },
      { at: t0 + 2000, percent: 40 },
    ];
    expect(estimateSecondsRemaining(samples, t0 + 2000)).toBe(6);
    // Time passing without news counts down.
    expect(estimateSecondsRemaining(samples, t0 + 4000)).toBe(4);
    expect(estimateSecondsRemaining(samples, t0 + 60_000)).toBe(0);
  });

  it('is 0 once finished', () => {
    expect(
      estimateSecondsRemaining(
        [
          { at: t0, percent: 50 },
          { at: t0 + 1000, percent: 100 },
        ],
        t0 + 1000,
      ),
    ).toBe(0);
  });

  it('adds a sample only when the percent moves forward', () => {
    let samples: ProgressSample[] = [];
    samples = addSample(samples, { at: t0, percent: 10 });
    samples = addSample(samples, { at: t0 + 100, percent: 10 });
    samples = addSample(samples, { at: t0 + 200, percent: 5 });
    samples = addSample(samples, { at: t0 + 300, percent: 20 });
    expect(samples).toEqual([
      { at: t0, percent: 10 },
      { at: t0 + 300, percent: 20 },
    ]);
  });

  it('forgets samples older than the window, keeping one before it', () => {
    let samples: ProgressSample[] = [];
    for (let i = 0; i <= 10; i++) samples = addSample(samples, { at: t0 + i * 10_000, percent: i * 5 });
    expect(samples[0].at).toBe(t0 + 60_000);
    expect(samples).toHaveLength(5);
    // The rate follows the recent pace: 5% per 10 s, 50% left -> 100 s.
    expect(estimateSecondsRemaining(samples, t0 + 100_000)).toBe(100);
  });
});

describe('furthestAlong', () => {
  const live = { status: 'processing', stage: 'transcoding' };
  const poll = { status: 'processing', stage: 'validating' };

  it('keeps the later stage', () => {
    expect(furthestAlong(live, poll)).toBe(live);
    expect(furthestAlong(poll, live)).toBe(live);
  });

  it('lets a finished state win', () => {
    const processed = { status: 'processed', stage: 'done' };
    const failed = { status: 'error', stage: 'failed' };
    expect(furthestAlong(live, processed)).toBe(processed);
    expect(furthestAlong(failed, live)).toBe(failed);
  });

  it('takes whichever exists', () => {
    expect(furthestAlong(undefined, poll)).toBe(poll);
    expect(furthestAlong(live, undefined)).toBe(live);
    expect(furthestAlong(undefined, undefined)).toBeUndefined();
  });
});
