import type { Highlight } from '../../highlights';
import type { Video } from '../../videos';

/** One line of Recent Edits: an export rendered in the editor, or a clip cut with a trim. */
export type RecentEdit =
  { kind: 'export'; id: string; createdAt: string | null; highlight: Highlight } | { kind: 'clip'; id: string; createdAt: string | null; video: Video };

export const RECENT_EDITS_LIMIT = 12;

const time = (iso: string | null) => {
  const t = iso === null ? NaN : new Date(iso).getTime();
  return Number.isFinite(t) ? t : 0;
};

/** Exports and trimmed clips (videos with a sourceVideoId), newest first, at most `limit`. */
export function recentEdits(exports: readonly Highlight[], videos: readonly Video[], limit = RECENT_EDITS_LIMIT): RecentEdit[] {
  const items: RecentEdit[] = [
    ...exports.filter((h) => h.kind === 'export').map((h): RecentEdit => ({ kind: 'export', id: h.id, createdAt: h.createdAt, highlight: h })),
    ...videos.filter((v) => !!v.sourceVideoId).map((v): RecentEdit => ({ kind: 'clip', id: v.id, createdAt: v.createdAt, video: v })),
  ];
  return items.sort((a, b) => time(b.createdAt) - time(a.createdAt)).slice(0, limit);
}

/** The stretch an export covers ('0:02–0:06'), from its one moment. */
export function exportRange(h: Pick<Highlight, 'moments'>, format: (seconds: number) => string): string | null {
  const m = h.moments[0];
  return m ? `${format(m.start)}–${format(m.end)}` : null;
}
