import { useState } from 'react';
import { Camera, Images } from 'lucide-react';
import { UPLOAD_HINT } from '../../../config/constants';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSharedFile } from '../../../hooks/use-shared-file';
import { UploadDialog } from '../../videos';
import { useBilling } from '../../billing';
import { mobileVideoPath } from '../paths';
import { PlanNotice } from './PlanNotice';

/**
 * Upload on a phone: the upload dialog (open on arrival) with the camera roll and the camera.
 * Without a plan the upload would be refused (402): the plans come first, and the dialog waits.
 */
export function MobileUpload() {
  useDocumentTitle('Upload Video');
  const [open, setOpen] = useState(true);
  const shared = useSharedFile();
  const billing = useBilling();
  // Unknown (still loading) waits; unreadable (offline) lets the dialog say what fails.
  const needsPlan = billing.isLoading || (billing.data ? !billing.data.entitlements.active : false);
  return (
    <section className="grid gap-4" aria-labelledby="mobile-upload-heading">
      <div>
        <h1 id="mobile-upload-heading" className="text-2xl font-semibold tracking-tight">
          Upload Video
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Pick a video from your camera roll or record one. {UPLOAD_HINT}.</p>
      </div>
      <PlanNotice what="Uploading" />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" className="h-auto min-h-24 flex-col gap-2 rounded-2xl bg-card text-base" disabled={needsPlan} onClick={() => setOpen(true)}>
          <Images className="size-7 text-brand-strong" aria-hidden="true" />
          Choose File
        </Button>
        <Button variant="outline" className="h-auto min-h-24 flex-col gap-2 rounded-2xl bg-card text-base" disabled={needsPlan} onClick={() => setOpen(true)}>
          <Camera className="size-7 text-brand-strong" aria-hidden="true" />
          Use camera
        </Button>
      </div>
      <ol className="grid gap-2 text-sm text-muted-foreground">
        <li>1. Upload: your file goes straight to storage, with live progress.</li>
        <li>2. Processing: we check it and get it ready to play.</li>
        <li>3. Highlights: AI cuts a vertical reel you can share.</li>
      </ol>
      {shared !== 'loading' && !needsPlan && <UploadDialog open={open} onOpenChange={setOpen} initialFile={shared} phone videoPath={mobileVideoPath} />}
    </section>
  );
}
