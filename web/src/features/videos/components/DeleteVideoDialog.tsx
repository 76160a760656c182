import { Loader2, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useDeleteVideo } from '../api/use-delete-video';
import type { Video } from '../types';

/** Deleting a video asks for confirmation (spec §5). */
export function DeleteVideoDialog({
  video,
  onOpenChange,
  onDeleted,
}: {
  video: Video | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteVideo({
    onSuccess: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });
  return (
    <Dialog open={!!video} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent className="grid-cols-1 sm:max-w-md" hideClose={remove.isPending} data-testid="delete-video-dialog">
        <DialogHeader className="pr-6">
          <DialogTitle>Delete this video?</DialogTitle>
          <DialogDescription>
            “{video?.title}” and its files will be removed from your library for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => video && remove.mutate(video)} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {remove.isPending ? 'Deleting…' : 'Delete video'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
