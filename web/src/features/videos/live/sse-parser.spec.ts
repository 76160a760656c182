import { createSseParser, type SseMessage } from './sse-parser';

function parse(...chunks: string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    (m) => messages.push(m),
    (ms) => retries.push(ms),
  );
  chunks.forEach((chunk) => parser.push(chunk));
  return { messages, retries, parser };
}

describe('createSseParser', () => {
  it('reads event and data lines, dispatching on a blank line', () => {
    const { messages } = parse('event: ready\ndata: {"userId":"u1"}\n\nevent: ping\ndata: {}\n\n');
    expect(messages).toEqual([
      { event: 'ready', data: '{"userId":"u1"}' },
      { event: 'ping', data: '{}' },
    ]);
  });

  it("defaults the event type to 'message' and joins data lines with newlines", () => {
    expect(parse('data: one\ndata: two\n\n').messages).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('copes with chunks split anywhere', () => {
    const text = 'event: video.progress\ndata: {"videoId":"v1","percent":45}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { messages } = parse(text.slice(0, cut), text.slice(cut));
      expect(messages).toEqual([{ event: 'video.progress', data: '{"videoId":"v1","percent":45}' }]);
    }
  });

  it('accepts \\r\\n and \\r line endings, even a \\r\\n split across chunks', () => {
    expect(parse('event: a\r\ndata: 1\r\n\r\n').messages).toEqual([{ event: 'a', data: '1' }]);
    expect(parse('event: b\rdata: 2\r\r').messages).toEqual([{ event: 'b', data: '2' }]);
    expect(parse('event: c\r', '\ndata: 3\r', '\n\r', '\n').messages).toEqual([{ event: 'c', data: '3' }]);
  });

  it('ignores comments, unknown fields and events without data', () => {
    expect(parse(': keep-alive\n\nfoo: bar\nevent: lonely\n\ndata: x\n\n').messages).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('strips only one leading space and accepts fields without a value', () => {
    expect(parse('data:  two spaces\ndata\ndata:none\n\n').messages).toEqual([{ event: 'message', data: ' two spaces\n\nnone' }]);
  });

  it('keeps the last id and reports retry hints', () => {
    const { messages, retries } = parse('id: 7\nretry: 3000\nretry: soon\ndata: a\n\ndata: b\n\n');
    expect(messages).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
    expect(retries).toEqual([3000]);
  });

  it('resets the event type after each dispatch', () => {
    expect(parse('event: x\ndata: 1\n\ndata: 2\n\n').messages.map((m) => m.event)).toEqual(['x', 'message']);
  });

  it('drops a half-received event on reset', () => {
    const { messages, parser } = parse('event: x\ndata: partial');
    parser.reset();
    parser.push('data: fresh\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'fresh' }]);
  });
});
