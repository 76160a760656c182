import { JobDeadline, jobDeadlineSeconds, minutesText } from './job-deadline';

describe('jobDeadlineSeconds', () => {
  it('gives processing 2 minutes plus 4 s per second of video', () => {
    expect(jobDeadlineSeconds('process', { sourceSeconds: 0 })).toBe(120);
    expect(jobDeadlineSeconds('process', { sourceSeconds: 600 })).toBe(120 + 2400);
  });

  it('gives a new reel one decode of the source and a render of the reel', () => {
    expect(jobDeadlineSeconds('highlights', { sourceSeconds: 600, reelSeconds: 30 })).toBe(120 + 1200 + 300);
    expect(jobDeadlineSeconds('render', { sourceSeconds: 600, reelSeconds: 30 })).toBe(120 + 600 + 300);
  });

  it('scales with the factor and ignores lengths that are not there', () => {
    expect(jobDeadlineSeconds('process', { sourceSeconds: 10 }, 0.5)).toBe(80);
    expect(jobDeadlineSeconds('render', { sourceSeconds: Number.NaN, reelSeconds: -5 })).toBe(120);
  });
});

describe('minutesText', () => {
  it.each([
    [30, '1 minute'],
    [60, '1 minute'],
    [150, '3 minutes'],
    [2520, '42 minutes'],
  ])('%i s is %s', (s, text) => {
    expect(minutesText(s)).toBe(text);
  });
});

describe('JobDeadline', () => {
  it('aborts its signal when the time is up and says it expired', async () => {
    const deadline = new JobDeadline(0.05, new AbortController().signal);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.expired).toBe(true);
  });

  it('aborts on shutdown without counting as expired', () => {
    const shutdown = new AbortController();
    const deadline = new JobDeadline(60, shutdown.signal);
    shutdown.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(false);
    deadline.clear();
  });

  it('ends work that hangs where no signal reaches (a stuck storage transfer) at the deadline', async () => {
    const deadline = new JobDeadline(0.05, new AbortController().signal);
    await expect(deadline.within(new Promise(() => {}))).rejects.toThrow('deadline of 0.05 s passed');
    expect(deadline.expired).toBe(true);
  });

  it('hands back the result or the error of work that ends in time', async () => {
    const deadline = new JobDeadline(60, new AbortController().signal);
    await expect(deadline.within(Promise.resolve(42))).resolves.toBe(42);
    await expect(deadline.within(Promise.reject(new Error('S3 said no')))).rejects.toThrow('S3 said no');
    deadline.clear();
  });
});
