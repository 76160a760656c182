import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, Loader2, MessageSquareText, Plus, RotateCcw, Search, VolumeX } from 'lucide-react';
import { TRANSCRIPT_LANGUAGES, type TranscriptLanguage } from '@reelsmith/proto/http';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { isMissingTranscriptRoute, useRetranscribe, useTranscript } from '../api/transcript';
import { includeWordsStore } from '../lib/per-video-store';
import { usePlayheadTime, type Playhead } from '../lib/playhead';
import { addIncludeWord, findPhrase, isTranscriptLanguage, LANGUAGE_NAMES, transcriptSource, wordAt } from '../lib/words';
import type { Transcript } from '../types';
import { EditWordsBar, useWordCorrections, WordEditor } from './WordEditor';

/** Hits listed under the search box (the words themselves are all marked). */
const MAX_LISTED_HITS = 50;

/**
 * The video page's transcript: what made it, click a word to seek the player there, the word being
 * said lit while it plays, search with the places listed, "Make a reel of these" (the search as an
 * include word of the next reel) and an edit mode to fix words.
 */
export function TranscriptPanel({
  videoId,
  playhead,
  readOnly = false,
}: {
  videoId: string;
  playhead: Playhead;
  /** A teammate's video in a team folder: read and search it; fixing or remaking it stays the owner's. */
  readOnly?: boolean;
}) {
  const query = useTranscript(videoId);
  const transcript = query.data;
  return (
    <section
      aria-labelledby="transcript-heading"
      data-testid="transcript-panel"
      data-status={transcript?.status ?? (query.isError ? 'error' : 'loading')}
      className="rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <MessageSquareText className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="transcript-heading" className="text-base font-semibold tracking-tight">
            Transcript
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground" data-testid="transcript-source">
            {transcript?.status === 'ready' ? transcriptSource(transcript) : 'What is said in the video, word by word.'}
          </p>
        </div>
      </div>
      <div className="mt-4">
        {query.isLoading ? (
          <Skeleton className="h-24 rounded-xl" />
        ) : !transcript ? (
          <Notice icon={<AlertTriangle className="size-5" aria-hidden="true" />}>
            {isMissingTranscriptRoute(query.error)
              ? 'Transcripts are not available on this server yet.'
              : `The transcript could not be loaded. ${(query.error as Error | null)?.message ?? ''}`}
          </Notice>
        ) : transcript.status === 'ready' ? (
          <ReadyTranscript transcript={transcript} playhead={playhead} readOnly={readOnly} />
        ) : (
          <TranscriptState transcript={transcript} readOnly={readOnly} />
        )}
      </div>
    </section>
  );
}

function TranscriptState({ transcript, readOnly }: { transcript: Transcript; readOnly: boolean }) {
  if (transcript.status === 'pending') {
    return (
      <Notice icon={<Loader2 className="size-5 animate-spin text-brand" aria-hidden="true" />} role="status">
        {transcript.message || 'Transcribing the speech…'} This updates by itself.
      </Notice>
    );
  }
  if (transcript.status === 'none') {
    return <Notice icon={<VolumeX className="size-5" aria-hidden="true" />}>{transcript.message || 'This video has no sound to transcribe.'}</Notice>;
  }
  return (
    <Notice icon={<AlertTriangle className="size-5 text-amber-600" aria-hidden="true" />}>
      <span className="block">
        {transcript.message || (transcript.status === 'unsupported' ? 'No engine here knows this language.' : 'The transcript could not be made.')}
      </span>
      {!readOnly && <RetranscribeForm videoId={transcript.videoId} language={transcript.language} />}
    </Notice>
  );
}

function RetranscribeForm({ videoId, language }: { videoId: string; language: string }) {
  const id = useId();
  const retranscribe = useRetranscribe(videoId);
  const [chosen, setChosen] = useState<TranscriptLanguage>(isTranscriptLanguage(language) ? language : 'en');
  return (
    <form
      className="mt-3 flex flex-wrap items-center justify-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        retranscribe.mutate(chosen);
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-foreground">
        Language
      </label>
      <NativeSelect id={id} value={chosen} onChange={(event) => setChosen(event.target.value as TranscriptLanguage)} className="h-9" wrapperClassName="w-60">
        {TRANSCRIPT_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={retranscribe.isPending}>
        {retranscribe.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        Transcribe again
      </Button>
    </form>
  );
}

function ReadyTranscript({ transcript, playhead, readOnly }: { transcript: Transcript; playhead: Playhead; readOnly: boolean }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState(false);
  const corrections = useWordCorrections(transcript);
  const [includeWords, setIncludeWords] = includeWordsStore.use(transcript.videoId);
  const [includeError, setIncludeError] = useState<string | null>(null);
  const words = transcript.words;
  const hits = useMemo(() => findPhrase(words, search), [words, search]);
  const marked = useMemo(() => new Set(hits.flatMap((h) => Array.from({ length: h.length }, (_, k) => h.index + k))), [hits]);
  const time = usePlayheadTime(playhead);
  const active = editing ? -1 : wordAt(words, time);
  const seek = (seconds: number) => playhead.seekTo?.(seconds);

  if (!words.length) return <Notice icon={<VolumeX className="size-5" aria-hidden="true" />}>No words were heard in this video.</Notice>;

  const addSearch = () => {
    const next = addIncludeWord(includeWords, search);
    setIncludeError(next.error);
    if (!next.error) setIncludeWords(next.list);
    // The generate form is above the transcript: take the user to where the words went.
    if (!next.error) document.querySelector('[data-testid="generate-highlights-form"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <label htmlFor={searchId} className="sr-only">
            Search the transcript
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder="Search what was said"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
            data-testid="transcript-search"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="px-3" onClick={addSearch} disabled={!search.trim() || !hits.length} data-testid="make-reel-of-these">
            <Plus aria-hidden="true" />
            Make a reel of these
          </Button>
          {!readOnly && <EditWordsBar corrections={corrections} editing={editing} onEditingChange={setEditing} />}
        </div>
      </div>
      {includeError && (
        <p className="text-xs text-red-700" role="alert">
          {includeError}
        </p>
      )}
      {search.trim() && (
        <div className="grid gap-1.5" data-testid="transcript-hits">
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {hits.length === 0
              ? `“${search.trim()}” is not said in this video.`
              : `“${search.trim()}” is said ${hits.length === 1 ? 'once' : `${hits.length} times`}.`}
            {includeWords.length > 0 && ` Next reel includes: ${includeWords.join(', ')}.`}
          </p>
          {hits.length > 0 && (
            <ol className="flex flex-wrap gap-1.5" aria-label="Where it is said">
              {hits.slice(0, MAX_LISTED_HITS).map((hit) => (
                <li key={hit.index}>
                  <button
                    type="button"
                    onClick={() => seek(hit.start)}
                    className="inline-flex min-h-8 items-center gap-1.5 rounded-md bg-muted px-2 text-xs font-medium text-foreground ring-1 ring-inset ring-border hover:bg-brand-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:min-h-11"
                    data-testid="transcript-hit"
                    data-start={hit.start}
                  >
                    <span className="font-mono tabular-nums text-brand-strong">{formatDuration(hit.start)}</span>
                    <span className="max-w-56 truncate">{context(words, hit.index, hit.length)}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {editing ? (
        <WordEditor transcript={transcript} corrections={corrections} />
      ) : (
        <TranscriptText transcript={transcript} active={active} marked={marked} onSeek={seek} />
      )}
    </div>
  );
}

/** A few words either side of a hit, to tell the places apart. */
function context(words: Transcript['words'], index: number, length: number): string {
  return words
    .slice(Math.max(0, index - 3), index + length + 3)
    .map((w) => w.text)
    .join(' ');
}

/** Phrases in lines, each with its time (a tab stop that seeks there); every word seeks on click. */
function TranscriptText({
  transcript,
  active,
  marked,
  onSeek,
}: {
  transcript: Transcript;
  active: number;
  marked: Set<number>;
  onSeek: (seconds: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const lines = transcript.phrases.length ? transcript.phrases : [{ start: transcript.words[0].start, end: 0, from: 0, to: transcript.words.length }];

  // The word being said stays in sight inside the box, without scrolling the page.
  useEffect(() => {
    const container = box.current;
    const word = container?.querySelector<HTMLElement>('[data-active="true"]');
    if (!container || !word) return;
    const top = word.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - 32) container.scrollTop = top - container.clientHeight / 3;
  }, [active]);

  return (
    <div ref={box} className="relative max-h-80 overflow-y-auto rounded-xl border border-border bg-muted/20 p-3" data-testid="transcript-text">
      {lines.map((line) => (
        <p key={line.from} className="flex items-baseline gap-3 py-0.5 text-[15px] leading-7 text-foreground">
          <button
            type="button"
            onClick={() => onSeek(line.start)}
            aria-label={`Play from ${formatDuration(line.start)}`}
            className="w-10 shrink-0 rounded px-1 text-right font-mono text-xs tabular-nums text-muted-foreground hover:text-brand-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {formatDuration(line.start)}
          </button>
          <span className="min-w-0">
            {transcript.words.slice(line.from, line.to).map((word, k) => {
              const i = line.from + k;
              return (
                <span key={i}>
                  <span
                    onClick={() => onSeek(word.start)}
                    data-testid="transcript-word"
                    data-start={word.start}
                    data-active={i === active}
                    data-hit={marked.has(i)}
                    className={cn(
                      '-mx-0.5 cursor-pointer rounded px-0.5 transition-colors hover:bg-brand-soft',
                      marked.has(i) && 'bg-amber-100 text-foreground',
                      i === active && 'bg-brand-strong text-white hover:bg-brand-strong',
                    )}
                  >
                    {word.text}
                  </span>{' '}
                </span>
              );
            })}
          </span>
        </p>
      ))}
    </div>
  );
}

function Notice({ icon, children, role }: { icon: ReactNode; children: ReactNode; role?: 'status' }) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-input bg-muted/30 px-4 py-6 text-center text-sm text-muted-foreground"
      data-testid="transcript-notice"
    >
      {icon}
      <div>{children}</div>
    </div>
  );
}
