import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandKitInput, BrandKitJson } from '@reelsmith/proto/http';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, authHeaders, getServerErrorMessage, throwIfResNotOk } from '../../../lib/api-client';

export const BRAND_KIT_QUERY_KEY = ['/api/user/brand-kit'] as const;

const serverMessage = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;

export function useBrandKit() {
  return useQuery<BrandKitJson>({ queryKey: BRAND_KIT_QUERY_KEY });
}

/** PUT /api/user/brand-kit: the whole kit but the logo's file. */
export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kit: BrandKitInput) => (await (await apiRequest('PUT', '/api/user/brand-kit', kit)).json()) as BrandKitJson,
    onSuccess: (saved) => {
      queryClient.setQueryData(BRAND_KIT_QUERY_KEY, saved);
      toast({ title: 'Brand kit saved', description: 'New reels get your logo, cards and caption colour.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to save the brand kit', description: serverMessage(error) }),
  });
}

/** POST /api/user/brand-kit/logo with the file itself as the body (PNG or SVG; the server checks it). */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const res = await fetch('/api/user/brand-kit/logo', {
        method: 'POST',
        headers: { ...authHeaders(), 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
        credentials: 'same-origin',
      });
      await throwIfResNotOk(res);
      return (await res.json()) as BrandKitJson;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(BRAND_KIT_QUERY_KEY, saved);
      toast({ title: 'Logo uploaded' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'The logo was not taken', description: serverMessage(error) }),
  });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('DELETE', '/api/user/brand-kit/logo')).json()) as BrandKitJson,
    onSuccess: (saved) => {
      queryClient.setQueryData(BRAND_KIT_QUERY_KEY, saved);
      toast({ title: 'Logo removed' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'The logo was not removed', description: serverMessage(error) }),
  });
}
