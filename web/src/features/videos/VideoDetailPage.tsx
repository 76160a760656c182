import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/components/PageHeader';

export function VideoDetailPage() {
  return (
    <PageHeader
      eyebrow={
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
      }
      title="Video Details"
      description="Playback, download and file details of one of your videos."
    />
  );
}
