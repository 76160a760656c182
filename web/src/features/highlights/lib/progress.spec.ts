import { formatSeconds, highlightPercent, isInFlight, stageLabel, statusLabel } from './progress';

describe('highlight progress', () => {
  it('never shows less than the stage implies, and 100 once finished', () => {
    expect(highlightPercent('queued', 'queued')).toBe(0);
    expect(highlightPercent('analysing', 'processing', 30.4)).toBe(30);
    expect(highlightPercent('rendering', 'processing', 20)).toBe(62);
    expect(highlightPercent('rendering', 'processing', 140)).toBe(100);
    expect(highlightPercent('rendering', 'ready')).toBe(100);
    expect(highlightPercent('failed', 'error', 5)).toBe(100);
    expect(highlightPercent(undefined, undefined, Number.NaN)).toBe(0);
  });

  it('labels stages and statuses, unknown ones as they came', () => {
    expect(stageLabel('analysing', 'processing')).toBe('Analysing');
    expect(stageLabel('selecting')).toBe('Selecting moments');
    expect(stageLabel('done', 'ready')).toBe('Ready');
    expect(stageLabel('rendering', 'error')).toBe('Failed');
    expect(stageLabel('beat-matching')).toBe('beat-matching');
    expect(statusLabel('error')).toBe('Failed');
    expect(isInFlight({ status: 'queued' })).toBe(true);
    expect(isInFlight({ status: 'ready' })).toBe(false);
  });

  it('formats timings', () => {
    expect(formatSeconds(3.456)).toBe('3.5 s');
    expect(formatSeconds(12.4)).toBe('12 s');
    expect(formatSeconds(65)).toBe('1 min 05 s');
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(0.004)).toBe('< 0.1 s');
  });
});
