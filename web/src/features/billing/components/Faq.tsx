import { cn } from '../../../lib/utils';
import { FAQ } from '../marketing';

/** The FAQ: /pricing's, and the sign-in page's (`id` is the target of its FAQ link). */
export function FaqSection({ id, className }: { id?: string; className?: string }) {
  return (
    <section id={id} aria-labelledby="faq-heading" className={cn('grid gap-3', className)}>
      <h2 id="faq-heading" className="text-xl font-semibold tracking-tight">
        Frequently asked questions
      </h2>
      {FAQ.map((entry) => (
        <details key={entry.q} className="rounded-xl border border-border bg-card px-4 py-3">
          <summary className="cursor-pointer text-[15px] font-medium">{entry.q}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{entry.a}</p>
        </details>
      ))}
    </section>
  );
}
