import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Check, FolderInput, Library } from 'lucide-react';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { cn } from '../../../lib/utils';
import type { Folder } from '../types';

const MENU_WIDTH = 224;

/**
 * "Move to folder" on a video card: a menu of the user's folders plus "Library" (no folder).
 * Rendered in a portal so the card's rounded, clipped corners do not cut it off.
 */
export function MoveToFolderMenu({
  title,
  folders,
  currentFolderId,
  onMove,
}: {
  title: string;
  folders: Folder[];
  currentFolderId: string | null;
  onMove: (folder: Folder | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Below the button, or above it when the menu would run off the bottom of the window.
  useLayoutEffect(() => {
    if (!open || !button.current) {
      setPosition(null);
      return;
    }
    const rect = button.current.getBoundingClientRect();
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    setPosition({ top: rect.bottom + 6, left });
  }, [open]);
  useLayoutEffect(() => {
    if (!position || !menu.current || !button.current) return;
    const height = menu.current.offsetHeight;
    const rect = button.current.getBoundingClientRect();
    if (position.top + height > window.innerHeight - 8 && rect.top - height - 6 >= 8) {
      setPosition({ ...position, top: rect.top - height - 6 });
    }
  }, [position]);

  useEffect(() => {
    if (!open || !position) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitemradio"]')?.focus();
    const close = (event: Event) => {
      const inside = menu.current?.contains(event.target as Node) || button.current?.contains(event.target as Node);
      if ((event.type === 'mousedown' || event.type === 'scroll') && inside) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open, position]);

  const choose = (folder: Folder | null) => {
    setOpen(false);
    button.current?.focus();
    if ((folder?.id ?? null) !== currentFolderId) onMove(folder);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <>
      <LazyTooltip label="Move to folder">
        <button
          ref={button}
          type="button"
          aria-label={`Move ${title} to folder`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((o) => !o)}
          data-testid="move-to-folder"
          className={cn(
            'flex size-8 items-center justify-center rounded-lg text-muted-foreground transition-colors [&_svg]:size-4',
            'hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            open && 'bg-muted text-foreground',
          )}
        >
          <FolderInput />
        </button>
      </LazyTooltip>
      {open &&
        position &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label="Move to folder"
            onKeyDown={onKeyDown}
            data-testid="move-to-folder-menu"
            className="fixed z-50 rounded-xl border border-border bg-card p-1 shadow-xl shadow-black/10 animate-fade-in"
            style={{ top: position.top, left: position.left, width: MENU_WIDTH }}
          >
            <p className="px-2.5 pb-1 pt-1.5 text-[11px] font-semibold uppercase tracking-wide text-muted-foreground">Move to folder</p>
            <MenuItem label="Library" checked={currentFolderId === null} onSelect={() => choose(null)}>
              <Library className="size-4 text-muted-foreground" aria-hidden="true" />
            </MenuItem>
            {folders.length > 0 && <div className="my-1 h-px bg-border" role="separator" />}
            <div className="max-h-64 overflow-y-auto">
              {folders.map((folder) => (
                <MenuItem key={folder.id} label={folder.name} checked={currentFolderId === folder.id} onSelect={() => choose(folder)}>
                  <span className="mx-[3px] size-2.5 shrink-0 rounded-full" style={{ backgroundColor: folder.color }} aria-hidden="true" />
                </MenuItem>
              ))}
            </div>
            {folders.length === 0 && <p className="px-2.5 py-2 text-xs text-muted-foreground">No folders yet. Create one in the Folders tab.</p>}
          </div>,
          document.body,
        )}
    </>
  );
}

function MenuItem({ label, checked, onSelect, children }: { label: string; checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      onClick={onSelect}
      className={cn(
        'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-foreground transition-colors',
        'hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
      )}
    >
      {children}
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {checked && <Check className="size-4 shrink-0 text-brand" aria-hidden="true" />}
    </button>
  );
}
