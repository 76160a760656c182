import type { DeletedJson } from '@reelsmith/proto/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { progressStore } from '../live/progress-store';
import type { Video } from '../types';
import { videoQueryKey } from './videos';

/** DELETE /api/videos/:id, then the spec's toast and a fresh list. */
export function useDeleteVideo({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (video: Pick<Video, 'id'>) => {
      const res = await apiRequest('DELETE', `/api/videos/${encodeURIComponent(video.id)}`);
      return (await res.json()) as DeletedJson;
    },
    onSuccess: async (_data, video) => {
      toast({ title: 'Video deleted', description: 'The video has been removed from your library.' });
      queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => list?.filter((v) => v.id !== video.id));
      queryClient.removeQueries({ queryKey: videoQueryKey(video.id), exact: true });
      progressStore.delete(video.id);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to delete video',
        description: getServerErrorMessage(error) ?? (error as Error).message,
      });
    },
  });
}
