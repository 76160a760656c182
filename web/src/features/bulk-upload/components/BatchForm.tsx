import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FileVideo, Loader2, UploadCloud, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { formatFileSize } from '../../../lib/format';
import { DropZone } from '../../../components/ui/drop-zone';
import { cn } from '../../../lib/utils';
import { BATCHES_QUERY_KEY, BulkUploadError, createBatch, uploadBatchFiles } from '../api/batches';
import { bulkUploadProblem, canStartBulkUpload, isVideoFile, MAX_BATCH_FILES, uploadedMessage } from '../lib/bulk-rules';

type Stage = 'idle' | 'creating' | 'uploading' | 'checking';

/** The batch form: name, optional description, many video files; create the batch, then upload them with real progress. */
export function BatchForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const descriptionId = useId();
  const filesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [stage, setStage] = useState<Stage>('idle');
  const [sent, setSent] = useState({ loaded: 0, total: 0 });
  const busy = stage !== 'idle';
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);

  const addFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const videos = picked.filter(isVideoFile);
    if (videos.length < picked.length) {
      toast({ title: 'Only video files', description: `${picked.length - videos.length} file(s) that are not videos were left out.` });
    }
    const next = [...files, ...videos.filter((v) => !files.some((f) => f.name === v.name && f.size === v.size))];
    if (next.length > MAX_BATCH_FILES) {
      toast({ variant: 'destructive', title: 'Too many files', description: `Maximum ${MAX_BATCH_FILES} videos per batch` });
      return;
    }
    setFiles(next);
  };

  const start = async () => {
    if (busy) return;
    const problem = bulkUploadProblem(name, files);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    setStage('creating');
    setSent({ loaded: 0, total: totalBytes });
    try {
      const batchId = await createBatch(queryClient, name, description);
      void queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY, exact: true });
      setStage('uploading');
      const result = await uploadBatchFiles(batchId, files, (loaded, total) => {
        setSent({ loaded, total });
        if (loaded >= total) setStage('checking');
      });
      toast({ title: 'Bulk upload successful', description: uploadedMessage(result.uploaded) });
      setName('');
      setDescription('');
      setFiles([]);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: error instanceof BulkUploadError ? error.message : 'Upload failed - network error',
      });
      if (error instanceof BulkUploadError && error.needsPlan) navigate('/pricing');
    } finally {
      setStage('idle');
      setSent({ loaded: 0, total: 0 });
      void queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
    }
  };

  const percent = sent.total ? Math.min(100, Math.round((sent.loaded / sent.total) * 100)) : 0;

  return (
    <Card className="p-6">
      <form
        className="grid grid-cols-1 gap-5"
        data-testid="bulk-form"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <div>
          <h2 className="text-base font-semibold tracking-tight">New batch</h2>
          <p className="mt-1 text-sm text-muted-foreground">Up to {MAX_BATCH_FILES} videos. Each one is processed and gets AI highlights.</p>
        </div>

        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={nameId}>Batch name</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void start();
              }
            }}
            placeholder="e.g. Summer League, week 3"
            maxLength={120}
            autoComplete="off"
            disabled={busy}
          />
        </div>

        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={descriptionId}>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={2}
            maxLength={1000}
            disabled={busy}
            placeholder="What is in this batch?"
            className={cn(
              'w-full resize-none rounded-lg border border-input bg-card px-3 py-2 text-[15px] text-foreground shadow-xs sm:text-sm',
              'placeholder:text-muted-foreground/70 focus-visible:border-brand focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand/15',
              'disabled:cursor-not-allowed disabled:opacity-60',
            )}
          />
        </div>

        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={filesId}>Videos</Label>
          <input
            ref={input}
            id={filesId}
            type="file"
            accept="video/*"
            multiple
            className="sr-only"
            disabled={busy}
            data-testid="bulk-file-input"
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <DropZone
            onFiles={addFiles}
            onBrowse={() => input.current?.click()}
            prompt="Drop videos here or"
            browseLabel="Choose videos"
            disabled={busy}
            note="MP4, MOV, AVI, WebM · up to 2GB each"
          />

          {files.length > 0 && (
            <div className="rounded-xl border border-border bg-muted/30" data-testid="bulk-selected">
              <div className="flex items-center justify-between border-b border-border px-3 py-2 text-xs">
                <span className="font-medium" data-testid="bulk-selected-count">
                  {files.length} {files.length === 1 ? 'video' : 'videos'} selected
                </span>
                <span className="text-muted-foreground">{formatFileSize(totalBytes)}</span>
              </div>
              <ul className="max-h-44 divide-y divide-border overflow-y-auto">
                {files.map((file, index) => (
                  <li key={`${file.name}-${file.size}-${index}`} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                    <FileVideo className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate">{file.name}</span>
                    <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatFileSize(file.size)}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={busy}
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setFiles(files.filter((_, i) => i !== index))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        {busy && (
          <div className="grid grid-cols-1 gap-2" data-testid="bulk-progress">
            <Progress value={stage === 'checking' ? 100 : percent} label="Bulk upload progress" />
            <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-2">
                <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
                {stage === 'creating' && 'Creating the batch…'}
                {stage === 'uploading' && `Uploading ${formatFileSize(sent.loaded)} of ${formatFileSize(sent.total)}`}
                {stage === 'checking' && 'Checking the files…'}
              </span>
              <span className="font-mono font-semibold tabular-nums text-foreground" data-testid="bulk-percent">
                {stage === 'checking' ? 100 : percent}%
              </span>
            </div>
          </div>
        )}

        <Button type="submit" size="lg" disabled={!canStartBulkUpload(name, files, busy)} data-testid="bulk-start">
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UploadCloud aria-hidden="true" />}
          {busy ? 'Uploading…' : files.length ? `Start batch (${files.length})` : 'Start batch'}
        </Button>
      </form>
    </Card>
  );
}
