import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CaptionStyle, VideoAnalysisJson } from '@reelsmith/proto/http';
import { useNavigate } from 'react-router-dom';
import { PROCESSING_POLL_INTERVAL, VIDEO_URL_FRESH_TIME } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, getServerErrorMessage, getServerViolationTitle } from '../../../lib/api-client';
import { EXPORTS_QUERY_KEY, highlightKey, videoHighlightsKey } from '../../../lib/query-keys';
import { highlightProgressStore, useLiveConnectionState } from '../../videos';
import { generateBody } from '../lib/options';
import { isInFlight } from '../lib/progress';
import type { ExportRequest, GenerateOptions, Highlight, Moment } from '../types';
import { videoAnalysisKey } from './keys';
import { intentKey } from '../../../lib/idempotency';

/** While the live stream is down and something renders, these queries poll at this pace. */
const fallbackPoll = (live: string, pending: boolean) => (live !== 'open' && pending ? PROCESSING_POLL_INTERVAL : false);

/** GET /api/videos/:id/highlights: the reel's versions, newest first. */
export function useVideoHighlights(videoId: string | null | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const live = useLiveConnectionState();
  return useQuery<Highlight[]>({
    queryKey: videoHighlightsKey(videoId ?? ''),
    enabled: !!videoId && enabled,
    // Signed reel URLs expire after 2 hours, like the video's own.
    staleTime: VIDEO_URL_FRESH_TIME,
    refetchInterval: (query) => fallbackPoll(live, (query.state.data ?? []).some(isInFlight)),
  });
}

/** What the engine measured in a video; 404 until it was analysed (the first AI reel does it). */
export type VideoAnalysis = VideoAnalysisJson;

/** GET /api/videos/:id/analysis: shot boundaries for the timeline (none while there is no analysis). */
export function useVideoAnalysis(videoId: string | null | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<VideoAnalysis>({ queryKey: videoAnalysisKey(videoId ?? ''), enabled: !!videoId && enabled, staleTime: VIDEO_URL_FRESH_TIME });
}

/** GET /api/highlights/:id */
export function useHighlight(id: string | null | undefined) {
  const live = useLiveConnectionState();
  return useQuery<Highlight>({
    queryKey: highlightKey(id ?? ''),
    enabled: !!id,
    staleTime: VIDEO_URL_FRESH_TIME,
    refetchInterval: (query) => fallbackPoll(live, !!query.state.data && isInFlight(query.state.data)),
  });
}

/** GET /api/exports: recent exports, newest first (with videoTitle). */
export function useExports() {
  const live = useLiveConnectionState();
  return useQuery<Highlight[]>({
    queryKey: EXPORTS_QUERY_KEY,
    staleTime: VIDEO_URL_FRESH_TIME,
    refetchInterval: (query) => fallbackPoll(live, (query.state.data ?? []).some(isInFlight)),
  });
}

/** A 202 answer is the queued reel; anything else (an empty body) is tolerated. */
async function readHighlight(res: Response): Promise<Highlight | null> {
  const data = (await res.json().catch(() => null)) as Partial<Highlight> | null;
  return data && typeof data.id === 'string' && data.id ? (data as Highlight) : null;
}

/** Every version a generate made (one per length), without the list itself on the first. */
function versionsOf(answer: Highlight & { versions?: Highlight[] }): Highlight[] {
  const { versions, ...first } = answer;
  return Array.isArray(versions) && versions.length ? versions : [first];
}

/** Puts a freshly queued reel at the top of a cached list (newest first) and in its own cache. */
function remember(queryClient: QueryClient, listKey: readonly unknown[], highlight: Highlight) {
  queryClient.setQueryData<Highlight[]>(listKey, (list) => (Array.isArray(list) && !list.some((h) => h.id === highlight.id) ? [highlight, ...list] : list));
  queryClient.setQueryData(highlightKey(highlight.id), highlight);
}

/** The server's words, except for a route that does not exist (yet), which would read like a bug. */
function generateFailure(error: unknown): string {
  const message = getServerErrorMessage(error);
  if (error instanceof ApiError && error.status === 404 && (!message || /^Cannot POST/i.test(message))) {
    return 'AI highlights are not available yet. Please try again later.';
  }
  return message ?? (error as Error).message;
}

export type GenerateInput = { videoId: string; options?: Partial<GenerateOptions> };

/**
 * POST /api/videos/:id/generate-highlights: a new version each time, queued.
 * Toasts in the spec's words; `onQueued` gets the new version (to select it).
 */
export function useGenerateHighlights({ onQueued }: { onQueued?: (highlight: Highlight) => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ videoId, options }: GenerateInput) => {
      const body = generateBody(options);
      const idempotencyKey = intentKey(queryClient, `generate-${videoId}`, body, videoHighlightsKey(videoId));
      const res = await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/generate-highlights`, body, { idempotencyKey });
      return readHighlight(res);
    },
    onSuccess: async (highlight, { videoId }) => {
      const versions = highlight ? versionsOf(highlight) : [];
      toast({
        title: versions.length > 1 ? `${versions.length} reels started` : 'Highlights generation started',
        description: versions.length > 1 ? 'AI analyzes your video once and makes one version per length.' : 'AI is analyzing your video to create highlights.',
      });
      // Oldest first, so the list (newest first) ends as the server lists it.
      for (const version of versions) remember(queryClient, videoHighlightsKey(videoId), version);
      if (versions[0]) onQueued?.(versions[0]);
      await queryClient.invalidateQueries({ queryKey: videoHighlightsKey(videoId), exact: true });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to generate highlights', description: generateFailure(error) });
      // No plan: the plans are where to go next (a Pro-only track keeps the user where they are).
      if (error instanceof ApiError && error.status === 402 && /needs a plan/.test(getServerErrorMessage(error) ?? '')) navigate('/pricing');
    },
  });
}

/** `captions`: the caption style of the new version (left out: the version's own). */
export type EditMomentsInput = { highlight: Pick<Highlight, 'id' | 'videoId'>; moments: Moment[]; captions?: CaptionStyle };

/**
 * PUT /api/highlights/:id/moments: renders exactly these moments as a new version (with the
 * version's own quality, format, aspect and music). `onQueued` gets the new version.
 */
export function useEditMoments({ onQueued }: { onQueued?: (highlight: Highlight) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ highlight, moments, captions }: EditMomentsInput) => {
      const body = { moments: moments.map(({ start, end, score, reasons }) => ({ start, end, score, reasons })), ...(captions ? { captions } : {}) };
      const idempotencyKey = intentKey(queryClient, `moments-${highlight.id}`, body, videoHighlightsKey(highlight.videoId));
      const res = await apiRequest('PUT', `/api/highlights/${encodeURIComponent(highlight.id)}/moments`, body, { idempotencyKey });
      return readHighlight(res);
    },
    onSuccess: async (created, { highlight }) => {
      toast({
        title: 'Re-render started',
        description: created ? `Version ${created.version} is being rendered with your moments.` : 'Your moments are being rendered.',
      });
      if (created) {
        remember(queryClient, videoHighlightsKey(highlight.videoId), created);
        onQueued?.(created);
      }
      await queryClient.invalidateQueries({ queryKey: videoHighlightsKey(highlight.videoId), exact: true });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Re-render failed', description: getServerErrorMessage(error) ?? (error as Error).message });
    },
  });
}

export type CreateExportInput = { videoId: string; request: ExportRequest };

/** POST /api/videos/:id/exports: a trimmed stretch rendered in the chosen quality and format. */
export function useCreateExport({ onQueued }: { onQueued?: (highlight: Highlight) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, request }: CreateExportInput) => {
      const { musicTrackId, ...rest } = request;
      const body = musicTrackId ? { ...rest, musicTrackId } : rest;
      const idempotencyKey = intentKey(queryClient, `export-${videoId}`, body, EXPORTS_QUERY_KEY);
      const res = await apiRequest('POST', `/api/videos/${encodeURIComponent(videoId)}/exports`, body, { idempotencyKey });
      return readHighlight(res);
    },
    onSuccess: async (created, { request }) => {
      toast({
        title: 'Export started',
        description: `Rendering ${request.start} to ${request.end} as ${request.format.toUpperCase()} ${request.quality}.`,
      });
      if (created) {
        remember(queryClient, EXPORTS_QUERY_KEY, created);
        onQueued?.(created);
      }
      await queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY, exact: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: getServerViolationTitle(error) ?? 'Export failed',
        description: getServerErrorMessage(error) ?? (error as Error).message,
      });
    },
  });
}

/**
 * POST /api/highlights/:id/retry: a failed version or export goes back in the queue as it is
 * (status queued, reason cleared); the caches take the answer so its progress shows again.
 */
export function useRetryHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (highlight: Pick<Highlight, 'id'>) => {
      const res = await apiRequest('POST', `/api/highlights/${encodeURIComponent(highlight.id)}/retry`);
      return (await res.json()) as Highlight;
    },
    onSuccess: async (queued) => {
      // The stream's last word on this reel was the failure; the next one comes from the new job.
      highlightProgressStore.delete(queued.id);
      const replace = (list: Highlight[] | undefined) => list?.map((h) => (h.id === queued.id ? queued : h));
      queryClient.setQueryData<Highlight[]>(videoHighlightsKey(queued.videoId), replace);
      queryClient.setQueryData<Highlight[]>(EXPORTS_QUERY_KEY, replace);
      queryClient.setQueryData(highlightKey(queued.id), queued);
      toast({ title: 'Rendering restarted', description: `Version ${queued.version} is back in the queue.` });
      await queryClient.invalidateQueries({ queryKey: videoHighlightsKey(queued.videoId), exact: true });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Retry failed', description: getServerErrorMessage(error) ?? (error as Error).message });
    },
  });
}
