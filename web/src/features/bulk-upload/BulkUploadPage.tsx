import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/layout/PageHeader';
import { BatchDetail } from './components/BatchDetail';
import { BatchForm } from './components/BatchForm';
import { BatchList } from './components/BatchList';

/** Bulk video processing: a batch form beside the list of batches; ?batch=id shows that batch (the batch e-mail links there). */
export function BulkUploadPage() {
  const [params] = useSearchParams();
  const batchId = params.get('batch');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Bulk Processing" description="Upload up to 50 videos as one batch, follow its progress and download a report when it is done." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)]">
        <BatchForm />
        {batchId ? <BatchDetail key={batchId} batchId={batchId} /> : <BatchList />}
      </div>
    </div>
  );
}
