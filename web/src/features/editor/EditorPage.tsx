import { PageHeader } from '../layout/components/PageHeader';

export function EditorPage() {
  return (
    <PageHeader
      title="Video Editor"
      description="Trim a processed video, set it to music and choose the quality and format to export."
    />
  );
}
