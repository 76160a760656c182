import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolderMembersJson, SharedFolderJson } from '@reelsmith/proto/http';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { intentKey } from '../../../lib/idempotency';
import { folderVideosQueryKey } from './folders';

export type SharedFolder = SharedFolderJson;
export type FolderMembers = FolderMembersJson;

/** GET /api/video-folders/shared: team folders others shared with the caller. */
export const SHARED_FOLDERS_QUERY_KEY = ['/api/video-folders', 'shared'] as const;
/** GET /api/video-folders/:id/members. */
export const folderMembersQueryKey = (folderId: string) => ['/api/video-folders', folderId, 'members'] as const;

export function useSharedFolders() {
  return useQuery<SharedFolder[]>({ queryKey: SHARED_FOLDERS_QUERY_KEY });
}

export function useFolderMembers(folderId: string | null) {
  return useQuery<FolderMembers>({ queryKey: folderMembersQueryKey(folderId ?? ''), enabled: !!folderId });
}

const serverMessage = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;
const membersPath = (folderId: string) => `/api/video-folders/${encodeURIComponent(folderId)}/members`;

/** POST /api/video-folders/:id/members {username}: shares the folder with a teammate (Pro). */
export function useAddMember(folderId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const key = folderMembersQueryKey(folderId);
  return useMutation({
    mutationFn: async (username: string) => {
      // The members known now are part of the intent: removing someone and adding them again is a new one.
      const members = (queryClient.getQueryData<FolderMembers>(key)?.members ?? []).map((m) => m.userId).sort();
      const idempotencyKey = intentKey(queryClient, 'member', { folderId, username: username.trim().toLowerCase(), members }, key);
      return (await (await apiRequest('POST', membersPath(folderId), { username }, { idempotencyKey })).json()) as FolderMembers;
    },
    onSuccess: (list, username) => {
      queryClient.setQueryData(key, list);
      toast({ title: 'Teammate added', description: `${username.trim()} can now watch this folder’s videos and make reels from them.` });
      onSuccess?.();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not add the teammate', description: serverMessage(error) }),
  });
}

/** DELETE /api/video-folders/:id/members/:userId: the owner removes a teammate, or a teammate leaves. */
export function useRemoveMember(folderId: string, { onSuccess }: { onSuccess?: (left: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId }: { userId: string; username: string; leaving: boolean }) =>
      (await (await apiRequest('DELETE', `${membersPath(folderId)}/${encodeURIComponent(userId)}`)).json()) as FolderMembers,
    onSuccess: (list, { username, leaving }) => {
      if (leaving) {
        queryClient.setQueryData<SharedFolder[]>(SHARED_FOLDERS_QUERY_KEY, (shared) => shared?.filter((f) => f.id !== folderId));
        queryClient.removeQueries({ queryKey: folderMembersQueryKey(folderId) });
        queryClient.removeQueries({ queryKey: folderVideosQueryKey(folderId) });
        toast({ title: 'You left the folder', description: 'Its videos are no longer shared with you.' });
      } else {
        queryClient.setQueryData(folderMembersQueryKey(folderId), list);
        toast({ title: 'Teammate removed', description: `${username} no longer sees this folder.` });
      }
      onSuccess?.(leaving);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not remove the teammate', description: serverMessage(error) }),
  });
}
