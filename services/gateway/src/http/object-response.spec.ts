import { contentDisposition, inlineName } from './object-response';

describe('Content-Disposition of media responses', () => {
  it('keeps a plain name and adds the UTF-8 form', () => {
    expect(contentDisposition({ type: 'attachment', filename: 'match.mp4' })).toBe(`attachment; filename="match.mp4"; filename*=UTF-8''match.mp4`);
  });

  it('lets no quote, backslash, control character or line break through the quoted name', () => {
    const header = contentDisposition({ type: 'inline', filename: 'a"b\\c\r\nSet-Cookie: x=1;\u0000é.mp4' });
    const quoted = /filename="([^"]*)"/.exec(header)![1];
    expect(quoted).toBe('a_b_c__Set-Cookie: x=1;__.mp4');
    expect(['\r', '\n', '\u0000'].some((c) => header.includes(c))).toBe(false);
    expect(header.endsWith(`filename*=UTF-8''${encodeURIComponent('a"b\\c\r\nSet-Cookie: x=1;\u0000é.mp4')}`)).toBe(true);
  });

  it('names inline media by the served media type, never by what the file claims', () => {
    expect(inlineName('video-1', 'video/webm')).toBe('video-1.webm');
    expect(inlineName('thumbnail-1', 'image/jpeg')).toBe('thumbnail-1.jpg');
    expect(inlineName('video-1', 'text/html')).toBe('video-1.bin');
  });
});
