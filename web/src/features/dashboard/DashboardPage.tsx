import { ArrowRight, Layers, Sparkles, Upload, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/components/PageHeader';

const SHORTCUTS: { to: string; icon: LucideIcon; title: string; text: string }[] = [
  { to: '/upload', icon: Upload, title: 'Upload a video', text: 'Start with one long video.' },
  { to: '/bulk-upload', icon: Layers, title: 'Process a batch', text: 'Send many videos at once.' },
  { to: '/demo', icon: Sparkles, title: 'See sample reels', text: 'What Reelsmith makes from raw footage.' },
];

export function DashboardPage() {
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Dashboard"
        description="Your starting point: upload long videos, follow their processing and turn them into highlight reels."
      />
      <nav aria-label="Shortcuts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SHORTCUTS.map(({ to, icon: Icon, title, text }) => (
          <Link
            key={to}
            to={to}
            className="group flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-xs transition-[border-color,box-shadow] hover:border-brand/40 hover:shadow-md hover:shadow-black/[0.03] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:p-6"
          >
            <span className="flex items-start justify-between">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <ArrowRight
                className="size-4 text-muted-foreground/70 transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
                aria-hidden="true"
              />
            </span>
            <span>
              <span className="block text-[15px] font-semibold text-foreground">{title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
            </span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
