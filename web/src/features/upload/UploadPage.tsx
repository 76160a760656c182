import { useState } from 'react';
import { FileVideo, ScanSearch, Sparkles, UploadCloud } from 'lucide-react';
import { UPLOAD_HINT } from '../../config/constants';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/layout/PageHeader';
import { useSharedFile } from '../../hooks/use-shared-file';
import { UploadDialog } from '../videos';

const NEXT_STEPS = [
  { icon: UploadCloud, title: 'Upload', text: 'Your file goes straight to secure storage, with live progress.' },
  { icon: ScanSearch, title: 'Validate and analyse', text: 'We check the streams, decode frames and prepare smooth playback.' },
  { icon: Sparkles, title: 'Create highlights', text: 'Trim by hand or let AI find the moments worth keeping.' },
];

/** /upload: heading, a Choose File button and the upload dialog, open on arrival. */
export function UploadPage() {
  const [open, setOpen] = useState(true);
  const shared = useSharedFile();
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader title="Upload Video" description="Upload a long video so Reelsmith can get it ready for highlights." />

      <section
        aria-label="Choose a video"
        className="flex flex-col items-center rounded-2xl border-2 border-dashed border-input bg-card px-6 py-12 text-center shadow-xs sm:py-16"
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand">
          <FileVideo className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-5 text-lg font-semibold tracking-tight">Choose a video to upload</h2>
        <p className="mt-1.5 text-sm text-muted-foreground">{UPLOAD_HINT}</p>
        <Button size="lg" className="mt-6" onClick={() => setOpen(true)}>
          <UploadCloud aria-hidden="true" />
          Choose File
        </Button>
      </section>

      <section aria-labelledby="upload-next-heading">
        <h2 id="upload-next-heading" className="text-sm font-semibold text-foreground">
          What happens next
        </h2>
        <ol className="mt-3 grid gap-4 sm:grid-cols-3">
          {NEXT_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted text-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-foreground">
                  {index + 1}. {title}
                </span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      {shared !== 'loading' && <UploadDialog open={open} onOpenChange={setOpen} initialFile={shared} />}
    </div>
  );
}
