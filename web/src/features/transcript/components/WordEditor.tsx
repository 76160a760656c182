import { useRef, useState } from 'react';
import { Check, Loader2, Pencil, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useSaveTranscriptWords } from '../api/transcript';
import { correctedWords } from '../lib/words';
import type { Transcript } from '../types';

/** The words being fixed (index → new text) and how to save them (PUT transcript). */
export function useWordCorrections(transcript: Transcript) {
  const [fixes, setFixes] = useState<ReadonlyMap<number, string>>(new Map());
  const save = useSaveTranscriptWords(transcript.videoId);
  return {
    transcript,
    fixes,
    count: fixes.size,
    textOf: (index: number) => fixes.get(index) ?? transcript.words[index]?.text ?? '',
    fix: (index: number, text: string) =>
      setFixes((current) => {
        const next = new Map(current);
        if (text === transcript.words[index]?.text) next.delete(index);
        else next.set(index, text);
        return next;
      }),
    discard: () => setFixes(new Map()),
    save: (onSaved?: () => void) =>
      save.mutate(correctedWords(transcript.words, fixes), {
        onSuccess: () => {
          setFixes(new Map());
          onSaved?.();
        },
      }),
    saving: save.isPending,
  };
}

export type WordCorrections = ReturnType<typeof useWordCorrections>;

/** 'Fix words', then 'Save words' (with how many changed) and 'Cancel'. */
export function EditWordsBar({
  corrections,
  editing,
  onEditingChange,
}: {
  corrections: WordCorrections;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  if (!editing) {
    return (
      <Button variant="outline" className="px-3" onClick={() => onEditingChange(true)} data-testid="edit-words">
        <Pencil aria-hidden="true" />
        Fix words
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Button onClick={() => corrections.save(() => onEditingChange(false))} disabled={corrections.saving || corrections.count === 0} data-testid="save-words">
        {corrections.saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
        Save {corrections.count > 0 ? `${corrections.count} ${corrections.count === 1 ? 'word' : 'words'}` : 'words'}
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          corrections.discard();
          onEditingChange(false);
        }}
      >
        <X aria-hidden="true" />
        Cancel
      </Button>
    </div>
  );
}

/**
 * The words as buttons: press one to change its text in place (Enter keeps it, Escape leaves it as
 * it was; an empty word is removed on save). `indexes`: only these words (a moment's caption).
 */
export function WordEditor({
  transcript,
  corrections,
  indexes,
  className,
}: {
  transcript: Transcript;
  corrections: WordCorrections;
  indexes?: number[];
  className?: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = indexes ?? transcript.words.map((_, i) => i);
  return (
    <div className={cn('max-h-80 overflow-y-auto rounded-xl border border-brand/40 bg-brand-soft/20 p-3', className)} data-testid="word-editor">
      <p className="mb-2 text-xs text-muted-foreground">Press a word to change it; Enter keeps the change. An emptied word is removed.</p>
      <p className="flex flex-wrap gap-1 text-[15px] leading-7">
        {shown.map((i) =>
          open === i ? (
            <WordInput
              key={i}
              initial={corrections.textOf(i)}
              label={`Word at ${formatDuration(transcript.words[i].start)}`}
              onDone={(text) => {
                if (text !== null) corrections.fix(i, text);
                setOpen(null);
              }}
            />
          ) : (
            <button
              key={i}
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`${corrections.textOf(i) || 'removed word'}, at ${formatDuration(transcript.words[i].start)}: change`}
              data-testid="edit-word"
              data-changed={corrections.fixes.has(i)}
              className={cn(
                'rounded px-1 text-foreground ring-1 ring-inset ring-border hover:bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                corrections.fixes.has(i) && 'bg-amber-100 ring-amber-400',
                !corrections.textOf(i) && 'text-muted-foreground line-through',
              )}
            >
              {corrections.textOf(i) || transcript.words[i].text}
            </button>
          ),
        )}
      </p>
    </div>
  );
}

function WordInput({ initial, label, onDone }: { initial: string; label: string; onDone: (text: string | null) => void }) {
  const [text, setText] = useState(initial);
  // Enter or Escape ends the edit; the blur that follows as the input goes must not undo an Escape.
  const ended = useRef(false);
  const end = (value: string | null) => {
    if (ended.current) return;
    ended.current = true;
    onDone(value);
  };
  return (
    <input
      autoFocus
      aria-label={label}
      value={text}
      maxLength={100}
      size={Math.max(4, text.length + 1)}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => end(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          end(text);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          end(null);
        }
      }}
      data-testid="word-input"
      className="rounded border border-brand bg-card px-1 text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand/30"
    />
  );
}
