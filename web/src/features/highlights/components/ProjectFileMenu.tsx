import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, FileCode2, Loader2 } from 'lucide-react';
import type { ProjectFormat } from '@reelsmith/proto/http/project';
import { buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { getServerErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { downloadProjectFile } from '../api/project-files';
import { PROJECT_FILE_CHOICES } from '../lib/project-files';

/**
 * "Project file" on a ready reel: downloads its timeline (moments with source timecodes, crop and
 * music) as EDL, FCPXML, MLT or JSON, to finish it in another editor.
 */
export function ProjectFileMenu({ highlightId }: { highlightId: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ProjectFormat | null>(null);
  const [menuLeft, setMenuLeft] = useState<number | undefined>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    wrapper.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const download = async (format: ProjectFormat) => {
    setOpen(false);
    button.current?.focus();
    setBusy(format);
    try {
      await downloadProjectFile(highlightId, format);
    } catch (error) {
      toast({ variant: 'destructive', title: 'The project file could not be made', description: getServerErrorMessage(error) ?? 'Please try again.' });
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(wrapper.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={wrapper} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setMenuLeft(menuOffset(button.current));
          setOpen((o) => !o);
        }}
        disabled={busy !== null}
        className={buttonVariants({ size: 'sm', variant: 'outline', className: 'min-h-9' })}
        data-testid="project-file-button"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileCode2 aria-hidden="true" />}
        Project file
        <ChevronDown aria-hidden="true" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Download a project file"
          data-testid="project-file-menu"
          style={{ left: menuLeft }}
          className="absolute top-full z-30 mt-1.5 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-1 shadow-xl shadow-black/10 animate-fade-in"
        >
          {PROJECT_FILE_CHOICES.map((choice) => (
            <button
              key={choice.format}
              type="button"
              role="menuitem"
              onClick={() => void download(choice.format)}
              data-testid={`project-file-${choice.format}`}
              className={cn(
                'flex min-h-11 w-full flex-col items-start justify-center rounded-lg px-2.5 py-1.5 text-left transition-colors',
                'hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
              )}
            >
              <span className="text-sm font-medium text-foreground">{choice.label}</span>
              <span className="text-xs text-muted-foreground">{choice.editors}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Where the menu (18 rem wide) starts, relative to the button: under its right edge when there is
 * room, else shifted to stay 8 px inside the screen (on a phone the button may wrap to the left).
 */
function menuOffset(button: HTMLButtonElement | null): number | undefined {
  if (!button) return undefined;
  const rect = button.getBoundingClientRect();
  const width = Math.min(18 * 16, window.innerWidth - 32);
  const left = Math.max(8, Math.min(rect.right - width, window.innerWidth - 8 - width));
  return left - rect.left;
}
