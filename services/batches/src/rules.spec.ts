import {
  batchStatus,
  checkBatchInput,
  checkFileCount,
  countItems,
  type ItemStatus,
  nextStatus,
  progressPercent,
  reportFilename,
  type Transition,
} from './rules';

describe('batch rules', () => {
  it('counts from the items, so the same event applied twice changes nothing', () => {
    let items: ItemStatus[] = ['processing', 'processing', 'highlighting'];
    const apply = (i: number, t: Transition) => {
      const next = nextStatus(items[i], t);
      if (next) items = items.map((s, j) => (j === i ? next : s));
    };
    apply(2, 'highlightsReady');
    apply(2, 'highlightsReady');
    apply(0, 'videoFailed');
    apply(0, 'videoFailed');
    apply(0, 'videoProcessed'); // a stale processed after a failure stays failed
    expect(countItems(items)).toEqual({ totalVideos: 3, processedVideos: 1, failedVideos: 1 });
  });

  it('moves items only along the pipeline', () => {
    expect(nextStatus('importing', 'imported')).toBe('processing');
    expect(nextStatus('processing', 'imported')).toBeNull();
    expect(nextStatus('importing', 'videoProcessed')).toBe('highlighting');
    expect(nextStatus('highlighting', 'videoProcessed')).toBeNull();
    expect(nextStatus('processing', 'highlightsReady')).toBeNull();
    expect(nextStatus('highlighting', 'highlightsFailed')).toBe('failed');
    expect(nextStatus('processed', 'videoDeleted')).toBeNull();
    expect(nextStatus('highlighting', 'highlightsNotRequested')).toBe('processing');
  });

  it('derives the status: pending, processing, completed or error', () => {
    expect(batchStatus({ totalVideos: 0, processedVideos: 0, failedVideos: 0 })).toBe('pending');
    expect(batchStatus({ totalVideos: 12, processedVideos: 9, failedVideos: 2 })).toBe('processing');
    expect(batchStatus({ totalVideos: 12, processedVideos: 10, failedVideos: 2 })).toBe('completed');
    expect(batchStatus({ totalVideos: 2, processedVideos: 0, failedVideos: 2 })).toBe('error');
  });

  it('computes progress as processed over total, 0 without videos', () => {
    expect(progressPercent({ totalVideos: 0, processedVideos: 0, failedVideos: 0 })).toBe(0);
    expect(progressPercent({ totalVideos: 12, processedVideos: 6, failedVideos: 2 })).toBe(50);
  });

  it('requires a name after trimming and trims the description', () => {
    expect(checkBatchInput('   ', 'x')).toEqual({ ok: false, message: 'Please enter a name for this batch' });
    expect(checkBatchInput('  Cup  ', '  day one ')).toEqual({ ok: true, value: { name: 'Cup', description: 'day one' } });
    expect(checkBatchInput('x'.repeat(121), '').ok).toBe(false);
  });

  it('takes 1 to 50 videos per batch, counting those it has', () => {
    expect(checkFileCount(0, 50)).toEqual({ ok: true, value: 50 });
    expect(checkFileCount(0, 51)).toEqual({ ok: false, message: 'Maximum 50 videos per batch' });
    expect(checkFileCount(45, 6)).toEqual({ ok: false, message: 'Maximum 50 videos per batch (this batch can take 5 more)' });
    expect(checkFileCount(3, 0).ok).toBe(false);
  });

  it('names the report file after the batch', () => {
    expect(reportFilename('Summer League 2026!')).toBe('summer-league-2026-report.json');
    expect(reportFilename('Hochzeit Müller')).toBe('hochzeit-muller-report.json');
    expect(reportFilename('///')).toBe('batch-report.json');
  });
});
