import { useEffect } from 'react';

/** Sets the tab title to "<title> · Reelsmith" (just "Reelsmith" without a title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Reelsmith` : 'Reelsmith';
  }, [title]);
}
