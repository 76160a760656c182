import { useId, useState } from 'react';
import { Loader2, Scissors } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useTrimVideo, defaultTrimRange, validateTrim, isEditable, type Video } from '../../videos';

/**
 * Quick Trim: start and end typed as m:ss (default 0:00 to the full duration),
 * checked here with the spec's messages, then POST /api/videos/:id/trim makes a new clip.
 * Render it with key={video.id} so the defaults follow the selected video.
 */
export function QuickTrim({ video }: { video: Video }) {
  const defaults = defaultTrimRange(video.duration);
  const [start, setStart] = useState(defaults.start);
  const [end, setEnd] = useState(defaults.end);
  const trim = useTrimVideo();
  const startId = useId();
  const endId = useId();
  const noteId = useId();
  const allowed = isEditable(video);

  const submit = () => {
    const check = validateTrim(start, end, video.duration);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.title, description: check.message });
      return;
    }
    trim.mutate({ videoId: video.id, start: start.trim(), end: end.trim() });
  };

  return (
    <form
      aria-labelledby={`${startId}-heading`}
      data-testid="quick-trim"
      className="rounded-xl border border-border bg-muted/40 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (allowed && !trim.isPending) submit();
      }}
    >
      <div className="flex items-center gap-2">
        <span className="flex size-7 items-center justify-center rounded-lg bg-card text-brand shadow-xs ring-1 ring-border">
          <Scissors className="size-3.5" aria-hidden="true" />
        </span>
        <h3 id={`${startId}-heading`} className="text-sm font-semibold text-foreground">
          Quick Trim
        </h3>
      </div>
      <p id={noteId} className="mt-2 text-xs text-muted-foreground">
        {allowed ? 'Cut a new clip from this video. Type times as m:ss, for example 1:05.' : 'Only processed videos can be trimmed. This one is not ready yet.'}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="grid w-24 gap-1.5">
          <Label htmlFor={startId} className="text-xs">
            Start
          </Label>
          <Input
            id={startId}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            inputMode="numeric"
            placeholder="0:00"
            disabled={!allowed}
            aria-describedby={noteId}
            className="h-9 font-mono tabular-nums"
          />
        </div>
        <div className="grid w-24 gap-1.5">
          <Label htmlFor={endId} className="text-xs">
            End
          </Label>
          <Input
            id={endId}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            inputMode="numeric"
            placeholder={defaults.end}
            disabled={!allowed}
            aria-describedby={noteId}
            className="h-9 font-mono tabular-nums"
          />
        </div>
        <Button type="submit" size="sm" className="h-9" disabled={!allowed || trim.isPending}>
          {trim.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Scissors aria-hidden="true" />}
          {trim.isPending ? 'Trimming…' : 'Apply Trim'}
        </Button>
      </div>
    </form>
  );
}
