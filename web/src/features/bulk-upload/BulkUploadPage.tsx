import { PageHeader } from '../layout/components/PageHeader';

export function BulkUploadPage() {
  return (
    <PageHeader
      title="Bulk Processing"
      description="Upload up to 50 videos as one batch, follow its progress and download a report when it is done."
    />
  );
}
