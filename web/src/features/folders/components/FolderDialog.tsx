import { useEffect, useId, useState, type FormEvent } from 'react';
import { Check, FolderPlus, Loader2, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { useCreateFolder, useUpdateFolder } from '../api/folders';
import { checkFolderForm, FOLDER_PALETTE, initialFolderForm, type FolderFormValues } from '../lib/folder-form';
import type { Folder } from '../types';

/**
 * New Folder (folder undefined) and Edit Folder dialogs: name, optional description and
 * one of the ten palette colours.
 */
export function FolderDialog({ open, folder, onOpenChange }: { open: boolean; folder?: Folder | null; onOpenChange: (open: boolean) => void }) {
  const editing = !!folder;
  const [values, setValues] = useState<FolderFormValues>(() => initialFolderForm(folder));
  const close = () => onOpenChange(false);
  const create = useCreateFolder({ onSuccess: close });
  const update = useUpdateFolder({ onSuccess: close });
  const pending = create.isPending || update.isPending;
  const nameId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (open) setValues(initialFolderForm(folder));
  }, [open, folder]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkFolderForm(values);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    if (folder) update.mutate({ id: folder.id, input: check.input });
    else create.mutate(check.input);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="grid-cols-1 sm:max-w-md" data-testid="folder-dialog">
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader className="pr-6">
            <DialogTitle>{editing ? 'Edit Folder' : 'New Folder'}</DialogTitle>
            <DialogDescription>
              {editing ? 'Rename the folder, describe it or give it another colour.' : 'Group videos by event, client or trip.'}
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-2">
            <Label htmlFor={nameId}>Name</Label>
            <Input
              id={nameId}
              value={values.name}
              onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
              placeholder="e.g. Summer weddings"
              maxLength={100}
              autoFocus
              data-testid="folder-name"
            />
          </div>

          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <textarea
              id={descriptionId}
              value={values.description}
              onChange={(event) => setValues((v) => ({ ...v, description: event.target.value }))}
              placeholder="What goes in this folder?"
              rows={3}
              maxLength={500}
              data-testid="folder-description"
              className={cn(
                'min-h-20 w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs',
                'placeholder:text-muted-foreground/70 transition-[border-color,box-shadow] duration-150',
                'focus-visible:border-brand focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand/15',
              )}
            />
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium leading-none text-foreground">Colour</legend>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Folder colour" data-testid="folder-colors">
              {FOLDER_PALETTE.map(({ value, name }) => {
                const selected = values.color === value;
                return (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={name}
                    title={name}
                    data-color={value}
                    onClick={() => setValues((v) => ({ ...v, color: value }))}
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full ring-offset-2 ring-offset-card transition-[box-shadow,transform]',
                      'hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      selected && 'ring-2 ring-foreground/70',
                    )}
                    style={{ backgroundColor: value }}
                  >
                    {selected && <Check className="size-4 text-white drop-shadow" aria-hidden="true" />}
                  </button>
                );
              })}
            </div>
          </fieldset>

          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="folder-submit">
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : editing ? <Save aria-hidden="true" /> : <FolderPlus aria-hidden="true" />}
              {editing ? 'Save Changes' : 'Create Folder'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
