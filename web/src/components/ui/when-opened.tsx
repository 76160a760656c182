import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded dialog from the first time it is opened on, and keeps it afterwards (its
 * closing animation plays): a page's first visit does not fetch the code of dialogs nobody opened.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
