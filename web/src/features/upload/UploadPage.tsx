import { PageHeader } from '../layout/components/PageHeader';

export function UploadPage() {
  return (
    <PageHeader
      title="Upload Video"
      description="Upload a long video (MP4, MOV or AVI, up to 2GB) so Reelsmith can find its highlights."
    />
  );
}
