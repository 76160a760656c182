import { useState, type DragEvent, type ReactNode } from 'react';
import { UploadCloud } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';

type DropZoneProps = {
  /** Files dropped on the zone (never called with an empty list). */
  onFiles: (files: FileList) => void;
  /** Opens the file picker (the caller owns the hidden <input type="file">). */
  onBrowse: () => void;
  prompt: string;
  browseLabel: string;
  disabled?: boolean;
  /** A line under the button, e.g. the accepted formats. */
  note?: ReactNode;
};

/** A dashed area that takes dropped files and has a button for the file picker; it lights up while dragging. */
export function DropZone({ onFiles, onBrowse, prompt, browseLabel, disabled = false, note }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
        dragging ? 'border-brand bg-brand-soft/60' : 'border-input bg-muted/30',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
        <UploadCloud className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium text-foreground">{prompt}</p>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onBrowse}>
        {browseLabel}
      </Button>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </div>
  );
}
