import { mediaV1 } from '@reelsmith/proto';
import type { JetStreamClient } from 'nats';
import { EventPublisher } from './jetstream';
import { RpcFailure } from './rpc-error';
import { isDependencyUnavailable, retryWhileUnavailable } from './unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['PostgreSQL shutting down, wrapped by TypeORM', Object.assign(new Error('terminating connection'), { driverError: withCode('57P01') })],
    ['PostgreSQL starting up', withCode('57P03')],
    ['a lost PostgreSQL connection', new Error('Connection terminated unexpectedly')],
    ['a NATS request that timed out', withCode('TIMEOUT')],
    ['JetStream without responders while it restarts', withCode('503')],
    ['ffmpeg that could not reach storage', new Error('http://127.0.0.1:9/x: Connection refused')],
    ['a cause deeper down', new Error('outer', { cause: withCode('ECONNRESET') })],
    ["Nest's NATS client while it reconnects (a bare string)", 'Error: Connection lost. Trying to reconnect...'],
  ])('is true for %s', (_name, err) => {
    expect(isDependencyUnavailable(err)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('x is not a function')],
    ['a refused request', RpcFailure.invalid('Please enter a title')],
    ['a duplicate key', withCode('23505', 'duplicate key value violates unique constraint')],
    ['nothing', undefined],
  ])('is false for %s', (_name, err) => {
    expect(isDependencyUnavailable(err)).toBe(false);
  });
});

describe('retryWhileUnavailable', () => {
  const quiet = () => undefined;

  it('runs the work again while a dependency is down, then answers what it answers', async () => {
    let calls = 0;
    const work = async () => {
      calls += 1;
      if (calls < 3) throw withCode('ECONNREFUSED');
      return 'done';
    };
    await expect(retryWhileUnavailable(work, new AbortController().signal, quiet)).resolves.toBe('done');
    expect(calls).toBe(3);
  });

  it('says when the work succeeded after a wait, and only then', async () => {
    const recovered: string[] = [];
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 2) throw withCode('ECONNREFUSED');
      return 'done';
    };
    await retryWhileUnavailable(flaky, new AbortController().signal, quiet, (m) => recovered.push(m));
    expect(recovered).toEqual([expect.stringMatching(/^the dependency is back; done after waiting \d+\.\d s$/)]);
    await retryWhileUnavailable(
      async () => 'at once',
      new AbortController().signal,
      quiet,
      (m) => recovered.push(m),
    );
    expect(recovered).toHaveLength(1);
  });

  it('gives any other error back at once', async () => {
    let calls = 0;
    const work = async () => {
      calls += 1;
      throw new Error('not a video');
    };
    await expect(retryWhileUnavailable(work, new AbortController().signal, quiet)).rejects.toThrow('not a video');
    expect(calls).toBe(1);
  });

  it('stops waiting when aborted', async () => {
    const abort = new AbortController();
    const pending = retryWhileUnavailable(
      async () => {
        throw withCode('ECONNREFUSED');
      },
      abort.signal,
      quiet,
    );
    abort.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('EventPublisher', () => {
  const published: Array<{ subject: string; msgID?: string }> = [];
  const js = {
    publish: async (subject: string, _data: Uint8Array, options?: { msgID?: string }) => {
      published.push({ subject, msgID: options?.msgID });
    },
  };
  const events = new EventPublisher(js as unknown as JetStreamClient, 'media');
  const payload = { videoId: '6f1c4a5e-58a4-4d43-9a59-2f4b8d0f3c11', userId: 'u', title: 't', duration: 1 };

  it('gives an event published once for a thing the same dedupe id every time, and others their own', async () => {
    const first = await events.publish(mediaV1.VideoProcessedSchema, payload, { onceFor: payload.videoId });
    const again = await events.publish(mediaV1.VideoProcessedSchema, payload, { onceFor: payload.videoId });
    const other = await events.publish(mediaV1.VideoProcessedSchema, payload, { onceFor: 'another video' });
    const uploaded = await events.publish(mediaV1.VideoUploadedSchema, payload, { onceFor: payload.videoId });
    const plain = await events.publish(mediaV1.VideoProcessedSchema, payload);
    expect(again).toBe(first);
    expect(new Set([first, other, uploaded, plain]).size).toBe(4);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(published.map((p) => p.msgID)).toEqual([first, again, other, uploaded, plain]);
  });
});
