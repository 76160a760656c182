import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Crown, Loader2, UserMinus, UserPlus, Users } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatRelativeTime } from '../../../lib/format';
import { useAddMember, useFolderMembers, useRemoveMember } from '../api/team';
import type { Folder } from '../types';

/**
 * Team folder (Pro): the owner shares a folder with teammates by username; they watch its videos
 * and make their own reels. Without Pro the dialog says so and links to pricing.
 */
export function TeamDialog({
  folder,
  teamAllowed,
  onOpenChange,
}: {
  folder: Folder | null;
  /** Whether the owner's plan shares folders (undefined while billing loads). */
  teamAllowed: boolean | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const folderId = folder?.id ?? '';
  const members = useFolderMembers(folder ? folderId : null);
  const [username, setUsername] = useState('');
  const add = useAddMember(folderId, { onSuccess: () => setUsername('') });
  const remove = useRemoveMember(folderId);
  const inputId = useId();
  const list = members.data?.members ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && !add.isPending) add.mutate(username.trim());
  };

  return (
    <Dialog open={!!folder} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-1 sm:max-w-md" data-testid="team-dialog">
        <DialogHeader className="pr-6">
          <DialogTitle>Share “{folder?.name}” with your team</DialogTitle>
          <DialogDescription>
            Teammates watch its videos and make their own reels from them. Changing, moving or deleting the videos stays yours.
          </DialogDescription>
        </DialogHeader>

        {teamAllowed === false ? (
          <div className="grid gap-3 rounded-xl border border-brand/20 bg-brand-soft p-4 text-sm" data-testid="team-upgrade">
            <p className="flex items-center gap-2 font-medium text-foreground">
              <Crown className="size-4 text-brand" aria-hidden="true" />
              Team folders are part of Pro.
            </p>
            <p className="text-muted-foreground">Upgrade to share folders with up to 25 teammates.</p>
            <Link to="/pricing" className={buttonVariants({ size: 'sm', className: 'w-fit' })}>
              See Pro
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-2" noValidate>
            <Label htmlFor={inputId}>Teammate’s username</Label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                placeholder="e.g. sam-edits"
                autoComplete="off"
                maxLength={100}
                data-testid="team-username"
              />
              <Button type="submit" disabled={!username.trim() || add.isPending || teamAllowed === undefined} data-testid="team-add">
                {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
                Add
              </Button>
            </div>
          </form>
        )}

        <section aria-label="Teammates" className="grid gap-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">In this folder</h3>
          {members.isLoading ? (
            <p className="text-sm text-muted-foreground">Loading teammates…</p>
          ) : list.length === 0 ? (
            <p
              className="flex items-center gap-2 rounded-lg border border-dashed border-input px-3 py-3 text-sm text-muted-foreground"
              data-testid="team-empty"
            >
              <Users className="size-4" aria-hidden="true" />
              Only you so far.
            </p>
          ) : (
            <ul className="grid gap-1.5" data-testid="team-members">
              {list.map((member) => (
                <li key={member.userId} className="flex items-center gap-3 rounded-lg border border-border px-3 py-2" data-testid="team-member">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold uppercase text-foreground"
                  >
                    {member.username.slice(0, 1)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-foreground">{member.username}</span>
                    <span className="block text-xs text-muted-foreground">Added {formatRelativeTime(member.addedAt)}</span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ userId: member.userId, username: member.username, leaving: false })}
                    aria-label={`Remove ${member.username}`}
                  >
                    <UserMinus aria-hidden="true" />
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
