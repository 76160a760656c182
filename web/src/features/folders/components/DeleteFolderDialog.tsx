import { Loader2, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useDeleteFolder } from '../api/folders';
import { videoCountLabel } from '../lib/folder-form';
import type { Folder } from '../types';

/** Deleting a folder asks for confirmation, noting that the videos inside are not deleted (spec §5). */
export function DeleteFolderDialog({
  folder,
  videoCount,
  onOpenChange,
  onDeleted,
}: {
  folder: Folder | null;
  videoCount: number;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (folder: Folder) => void;
}) {
  const remove = useDeleteFolder({
    onSuccess: (deleted) => {
      onOpenChange(false);
      onDeleted?.(deleted);
    },
  });
  return (
    <Dialog open={!!folder} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent className="grid-cols-1 sm:max-w-md" hideClose={remove.isPending} data-testid="delete-folder-dialog">
        <DialogHeader className="pr-6">
          <DialogTitle>Delete this folder?</DialogTitle>
          <DialogDescription>
            The folder “{folder?.name}” will be deleted. The videos inside are not deleted
            {videoCount > 0 ? ` (${videoCountLabel(videoCount)})` : ''}: they go back to your library.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => folder && remove.mutate(folder)} disabled={remove.isPending} data-testid="delete-folder-confirm">
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {remove.isPending ? 'Deleting…' : 'Delete folder'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
