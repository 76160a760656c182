import type { mediaV1 } from '@reelsmith/proto';
import type { BatchReportJson, BatchReportVideoJson } from '@reelsmith/proto/http';
import type { BatchEntity } from './entities/batch.entity';
import type { BatchVideoEntity } from './entities/batch-video.entity';
import { progressPercent } from './rules';

export interface ReportLookups {
  video(videoId: string): Promise<mediaV1.Video>;
  highlight(highlightId: string): Promise<mediaV1.Highlight>;
}

const seconds = (from: Date | null | undefined, to: Date | null | undefined) => (from && to ? Math.round((to.getTime() - from.getTime()) / 100) / 10 : null);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Null for a step that did not run. */
const optionalRound = (value: number | undefined) => (value === undefined ? null : round(value));

/** A readable sentence for a file that did not make it, whatever stage it stopped at. */
function explain(item: BatchVideoEntity): string | null {
  if (item.status !== 'failed') return null;
  const stage = item.videoId === null ? 'Refused on upload' : item.processedAt ? 'Failed after processing' : 'Failed in processing';
  return `${stage}: ${item.errorReason || 'no reason was given'}`;
}

/**
 * The report of a batch: the batch, then every file in upload order with its status, duration,
 * highlight moments, error and timings. Details come from media at the time of the report; a
 * video deleted since is reported from what the batch kept.
 */
export async function buildReport(batch: BatchEntity, items: BatchVideoEntity[], lookups: ReportLookups, now = new Date()): Promise<BatchReportJson> {
  const videos: BatchReportVideoJson[] = [];
  for (const item of items) {
    const video = item.videoId ? await lookups.video(item.videoId).catch(() => null) : null;
    const highlight = item.highlightId ? await lookups.highlight(item.highlightId).catch(() => null) : null;
    videos.push({
      position: item.position + 1,
      originalFilename: item.originalFilename,
      videoId: item.videoId,
      title: video?.title ?? null,
      status: item.status,
      videoStatus: video?.status ?? null,
      fileSize: item.size,
      duration: video ? round(video.duration) : null,
      resolution: video && video.width ? `${video.width}x${video.height}` : null,
      error: explain(item),
      highlights: highlight
        ? {
            id: highlight.id,
            status: highlight.status,
            preset: highlight.preset,
            targetLength: highlight.targetLength,
            reelDuration: round(highlight.reelDuration),
            moments: highlight.moments.map((m) => ({ start: round(m.start), end: round(m.end), score: round(m.score), reasons: m.reasons })),
            error: highlight.errorReason || null,
          }
        : null,
      timings: {
        uploadedAt: item.createdAt.toISOString(),
        processedAt: item.processedAt?.toISOString() ?? null,
        settledAt: item.settledAt?.toISOString() ?? null,
        secondsToProcessed: seconds(item.createdAt, item.processedAt),
        secondsToSettled: seconds(item.createdAt, item.settledAt),
        analysisSeconds: optionalRound(highlight?.timings?.analysisSeconds),
        renderSeconds: optionalRound(highlight?.timings?.renderSeconds),
      },
    });
  }
  const counters = { totalVideos: batch.totalVideos, processedVideos: batch.processedVideos, failedVideos: batch.failedVideos };
  const settled = items.map((i) => i.settledAt).filter((d): d is Date => d !== null);
  const lastSettled = settled.length === items.length && settled.length ? new Date(Math.max(...settled.map((d) => d.getTime()))) : null;
  return {
    generatedAt: now.toISOString(),
    batch: {
      id: batch.id,
      name: batch.name,
      description: batch.description,
      status: batch.status,
      ...counters,
      progressPercent: progressPercent(counters),
      createdAt: batch.createdAt.toISOString(),
      updatedAt: batch.updatedAt.toISOString(),
      secondsToComplete: seconds(batch.createdAt, lastSettled),
    },
    definitions: {
      processed: 'The video passed the upload checks, was processed, and its default highlights (auto preset, 30 s, 1080p MP4) are ready.',
      failed: 'The file was refused by the upload checks, failed in processing, was deleted, or its highlights failed; error says which and why.',
    },
    failures: videos.filter((v) => v.error).map((v) => ({ originalFilename: v.originalFilename, error: v.error })),
    videos,
  };
}
