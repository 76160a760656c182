import { useId, useMemo, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { MAX_INCLUDE_WORDS } from '@reelsmith/proto/http';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useTranscript } from '../api/transcript';
import { includeWordsStore } from '../lib/per-video-store';
import { addIncludeWord, findPhrase } from '../lib/words';

/**
 * "Make a reel of these": words or short phrases ("toast", "I do") typed as chips; the moments
 * where they are said must be in the next reel (sent as includeWords). Each chip says how often
 * its words are said in the loaded transcript.
 */
export function IncludeWordsField({ videoId, size = 'default' }: { videoId: string; size?: 'default' | 'lg' }) {
  const id = useId();
  const [words, setWords] = includeWordsStore.use(videoId);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const transcript = useTranscript(videoId).data;
  const ready = transcript?.status === 'ready';
  const counts = useMemo(() => new Map(words.map((w) => [w, ready ? findPhrase(transcript.words, w).length : null])), [words, ready, transcript]);

  const add = () => {
    const next = addIncludeWord(words, typed);
    setError(next.error);
    if (next.error) return;
    setWords(next.list);
    setTyped('');
  };

  return (
    <div className="grid gap-1.5" data-testid="include-words">
      <label htmlFor={id} className="text-xs font-medium text-foreground">
        Make a reel of these words
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          placeholder="toast, I do, goal…"
          maxLength={120}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
          className={size === 'lg' ? 'h-11' : 'h-9'}
          data-testid="include-word-input"
        />
        <Button type="button" variant="outline" onClick={add} disabled={!typed.trim()} className={size === 'lg' ? 'h-11' : 'h-9'}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {error ? <span className="text-red-700">{error}</span> : `Where these are said goes into the reel. Up to ${MAX_INCLUDE_WORDS}.`}
      </p>
      {words.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Words the reel must include">
          {words.map((word) => {
            const count = counts.get(word);
            return (
              <li
                key={word}
                className="inline-flex items-center gap-1 rounded-full bg-brand-soft py-0.5 pl-2.5 pr-0.5 text-xs font-medium text-foreground ring-1 ring-inset ring-brand/30"
                data-testid="include-word-chip"
                data-count={count ?? ''}
              >
                <span className="max-w-40 truncate">{word}</span>
                {count !== null && count !== undefined && (
                  <span
                    className={cn(
                      'rounded-full bg-card px-1.5 text-[11px] tabular-nums ring-1 ring-inset',
                      count ? 'text-brand-strong ring-brand/30' : 'text-red-700 ring-red-200',
                    )}
                    title={count ? `Said ${count} ${count === 1 ? 'time' : 'times'} in the transcript` : 'Not said in the transcript'}
                  >
                    {count}
                    <span className="sr-only"> {count === 1 ? 'time' : 'times'} in the transcript</span>
                  </span>
                )}
                <button
                  type="button"
                  aria-label={`Remove ${word}`}
                  onClick={() => setWords(words.filter((w) => w !== word))}
                  className="flex size-6 items-center justify-center rounded-full text-muted-foreground hover:bg-card hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:size-9"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
