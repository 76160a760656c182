import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShareLinkJson } from '@reelsmith/proto/http';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { intentKey } from '../../../lib/idempotency';
import { type ExpiryChoice, shareLinkRequest } from '../lib/share-links';

/** GET /api/highlights/:id/share-links: one reel's links, newest first. */
export const reelShareLinksKey = (highlightId: string) => ['/api/highlights', highlightId, 'share-links'] as const;
/** GET /api/share-links: every link of the user's reels, newest first (Settings). */
export const SHARE_LINKS_KEY = ['/api/share-links'] as const;

export function useReelShareLinks(highlightId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ShareLinkJson[]>({ queryKey: reelShareLinksKey(highlightId), enabled });
}

export function useShareLinks() {
  return useQuery<ShareLinkJson[]>({ queryKey: SHARE_LINKS_KEY });
}

const serverMessage = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;

/** Views and expiry change on the server: both lists are read again after any change. */
function refresh(queryClient: QueryClient, highlightId: string) {
  void queryClient.invalidateQueries({ queryKey: reelShareLinksKey(highlightId), exact: true });
  void queryClient.invalidateQueries({ queryKey: SHARE_LINKS_KEY, exact: true });
}

export type NewShareLink = { highlightId: string; expiry: ExpiryChoice; allowDownload: boolean };

/** POST /api/highlights/:id/share-links. A double click or a retry makes one link (Idempotency-Key). */
export function useCreateShareLink({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ highlightId, expiry, allowDownload }: NewShareLink) => {
      const list = reelShareLinksKey(highlightId);
      const idempotencyKey = intentKey(queryClient, `share-link-${highlightId}`, { expiry, allowDownload }, list);
      const url = `/api/highlights/${encodeURIComponent(highlightId)}/share-links`;
      return (await (await apiRequest('POST', url, shareLinkRequest(expiry, allowDownload), { idempotencyKey })).json()) as ShareLinkJson;
    },
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLinkJson[]>(reelShareLinksKey(link.highlightId), (list) =>
        list && !list.some((l) => l.token === link.token) ? [link, ...list] : (list ?? [link]),
      );
      refresh(queryClient, link.highlightId);
    },
    onError: (error) => {
      if (!quiet) toast({ variant: 'destructive', title: 'The link could not be made', description: serverMessage(error) });
    },
  });
}

/** DELETE /api/share-links/:token: the page and its media answer 404 from then on. */
export function useRevokeShareLink({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: ShareLinkJson) => {
      await apiRequest('DELETE', `/api/share-links/${encodeURIComponent(link.token)}`);
      return link;
    },
    onSuccess: (link) => {
      const drop = (list: ShareLinkJson[] | undefined) => list?.filter((l) => l.token !== link.token);
      queryClient.setQueryData<ShareLinkJson[]>(reelShareLinksKey(link.highlightId), drop);
      queryClient.setQueryData<ShareLinkJson[]>(SHARE_LINKS_KEY, drop);
      refresh(queryClient, link.highlightId);
      toast({ title: 'Link revoked', description: 'Whoever opens it now sees that it no longer exists.' });
      onSuccess?.();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'The link could not be revoked', description: serverMessage(error) }),
  });
}
