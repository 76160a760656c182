import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROCESSING_POLL_INTERVAL } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import type { Transcript, TranscriptLanguage, Word } from '../types';

/** GET /api/videos/:id/transcript */
export const transcriptKey = (videoId: string) => ['/api/videos', videoId, 'transcript'] as const;

/** A server without the transcript route (or a video it does not know) answers 404: nothing to retry. */
export const isMissingTranscriptRoute = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The transcript of a video, polled while it is being made. */
export function useTranscript(videoId: string | null | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Transcript>({
    queryKey: transcriptKey(videoId ?? ''),
    enabled: !!videoId && enabled,
    retry: (count, error) => !isMissingTranscriptRoute(error) && count < 2,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PROCESSING_POLL_INTERVAL : false),
  });
}

const failure = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;

/** PUT /api/videos/:id/transcript: the corrected words; the answer replaces the cached transcript. */
export function useSaveTranscriptWords(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (words: Word[]) => {
      const body = { words: words.map(({ text, start, end }) => ({ text, start, end })) };
      return (await (await apiRequest('PUT', `/api/videos/${encodeURIComponent(videoId)}/transcript`, body)).json()) as Transcript;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(transcriptKey(videoId), saved);
      toast({ title: 'Transcript saved', description: 'Captions and search use your corrected words.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'The corrections were not saved', description: failure(error) }),
  });
}

/** POST /api/videos/:id/transcript {language}: transcribe again; the answer is pending. */
export function useRetranscribe(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: TranscriptLanguage) =>
      (await (await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/transcript`, { language })).json()) as Transcript,
    onSuccess: (queued) => queryClient.setQueryData(transcriptKey(videoId), queued),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not transcribe again', description: failure(error) }),
  });
}
