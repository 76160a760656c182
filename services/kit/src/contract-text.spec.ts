import { create } from '@bufbuild/protobuf';
import { mediaV1 } from '@reelsmith/proto';
import { textWithNul } from './contract-text';

describe('textWithNul', () => {
  it('names the field of a NUL anywhere in a message: top level, nested, in lists', () => {
    expect(textWithNul(create(mediaV1.VideosTrimRequestSchema, { userId: 'u', title: 'Cup\u0000final' }))).toBe('title');
    expect(textWithNul(create(mediaV1.HighlightsEditRequestSchema, { moments: [{ start: 1, end: 2, reasons: ['ok', 'a\u0000'] }] }))).toBe(
      'moments[0].reasons[1]',
    );
    expect(textWithNul(create(mediaV1.HighlightsGenerateRequestSchema, { render: { quality: '\u0000' } }))).toBe('render.quality');
  });

  it('passes messages without one, whatever else they hold', () => {
    expect(textWithNul(create(mediaV1.UploadCompleteRequestSchema, { title: 'Ünïcødé \u0001 ok', fileSize: 10n }))).toBeNull();
    expect(textWithNul(create(mediaV1.HighlightsEditRequestSchema, { moments: [{ start: 1, end: 2, reasons: ['crowd roar'] }] }))).toBeNull();
  });
});
