import type { Highlight } from '../../highlights';
import type { Video } from '../../videos';
import { exportRange, recentEdits } from './recent-edits';

const exp = (id: string, createdAt: string, extra: Partial<Highlight> = {}) =>
  ({ id, kind: 'export', createdAt, moments: [{ start: 2, end: 6, score: 0, reasons: ['manual trim'] }], ...extra }) as Highlight;
const vid = (id: string, createdAt: string, sourceVideoId: string | null) => ({ id, createdAt, sourceVideoId }) as Video;

describe('recentEdits', () => {
  it('merges exports and trimmed clips, newest first, leaving plain uploads out', () => {
    const items = recentEdits(
      [exp('e2', '2026-01-01T10:05:00Z'), exp('e1', '2026-01-01T10:00:00Z'), exp('h', '2026-01-01T10:09:00Z', { kind: 'highlights' })],
      [vid('upload', '2026-01-01T10:08:00Z', null), vid('clip', '2026-01-01T10:03:00Z', 'upload')],
    );
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual(['export:e2', 'clip:clip', 'export:e1']);
  });

  it('is empty without edits and keeps at most the limit', () => {
    expect(recentEdits([], [vid('upload', '2026-01-01T10:08:00Z', null)])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => exp(`e${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    const items = recentEdits(many, [], 5);
    expect(items.map((i) => i.id)).toEqual(['e29', 'e28', 'e27', 'e26', 'e25']);
  });

  it("describes an export's stretch", () => {
    expect(exportRange(exp('e', ''), (s) => `${s}s`)).toBe('2s–6s');
    expect(exportRange(exp('e', '', { moments: [] }), String)).toBeNull();
  });
});
