import type { ReactNode } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** e.g. 'Delete video'. */
  confirmLabel: string;
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  /** The button that closes the dialog and does nothing ('Keep my plan' reads better than 'Cancel' beside a cancellation). */
  dismissLabel?: string;
  icon?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  testId?: string;
  confirmTestId?: string;
};

/** Asks before a destructive action (a deletion, a cancellation); cannot be dismissed while it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Deleting…',
  dismissLabel = 'Cancel',
  icon = <Trash2 aria-hidden="true" />,
  pending,
  onConfirm,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="grid-cols-1 sm:max-w-md" hideClose={pending} data-testid={testId}>
        <DialogHeader className="pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending} data-testid={confirmTestId}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
