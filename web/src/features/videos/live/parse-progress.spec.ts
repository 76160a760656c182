import { parseProgressEvent } from './parse-progress';

describe('parseProgressEvent', () => {
  it('reads the gateway payload', () => {
    expect(parseProgressEvent('{"videoId":"v1","status":"processing","stage":"transcoding","percent":61,"errorReason":null}')).toEqual({
      videoId: 'v1',
      status: 'processing',
      stage: 'transcoding',
      percent: 61,
      errorReason: null,
    });
  });

  it('keeps an error reason and clamps the percent', () => {
    expect(parseProgressEvent('{"videoId":"v1","status":"error","stage":"failed","percent":140,"errorReason":"No video stream"}')).toEqual({
      videoId: 'v1',
      status: 'error',
      stage: 'failed',
      percent: 100,
      errorReason: 'No video stream',
    });
    expect(parseProgressEvent('{"videoId":"v1","percent":-3}')?.percent).toBe(0);
  });

  it('tolerates missing fields', () => {
    expect(parseProgressEvent('{"videoId":"v1"}')).toEqual({ videoId: 'v1', status: '', stage: '', percent: 0, errorReason: null });
  });

  it('rejects what is not a progress event', () => {
    expect(parseProgressEvent('not json')).toBeNull();
    expect(parseProgressEvent('null')).toBeNull();
    expect(parseProgressEvent('{}')).toBeNull();
    expect(parseProgressEvent('{"videoId":7}')).toBeNull();
  });
});
