import type { HighlightProgress } from '../../highlights';

/**
 * Latest live progress per highlight reel (or export), for this tab. Kept even for reels the
 * caches do not know yet: the worker may report before the POST that queued the reel has answered.
 */
export type LiveHighlightProgress = HighlightProgress & { at: number };

type Listener = () => void;

const progress = new Map<string, LiveHighlightProgress>();
const listeners = new Set<Listener>();

function emit() {
  listeners.forEach((listener) => listener());
}

export const highlightProgressStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(highlightId: string | null | undefined): LiveHighlightProgress | undefined {
    return highlightId ? progress.get(highlightId) : undefined;
  },
  set(update: HighlightProgress, at: number = Date.now()): LiveHighlightProgress {
    const next = { ...update, at };
    progress.set(update.highlightId, next);
    emit();
    return next;
  },
  delete(highlightId: string): void {
    if (progress.delete(highlightId)) emit();
  },
  clear(): void {
    progress.clear();
    emit();
  },
};
