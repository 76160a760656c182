import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { videoQueryKey } from '../../../lib/query-keys';
import type { Video } from '../../videos';
import type { Folder, FolderInput } from '../types';
import { intentKey } from '../../../lib/idempotency';

/** GET /api/video-folders. */
export const FOLDERS_QUERY_KEY = ['/api/video-folders'] as const;
/** GET /api/video-folders/:id/videos (the default query function joins the key with '/'). */
export const folderVideosQueryKey = (folderId: string) => ['/api/video-folders', folderId, 'videos'] as const;

export function useFolders() {
  return useQuery<Folder[]>({ queryKey: FOLDERS_QUERY_KEY });
}

export function useFolderVideos(folderId: string | null) {
  return useQuery<Video[]>({ queryKey: folderVideosQueryKey(folderId ?? ''), enabled: !!folderId });
}

const serverMessage = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;

/** POST /api/video-folders; 'Folder created' or 'Failed to create folder' with the server's words. */
export function useCreateFolder({ onSuccess }: { onSuccess?: (folder: Folder) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FolderInput) => {
      const idempotencyKey = intentKey(queryClient, 'folder', input, FOLDERS_QUERY_KEY);
      return (await (await apiRequest('POST', '/api/video-folders', input, { idempotencyKey })).json()) as Folder;
    },
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(FOLDERS_QUERY_KEY, (list) => (list ? [...list, folder] : list));
      toast({ title: 'Folder created', description: `“${folder.name}” is ready for your videos.` });
      onSuccess?.(folder);
      void queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY, exact: true });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to create folder', description: serverMessage(error) }),
  });
}

/** PUT /api/video-folders/:id; 'Folder updated' or 'Failed to update folder'. */
export function useUpdateFolder({ onSuccess }: { onSuccess?: (folder: Folder) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: FolderInput }) =>
      (await (await apiRequest('PUT', `/api/video-folders/${encodeURIComponent(id)}`, input)).json()) as Folder,
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(FOLDERS_QUERY_KEY, (list) => list?.map((f) => (f.id === folder.id ? folder : f)));
      toast({ title: 'Folder updated', description: `Your changes to “${folder.name}” are saved.` });
      onSuccess?.(folder);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to update folder', description: serverMessage(error) }),
  });
}

/** The videos of a deleted folder go back to the library (the server moves them a moment later). */
function releaseVideos(queryClient: QueryClient, folderId: string) {
  const release = (video: Video) => (video.folderId === folderId ? { ...video, folderId: null } : video);
  queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => list?.map(release));
  for (const video of queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY) ?? []) {
    queryClient.setQueryData<Video>(videoQueryKey(video.id), (one) => one && release(one));
  }
}

/** DELETE /api/video-folders/:id; its videos stay, back in the library. */
export function useDeleteFolder({ onSuccess }: { onSuccess?: (folder: Folder) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (folder: Folder) => {
      await apiRequest('DELETE', `/api/video-folders/${encodeURIComponent(folder.id)}`);
      return folder;
    },
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(FOLDERS_QUERY_KEY, (list) => list?.filter((f) => f.id !== folder.id));
      queryClient.removeQueries({ queryKey: folderVideosQueryKey(folder.id) });
      releaseVideos(queryClient, folder.id);
      toast({ title: 'Folder deleted', description: `“${folder.name}” is gone; its videos are back in your library.` });
      onSuccess?.(folder);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to delete folder', description: serverMessage(error) }),
  });
}

/** PATCH /api/videos/:id {folderId}: into a folder, or back to the library with null. */
export function useMoveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ video, folder }: { video: Video; folder: Folder | null }) =>
      (await (await apiRequest('PATCH', `/api/videos/${encodeURIComponent(video.id)}`, { folderId: folder?.id ?? null })).json()) as Video,
    onSuccess: async (moved, { video, folder }) => {
      const update = (v: Video) => (v.id === moved.id ? { ...v, folderId: moved.folderId } : v);
      queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (list) => list?.map(update));
      queryClient.setQueryData<Video>(videoQueryKey(moved.id), (one) => one && update(one));
      toast({
        title: folder ? 'Video moved' : 'Video moved to library',
        description: folder ? `“${video.title}” is now in “${folder.name}”.` : `“${video.title}” is back in your library.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['/api/video-folders'], predicate: (q) => q.queryKey.length === 3 });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to move video', description: serverMessage(error) }),
  });
}
