import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage, getServerViolationTitle } from '../../../lib/api-client';
import type { Video } from '../types';
import { intentKey } from '../../../lib/idempotency';

export type TrimInput = { videoId: string; start: string; end: string };

/** POST /api/videos/:id/trim: a new clip, processed like any upload. */
export function useTrimVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, start, end }: TrimInput) => {
      const idempotencyKey = intentKey(queryClient, `trim-${videoId}`, { start, end }, VIDEOS_QUERY_KEY);
      const res = await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/trim`, { start, end }, { idempotencyKey });
      return (await res.json()) as Video;
    },
    onSuccess: async (clip, { start, end }) => {
      toast({ title: 'Trim applied', description: `A clip was created from ${start} to ${end}.` });
      queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => (list && !list.some((v) => v.id === clip.id) ? [clip, ...list] : list));
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: getServerViolationTitle(error) ?? 'Trim failed',
        description: getServerErrorMessage(error) ?? (error as Error).message,
      });
    },
  });
}
