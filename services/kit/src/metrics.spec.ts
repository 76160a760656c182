import { jobKind, metricsRegistry, observeHttpRequest, observeMediaStep, routeLabel, watchConsumerLag } from './metrics';

const line = async (prefix: string) => (await metricsRegistry.metrics()).split('\n').filter((l) => l.startsWith(prefix));

describe('metrics', () => {
  it('labels HTTP requests with the route template, or "unmatched"', async () => {
    expect(routeLabel({ path: '/api/videos/:id' })).toBe('/api/videos/:id');
    expect(routeLabel(undefined)).toBe('unmatched');
    observeHttpRequest('GET', '/api/videos/:id', 503, 0.2);
    expect(await line('reelsmith_http_requests_total{method="GET",route="/api/videos/:id",status="503"}')).toEqual([
      'reelsmith_http_requests_total{method="GET",route="/api/videos/:id",status="503"} 1',
    ]);
    expect(await line('reelsmith_http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/videos/:id",status="503"}')).toEqual([
      'reelsmith_http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/videos/:id",status="503"} 1',
    ]);
  });

  it('names job kinds after their subject', () => {
    expect(jobKind('job.media.process')).toBe('media.process');
  });

  it('reports JetStream consumer lag read at scrape time, leaves out a consumer it cannot read, and stops when unwatched', async () => {
    let pending = 7;
    const stopA = watchConsumerLag('JOBS', 'media-process', 'media.process', async () => ({ pending, ackPending: 1 }));
    const stopB = watchConsumerLag('JOBS', 'media-render', 'media.render', async () => {
      throw new Error('nats away');
    });
    expect(await line('reelsmith_jetstream_consumer_pending{')).toEqual(['reelsmith_jetstream_consumer_pending{stream="JOBS",consumer="media-process"} 7']);
    expect(await line('reelsmith_jetstream_consumer_ack_pending{')).toEqual([
      'reelsmith_jetstream_consumer_ack_pending{stream="JOBS",consumer="media-process"} 1',
    ]);
    expect(await line('reelsmith_jobs_queued{')).toEqual(['reelsmith_jobs_queued{kind="media.process"} 7']);
    pending = 3;
    // A sample is reused for a second; a scrape a second later reads the server again.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1100);
    try {
      expect(await line('reelsmith_jobs_queued{')).toEqual(['reelsmith_jobs_queued{kind="media.process"} 3']);
    } finally {
      clock.mockRestore();
    }
    stopA();
    stopB();
    expect(await line('reelsmith_jobs_queued{')).toEqual([]);
  });

  it('records analysis and render seconds per minute of video, ignoring empty videos', async () => {
    observeMediaStep('analysis', 30, 120); // 15 s per minute
    observeMediaStep('render', 5, 0);
    expect(await line('reelsmith_media_seconds_per_video_minute_sum{step="analysis"}')).toEqual([
      'reelsmith_media_seconds_per_video_minute_sum{step="analysis"} 15',
    ]);
    expect(await line('reelsmith_media_seconds_per_video_minute_count{step="render"}')).toEqual([]);
  });
});
