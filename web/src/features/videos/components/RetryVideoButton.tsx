import { Loader2, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useRetryVideo } from '../api/use-retry-video';
import type { Video } from '../types';

/** Retry for a video in 'error': processing starts again and its progress shows. */
export function RetryVideoButton({ video, className }: { video: Pick<Video, 'id' | 'title'>; className?: string }) {
  const retry = useRetryVideo();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={retry.isPending}
      onClick={() => retry.mutate(video)}
      aria-label={`Retry processing ${video.title}`}
      data-testid="retry-video"
    >
      {retry.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
      Retry
    </Button>
  );
}
