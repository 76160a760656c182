import { PageHeader } from '../layout/components/PageHeader';

export function VideosPage() {
  return (
    <PageHeader
      title="My Videos"
      description="Every video you have uploaded, with its processing status, organised in folders."
    />
  );
}
