import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { mediaV1 } from '@reelsmith/proto';
import type { CaptionStyle, HighlightJson, Platform } from '@reelsmith/proto/http';

/** A highlight reel or export as the web app reads it. */
export function highlightJson(h: mediaV1.Highlight): HighlightJson {
  return {
    id: h.id,
    videoId: h.videoId,
    videoTitle: h.videoTitle,
    kind: h.kind,
    version: h.version,
    status: h.status,
    stage: h.stage,
    preset: h.preset,
    targetLength: h.targetLength,
    fillToLength: h.fillToLength,
    quality: h.render?.quality ?? '',
    format: h.render?.format ?? '',
    aspect: h.render?.aspect ?? '',
    musicTrackId: h.render?.musicTrackId || null,
    captions: (h.render?.captions || 'none') as CaptionStyle,
    moments: h.moments.map((m) => ({ start: m.start, end: m.end, score: m.score, reasons: m.reasons })),
    timeline: h.timeline.map((v) => Math.round(v * 100) / 100),
    // The quality the file has (below `quality` when the source could not fill it); null for reels made before it was recorded.
    renderedQuality: h.renderedQuality || null,
    // The engine's words for what it picked; null for edits, exports and older reels.
    summary: h.summary || null,
    reel: h.downloadUrl
      ? {
          streamUrl: h.streamUrl || null,
          downloadUrl: h.downloadUrl,
          duration: h.reelDuration,
          size: Number(h.reelSize),
          width: h.reelWidth || null,
          height: h.reelHeight || null,
          // A frame of the reel itself, in its shape (signed like the reel's URLs).
          posterUrl: h.posterUrl || null,
        }
      : null,
    timings: {
      analysisSeconds: h.timings?.analysisSeconds ?? null,
      selectionSeconds: h.timings?.selectionSeconds ?? null,
      renderSeconds: h.timings?.renderSeconds ?? null,
      totalSeconds: h.timings?.totalSeconds ?? null,
    },
    errorReason: h.errorReason || null,
    createdAt: h.createdAt ? timestampDate(h.createdAt).toISOString() : null,
    platform: (h.platform || null) as Platform | null,
    include: h.include.map(({ start, end }) => ({ start, end })),
    exclude: h.exclude.map(({ start, end }) => ({ start, end })),
    brandKit: h.brandKit,
    activeShareLinks: h.activeShareLinks,
    madeBy: h.madeBy,
  };
}
