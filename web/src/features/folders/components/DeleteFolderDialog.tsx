import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteFolder } from '../api/folders';
import { videoCountLabel } from '../lib/folder-form';
import type { Folder } from '../types';

/** Deleting a folder asks for confirmation, noting that the videos inside are not deleted. */
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
  const inside = videoCount > 0 ? ` (${videoCountLabel(videoCount)})` : '';
  return (
    <ConfirmDialog
      open={!!folder}
      onOpenChange={onOpenChange}
      title="Delete this folder?"
      description={`The folder “${folder?.name}” will be deleted. The videos inside are not deleted${inside}: they go back to your library.`}
      confirmLabel="Delete folder"
      pending={remove.isPending}
      onConfirm={() => folder && remove.mutate(folder)}
      testId="delete-folder-dialog"
      confirmTestId="delete-folder-confirm"
    />
  );
}
