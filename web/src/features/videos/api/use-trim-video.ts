import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import type { Video } from '../types';

export type TrimInput = { videoId: string; start: string; end: string };

/** The title of the first violation the server sent (e.g. 'Invalid trim range'), if any. */
function violationTitle(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = JSON.parse(error.body) as { violations?: Array<{ message?: unknown }> };
    const message = body.violations?.[0]?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/videos/:id/trim: a new clip, processed like any upload. */
export function useTrimVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, start, end }: TrimInput) => {
      const res = await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/trim`, { start, end });
      return (await res.json()) as Video;
    },
    onSuccess: async (clip, { start, end }) => {
      toast({ title: 'Trim applied', description: `A clip was created from ${start} to ${end}.` });
      queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) =>
        list && !list.some((v) => v.id === clip.id) ? [clip, ...list] : list,
      );
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: violationTitle(error) ?? 'Trim failed',
        description: getServerErrorMessage(error) ?? (error as Error).message,
      });
    },
  });
}
