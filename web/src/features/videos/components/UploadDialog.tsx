import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Camera, CheckCircle2, FileVideo, Images, Loader2, Sparkles, UploadCloud, X } from 'lucide-react';
import { UPLOAD_HINT, VIDEOS_QUERY_KEY } from '../../../config/constants';
import { Button, buttonVariants } from '../../../components/ui/button';
import { DropZone } from '../../../components/ui/drop-zone';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { withPageLinks } from '../../../components/ui/page-links';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { formatFileSize } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { completeUpload, putFileToStorage, readVideoDuration, requestUploadUrl, UploadError } from '../api/upload';
import { videoQueryKey } from '../api/videos';
import { canUpload, fileProblem, TITLE_MAX_LENGTH, titleFromFilename, uploadPercent } from '../lib/upload-rules';
import type { Video } from '../types';
import { useBilling } from '../../billing';
import { ReadyEmailPrompt } from '../../settings';
import { ProcessingView, type PipelineOutcome } from './ProcessingView';

/** The dialog's steps: idle -> uploading -> processing -> complete; any failure goes back to idle. */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'complete';

/**
 * The upload dialog: title and file, the transfer with real progress, then the
 * pipeline's progress until the video is processed. It cannot be closed while uploading or
 * processing; closing resets it and refreshes the videos list.
 */
export function UploadDialog({
  open,
  onOpenChange,
  initialFile = null,
  phone = false,
  videoPath = (id) => `/video/${id}`,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A file handed over before the dialog opened (a video shared to the installed app). */
  initialFile?: File | null;
  /** The phone's choices: the camera roll or the camera. */
  phone?: boolean;
  /** Where 'View video' goes. */
  videoPath?: (id: string) => string;
}) {
  const queryClient = useQueryClient();
  const billing = useBilling();
  // Without a plan the upload would be refused at the end: the plans come before the form.
  const needsPlan = billing.data ? !billing.data.entitlements.active : false;
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // A new session (fresh title, file and progress) each time the dialog is closed.
  const [session, setSession] = useState(0);
  const locked = (phase === 'uploading' || phase === 'processing') && failure === null;

  const close = useCallback(() => {
    if (locked) return;
    onOpenChange(false);
    setPhase('idle');
    setFailure(null);
    setSession((s) => s + 1);
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
  }, [locked, onOpenChange, queryClient]);

  // Leaving the page mid-upload would lose it: let the browser ask first.
  useEffect(() => {
    if (phase !== 'uploading') return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [phase]);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        hideClose={locked}
        aria-busy={locked}
        data-testid="upload-dialog"
        data-phase={phase}
        onEscapeKeyDown={(event) => locked && event.preventDefault()}
        onPointerDownOutside={(event) => locked && event.preventDefault()}
        onInteractOutside={(event) => locked && event.preventDefault()}
        className="grid-cols-1 sm:max-w-[520px]"
      >
        {needsPlan ? (
          <PlanFirst reason={billing.data?.entitlements.reason ?? ''} onClose={close} />
        ) : (
          <UploadFlow
            key={session}
            initialFile={session === 0 ? initialFile : null}
            phone={phone}
            videoPath={videoPath}
            phase={phase}
            failure={failure}
            onPhase={setPhase}
            onPipelineFailed={setFailure}
            onClose={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What the dialog shows an account without an active plan: why (billing's words), and the way to the plans. */
function PlanFirst({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Uploads need a plan</DialogTitle>
        <DialogDescription>{reason ? withPageLinks(reason) : 'There is no free tier: pick Rookie or Pro, monthly or yearly.'}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Not now
        </Button>
        <Link to="/pricing" className={buttonVariants()} data-testid="upload-see-plans">
          <Sparkles aria-hidden="true" />
          See plans
        </Link>
      </DialogFooter>
    </>
  );
}

function UploadFlow({
  initialFile,
  phone,
  videoPath,
  phase,
  failure,
  onPhase,
  onPipelineFailed,
  onClose,
}: {
  initialFile: File | null;
  phone: boolean;
  videoPath: (id: string) => string;
  phase: UploadPhase;
  failure: string | null;
  onPhase: (phase: UploadPhase) => void;
  onPipelineFailed: (reason: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(() => (initialFile ? titleFromFilename(initialFile.name) : ''));
  const [file, setFile] = useState<File | null>(initialFile);
  const [sent, setSent] = useState({ loaded: 0, total: 0 });
  const [video, setVideo] = useState<Video | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!file || !canUpload(title, file)) return;
    const controller = new AbortController();
    abort.current = controller;
    onPhase('uploading');
    setSent({ loaded: 0, total: file.size });
    const duration = readVideoDuration(file);
    try {
      const uploadUrl = await requestUploadUrl();
      await putFileToStorage(uploadUrl, file, (loaded, total) => setSent({ loaded, total }), controller.signal);
      const created = await completeUpload({
        videoURL: uploadUrl,
        title: title.trim(),
        originalFilename: file.name,
        fileSize: file.size,
        duration: await duration,
      });
      if (controller.signal.aborted) return;
      queryClient.setQueryData(videoQueryKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY, exact: true });
      setVideo(created);
      onPhase('processing');
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof UploadError ? error.message : 'Upload failed - network error';
      toast({ variant: 'destructive', title: 'Upload failed', description: message });
      setSent({ loaded: 0, total: 0 });
      onPhase('idle');
      if (error instanceof UploadError && error.needsPlan) navigate('/pricing');
    }
  };

  const onFinished = useCallback(
    (outcome: PipelineOutcome) => {
      if (outcome.status === 'processed') onPhase('complete');
      else onPipelineFailed(outcome.reason);
    },
    [onPhase, onPipelineFailed],
  );

  if (phase === 'complete' && video) {
    return (
      <>
        <div className="flex flex-col items-center pt-2 text-center" data-testid="upload-complete">
          <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
            <CheckCircle2 className="size-7" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-4">Your video is ready</DialogTitle>
          <DialogDescription className="mt-1.5 max-w-sm">“{video.title}” was uploaded and processed. It is ready for highlights.</DialogDescription>
        </div>
        <ReadyEmailPrompt key="ready-email" />
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
          <Button
            onClick={() => {
              onClose();
              navigate(videoPath(video.id));
            }}
          >
            View video
          </Button>
        </DialogFooter>
      </>
    );
  }

  if (phase === 'processing' && video) {
    return (
      <>
        <DialogHeader className="pr-6">
          <DialogTitle>{failure ? 'Processing failed' : 'Processing your video'}</DialogTitle>
          <DialogDescription className="truncate">“{video.title}”</DialogDescription>
        </DialogHeader>
        <ProcessingView video={video} onFinished={onFinished} />
        {/* Keyed: the same prompt (and what was typed in it) stays when processing completes. */}
        {!failure && <ReadyEmailPrompt key="ready-email" />}
        {failure ? (
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </DialogFooter>
        ) : (
          <p className="text-center text-xs text-muted-foreground">You can close this window once processing is done.</p>
        )}
      </>
    );
  }

  if (phase === 'uploading' && file) {
    const percent = uploadPercent(sent.loaded, sent.total || file.size);
    return (
      <>
        <DialogHeader>
          <DialogTitle>Uploading video</DialogTitle>
          <DialogDescription>Keep this window open until the upload has finished.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-1 gap-3" data-testid="upload-progress">
          <FileSummary file={file} />
          <Progress value={percent} label="Upload progress" />
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="inline-flex items-center gap-2 text-muted-foreground">
              <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
              <span data-testid="upload-bytes">
                {formatFileSize(sent.loaded)} of {formatFileSize(sent.total || file.size)}
              </span>
            </span>
            <span className="font-mono font-semibold tabular-nums" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
        </div>
      </>
    );
  }

  return (
    <IdleForm
      phone={phone}
      title={title}
      file={file}
      onTitle={setTitle}
      onFile={(chosen) => {
        setFile(chosen);
        if (chosen && !title.trim()) setTitle(titleFromFilename(chosen.name));
      }}
      onCancel={onClose}
      onUpload={() => void start()}
    />
  );
}

function IdleForm({
  phone,
  title,
  file,
  onTitle,
  onFile,
  onCancel,
  onUpload,
}: {
  phone: boolean;
  title: string;
  file: File | null;
  onTitle: (title: string) => void;
  onFile: (file: File | null) => void;
  onCancel: () => void;
  onUpload: () => void;
}) {
  const titleId = useId();
  const fileId = useId();
  const hintId = useId();
  const problemId = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const problem = fileProblem(file);
  const ready = canUpload(title, file);

  const choose = (files: FileList | null) => {
    onFile(files?.[0] ?? null);
  };

  return (
    <form
      className="grid grid-cols-1 gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onUpload();
      }}
    >
      <DialogHeader className="pr-6">
        <DialogTitle>Upload Video</DialogTitle>
        <DialogDescription>Name your video and choose the file. We take it from there.</DialogDescription>
      </DialogHeader>

      <div className="grid grid-cols-1 gap-2">
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          value={title}
          onChange={(event) => onTitle(event.target.value)}
          placeholder="e.g. Cup final, second half"
          maxLength={TITLE_MAX_LENGTH}
          autoComplete="off"
        />
      </div>

      <div className="grid grid-cols-1 gap-2">
        <Label htmlFor={fileId}>Video file</Label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="video/*"
          className="sr-only"
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
          data-testid="upload-file-input"
        />
        {phone && (
          <input
            ref={camera}
            type="file"
            accept="video/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-label="Record a video with the camera"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
            data-testid="upload-camera-input"
          />
        )}
        {file ? (
          <div className={cn('flex items-center gap-3 rounded-xl border p-3', problem ? 'border-red-300 bg-red-50/50' : 'border-border bg-muted/40')}>
            <FileSummary file={file} className="flex-1" />
            <Button type="button" variant="ghost" size="sm" onClick={() => input.current?.click()}>
              Change
            </Button>
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Remove file" onClick={() => onFile(null)}>
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : phone ? (
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" className="h-auto min-h-20 flex-col gap-1.5 py-3" onClick={() => input.current?.click()}>
              <Images className="size-6" aria-hidden="true" />
              Camera roll
            </Button>
            <Button type="button" variant="outline" className="h-auto min-h-20 flex-col gap-1.5 py-3" onClick={() => camera.current?.click()}>
              <Camera className="size-6" aria-hidden="true" />
              Record video
            </Button>
          </div>
        ) : (
          <DropZone onFiles={choose} onBrowse={() => input.current?.click()} prompt="Drag a video here, or" browseLabel="Browse files" />
        )}
        <p id={hintId} className="text-xs text-muted-foreground" data-testid="upload-hint">
          {UPLOAD_HINT}
        </p>
        {problem && (
          <p id={problemId} role="alert" className="text-sm font-medium text-red-600" data-testid="upload-file-problem">
            {problem}
          </p>
        )}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {ready && (
          <Button type="submit">
            <UploadCloud aria-hidden="true" />
            Upload
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

function FileSummary({ file, className }: { file: File; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)} data-testid="upload-file">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
        <FileVideo className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-foreground">{file.name}</span>
        <span className="block text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
      </span>
    </div>
  );
}
