import { lazy, useState } from 'react';
import { ArrowLeft, FolderOpen, LogOut, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { WhenOpened } from '../../../components/ui/when-opened';
import { useCurrentUser } from '../../auth';
import { useBilling } from '../../billing';
import { useRemoveMember, type SharedFolder } from '../api/team';
import { videoCountLabel } from '../lib/folder-form';
import type { Folder } from '../types';

const TeamDialog = lazy(async () => ({ default: (await import('./TeamDialog')).TeamDialog }));

/**
 * The head of one folder's videos: Back to All Videos, name and description, the count, and the
 * team: Team (the owner shares it) or who shared it and Leave (a teammate).
 */
export function FolderHeader({
  folder,
  shared,
  videoCount,
  onBack,
}: {
  folder: Folder;
  /** Set when the folder is a team folder someone shared with the caller. */
  shared: SharedFolder | null;
  videoCount: number;
  onBack: () => void;
}) {
  const [teamOpen, setTeamOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const billing = useBilling();
  const { user } = useCurrentUser();
  const leave = useRemoveMember(folder.id, { onSuccess: onBack });

  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between"
      data-testid="folder-view"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl" style={{ backgroundColor: `${folder.color}1a`, color: folder.color }}>
          {shared ? <Users className="size-5" aria-hidden="true" /> : <FolderOpen className="size-5" aria-hidden="true" />}
        </span>
        <div className="min-w-0">
          <button
            type="button"
            onClick={onBack}
            className="inline-flex items-center gap-1 text-xs font-medium text-brand-strong hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="back-to-all-videos"
          >
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            Back to All Videos
          </button>
          <h2 className="flex items-center gap-2 truncate text-lg font-semibold tracking-tight text-foreground" data-testid="folder-view-name">
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: folder.color }} aria-hidden="true" />
            {folder.name}
          </h2>
          {shared ? (
            <p className="truncate text-sm text-muted-foreground" data-testid="folder-view-shared-by">
              Shared with you by {shared.ownerUsername}: watch the videos and make your own reels.
            </p>
          ) : (
            folder.description && <p className="truncate text-sm text-muted-foreground">{folder.description}</p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className="text-sm text-muted-foreground">{videoCountLabel(videoCount)}</span>
        {shared ? (
          <Button variant="outline" size="sm" onClick={() => setLeaving(true)} data-testid="folder-leave">
            <LogOut aria-hidden="true" />
            Leave
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setTeamOpen(true)} data-testid="folder-team">
            <Users aria-hidden="true" />
            Team
          </Button>
        )}
      </div>

      <WhenOpened open={teamOpen}>
        <TeamDialog folder={teamOpen ? folder : null} teamAllowed={billing.data?.entitlements.team} onOpenChange={setTeamOpen} />
      </WhenOpened>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave this folder?"
        description={`You will no longer see “${folder.name}” or its videos, nor the reels you made from them. ${shared?.ownerUsername ?? 'Its owner'} can add you again.`}
        confirmLabel="Leave folder"
        pending={leave.isPending}
        onConfirm={() => user && leave.mutate({ userId: user.id, username: user.username, leaving: true })}
        testId="leave-folder-dialog"
        confirmTestId="leave-folder-confirm"
      />
    </section>
  );
}
