import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteVideo } from '../api/use-delete-video';
import type { Video } from '../types';

/** Deleting a video asks for confirmation. */
export function DeleteVideoDialog({ video, onOpenChange, onDeleted }: { video: Video | null; onOpenChange: (open: boolean) => void; onDeleted?: () => void }) {
  const remove = useDeleteVideo({
    onSuccess: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      open={!!video}
      onOpenChange={onOpenChange}
      title="Delete this video?"
      description={`“${video?.title}” and its files will be removed from your library for good. This cannot be undone.`}
      confirmLabel="Delete video"
      pending={remove.isPending}
      onConfirm={() => video && remove.mutate(video)}
      testId="delete-video-dialog"
    />
  );
}
