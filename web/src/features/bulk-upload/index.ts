/** Public API of the bulk-upload feature (its page loads lazily from app/router.tsx): the live updates patch batches. */
export { applyBatchProgressToCache, parseBatchProgress } from './api/batch-cache';
export { BATCHES_QUERY_KEY } from './api/batches';
