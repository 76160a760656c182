import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { signMediaPath } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { HighlightEntity } from './entities/highlight.entity';

/** The contract view of a highlight reel or export, with signed reel URLs once it is ready. */
export function toHighlightMessage(h: HighlightEntity, videoTitle: string, urlSecret: string, now = Date.now()): mediaV1.Highlight {
  const ready = h.status === 'ready' && h.reelKey !== '';
  const sign = (path: string) => signMediaPath(urlSecret, path, h.userId, now);
  return create(mediaV1.HighlightSchema, {
    id: h.id,
    videoId: h.videoId,
    kind: h.kind,
    version: h.version,
    status: h.status,
    stage: h.stage,
    preset: h.preset,
    targetLength: h.targetLength,
    fillToLength: h.fillToLength,
    render: { quality: h.quality, format: h.format, aspect: h.aspect, musicTrackId: h.musicTrackId, captions: h.captions },
    moments: h.moments.map((m) => ({ start: m.start, end: m.end, score: m.score, reasons: m.reasons })),
    timeline: h.timeline,
    streamUrl: ready && h.format !== 'avi' ? sign(`/api/highlights/${h.id}/stream`) : '',
    downloadUrl: ready ? sign(`/api/highlights/${h.id}/download`) : '',
    reelDuration: h.reelDuration,
    reelSize: BigInt(h.reelSize),
    timings: h.timings,
    errorReason: h.errorReason,
    createdAt: timestampFromDate(h.createdAt),
    videoTitle,
    // What the file is, as probed after the render ('' / 0 for reels made before it was recorded).
    renderedQuality: ready ? h.renderedQuality : '',
    reelWidth: ready ? h.reelWidth : 0,
    reelHeight: ready ? h.reelHeight : 0,
    posterUrl: ready && h.posterKey ? sign(`/api/highlights/${h.id}/poster`) : '',
    summary: h.summary,
    include: (h.includeRanges ?? []).map((r) => ({ start: r.start, end: r.end })),
    exclude: (h.excludeRanges ?? []).map((r) => ({ start: r.start, end: r.end })),
    platform: h.platform,
    brandKit: h.brandKit,
    madeBy: h.userId,
  });
}
