import { Loader2, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useRetryHighlight } from '../api/highlights';
import type { Highlight } from '../types';

/** Retry for a highlight version or export in 'error': it is made again as it is, with its progress. */
export function RetryHighlightButton({ highlight, label, className }: { highlight: Pick<Highlight, 'id'>; label: string; className?: string }) {
  const retry = useRetryHighlight();
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn('shrink-0', className)}
      disabled={retry.isPending}
      onClick={() => retry.mutate(highlight)}
      aria-label={label}
      data-testid="retry-highlight"
    >
      {retry.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
      Retry
    </Button>
  );
}
