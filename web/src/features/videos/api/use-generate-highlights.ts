import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, getServerErrorMessage } from '../../../lib/api-client';

/** The server's words, except for a route that does not exist (yet), which would read like a bug. */
function failureDescription(error: unknown): string {
  const message = getServerErrorMessage(error);
  if (error instanceof ApiError && error.status === 404 && (!message || /^Cannot POST/i.test(message))) {
    return 'AI highlights are not available yet. Please try again later.';
  }
  return message ?? (error as Error).message;
}

/** POST /api/videos/:id/generate-highlights (spec §7, §8). */
export function useGenerateHighlights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (videoId: string) => {
      await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/generate-highlights`);
    },
    onSuccess: async () => {
      toast({ title: 'Highlights generation started', description: 'AI is analyzing your video to create highlights.' });
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to generate highlights',
        description: failureDescription(error),
      });
    },
  });
}
