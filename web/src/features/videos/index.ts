/** Public API of the videos feature (its pages load lazily from app/router.tsx). */
export { isNotFoundError, useVideo, useVideos } from './api/videos';
export { useTrimVideo } from './api/use-trim-video';
export { RetryVideoButton } from './components/RetryVideoButton';
export { UploadDialog } from './components/UploadDialog';
export { VideoPlayer } from './components/VideoPlayer';
export { VideoStatusBadge } from './components/VideoStatusBadge';
export { VideoThumbnail } from './components/VideoThumbnail';
export { loadUploadDialog } from './lazy';
export { defaultTrimRange, validateTrim } from './lib/trim';
export { countByStatus, filterVideos, isEditable, isInPipeline, STATUS_FILTERS, type StatusFilter } from './lib/video-list';
export { highlightProgressStore } from './live/highlight-progress-store';
export { useHighlightLiveProgress, useLiveConnectionState } from './live/use-live';
export { useLivePercent } from './live/use-live-percent';
export type { Video } from './types';
