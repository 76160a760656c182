/**
 * A Server-Sent Events parser (the WHATWG event-stream format) for streams read with fetch,
 * since EventSource cannot send the Bearer header. Feed it decoded text in any chunking.
 */

export type SseMessage = { event: string; data: string; id?: string };

export type SseParser = {
  /** Text as it arrives (chunks may split lines anywhere, even between \r and \n). */
  push(chunk: string): void;
  /** The stream ended: an unterminated event is dropped, as the format requires. */
  reset(): void;
};

export function createSseParser(onMessage: (message: SseMessage) => void, onRetry?: (ms: number) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let sawCarriageReturn = false;

  const dispatch = () => {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  };

  return {
    push(chunk) {
      let text = chunk;
      // A \r\n split across chunks: the \n belongs to the line already ended by \r.
      if (sawCarriageReturn && text.startsWith('\n')) text = text.slice(1);
      sawCarriageReturn = false;
      buffer += text;
      const pattern = /\r\n|\r|\n/g;
      let start = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(buffer))) {
        // A lone \r at the very end may be the first half of \r\n: end the line, skip a following \n.
        if (match[0] === '\r' && match.index === buffer.length - 1) sawCarriageReturn = true;
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    reset() {
      buffer = '';
      event = '';
      data = [];
      sawCarriageReturn = false;
    },
  };
}
