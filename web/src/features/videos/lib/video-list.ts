import type { Video } from '../types';

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'processed', label: 'Processed' },
  { value: 'processing', label: 'Processing' },
  { value: 'uploaded', label: 'Uploaded' },
  { value: 'error', label: 'Error' },
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** How many videos each filter shows. */
export function countByStatus(videos: readonly Video[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { all: videos.length, processed: 0, processing: 0, uploaded: 0, error: 0 };
  for (const video of videos) {
    if (video.status in counts && video.status !== 'all') counts[video.status as StatusFilter] += 1;
  }
  return counts;
}

/** Videos whose title contains the search text (any case) and whose status matches the filter. */
export function filterVideos(videos: readonly Video[], search: string, status: StatusFilter): Video[] {
  const needle = search.trim().toLocaleLowerCase();
  return videos.filter((video) => (status === 'all' || video.status === status) && (!needle || (video.title ?? '').toLocaleLowerCase().includes(needle)));
}

/**
 * Words for a status badge: processed reads 'Ready for highlights' until a reel of it is
 * ready, then how many are ('1 reel ready', '2 reels ready'); unknown statuses raw.
 */
export function statusLabel(status: string, readyReels = 0): string {
  switch (status) {
    case 'processed':
      return readyReels > 0 ? reelsReadyLabel(readyReels) : 'Ready for highlights';
    case 'processing':
      return 'Processing';
    case 'uploaded':
      return 'Uploaded';
    case 'error':
      return 'Error';
    default:
      return status;
  }
}

/** '1 reel ready', '2 reels ready'. */
export const reelsReadyLabel = (count: number) => `${count} ${count === 1 ? 'reel' : 'reels'} ready`;

/** Only processed videos can be edited or trimmed. */
export const isEditable = (video: Pick<Video, 'status'>) => video.status === 'processed';

/** Still on its way through the pipeline. */
export const isInPipeline = (video: Pick<Video, 'status'>) => video.status === 'uploaded' || video.status === 'processing';
