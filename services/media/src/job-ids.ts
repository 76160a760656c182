import { mediaV1 } from '@reelsmith/proto';
import type { HighlightEntity } from './entities/highlight.entity';

/**
 * The dedupe id of a record's current job: its id, then `<id>:retry-<n>` after the n-th retry, so a
 * retry is a new job while a re-queue of the same job (by the reconciler) is deduplicated.
 */
export function jobDedupeId(record: { id: string; retries: number }): string {
  return record.retries > 0 ? `${record.id}:retry-${record.retries}` : record.id;
}

/** The video or highlight id a job's dedupe id belongs to. */
export function recordIdOf(dedupeId: string): string {
  return dedupeId.split(':')[0];
}

/** A reel without moments needs the selection (job.media.highlights); one with moments only a render. */
export function highlightJobSchema(highlight: Pick<HighlightEntity, 'moments'>) {
  return highlight.moments.length > 0 ? mediaV1.RenderJobSchema : mediaV1.HighlightsJobSchema;
}
