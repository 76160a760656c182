import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { cn } from '../../lib/utils';

/** Page title (the page's only h1), its one-line purpose and optional actions. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  className,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {eyebrow && <div className="mb-2">{eyebrow}</div>}
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-[28px]">{title}</h1>
        <p className="mt-1.5 max-w-2xl text-[15px] leading-relaxed text-muted-foreground" data-testid="page-description">
          {description}
        </p>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
