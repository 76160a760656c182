import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { progressStore } from '../live/progress-store';
import type { Video } from '../types';
import { videoQueryKey } from './videos';

/**
 * POST /api/videos/:id/retry: a failed video goes back in the queue (status uploaded, reason
 * cleared); the caches take the answer at once so the card and page show progress again.
 */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (video: Pick<Video, 'id'>) => {
      const res = await apiRequest('POST', `/api/videos/${encodeURIComponent(video.id)}/retry`);
      return (await res.json()) as Video;
    },
    onSuccess: async (queued) => {
      // The stream's last word on this video was the failure; the next one comes from the new job.
      progressStore.delete(queued.id);
      queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => list?.map((v) => (v.id === queued.id ? queued : v)));
      queryClient.setQueryData(videoQueryKey(queued.id), queued);
      toast({ title: 'Processing restarted', description: `"${queued.title}" is back in the queue.` });
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Retry failed', description: getServerErrorMessage(error) ?? (error as Error).message });
    },
  });
}
