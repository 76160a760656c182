import { pipelinePercent } from '../lib/processing';
import { isInPipeline } from '../lib/video-list';
import type { Video } from '../types';
import { useVideoProgress } from './use-live';

/** Live pipeline percent of a video still processing (from the stream, else its stage). */
export function useLivePercent(video: Video): number {
  const live = useVideoProgress(isInPipeline(video) ? video.id : null);
  return pipelinePercent(video.stage, video.status, live?.percent ?? video.percent);
}
