import { useState } from 'react';
import { ClipboardCheck } from 'lucide-react';
import type { MomentJson } from '@reelsmith/proto/http';
import { formatDuration } from '../../../lib/format';
import { useTranscript } from '../api/transcript';
import { captionsCheckedStore } from '../lib/per-video-store';
import { wordsInside } from '../lib/words';
import type { CaptionStyle } from '../types';
import { EditWordsBar, useWordCorrections, WordEditor } from './WordEditor';

type MomentSpan = Pick<MomentJson, 'start' | 'end'>;

/**
 * `ask`: rendering with these captions asks the user to check a draft transcript's words (not when
 * there are no captions, no words or the transcript is good); `waiting`: they have not yet (remembered per video).
 */
export function useCaptionReview(videoId: string, captions: CaptionStyle | undefined): { ask: boolean; waiting: boolean } {
  const transcript = useTranscript(videoId).data;
  const [checked] = captionsCheckedStore.use(videoId);
  const ask = !!captions && captions !== 'none' && transcript?.status === 'ready' && transcript.quality === 'draft' && transcript.words.length > 0;
  return { ask, waiting: ask && !checked };
}

/** 'I checked the caption words': the confirmation a draft transcript asks for before a captioned render. */
export function CaptionReviewCheck({ videoId }: { videoId: string }) {
  const [checked, setChecked] = captionsCheckedStore.use(videoId);
  return (
    <label className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm text-foreground" data-testid="caption-review-check">
      <input type="checkbox" className="mt-0.5 size-4 accent-[#ff6600]" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
      <span>
        I checked the caption words
        <span className="block text-xs text-muted-foreground">
          The transcript is a draft made on this server: fix wrong words first, they go on the reel as they are.
        </span>
      </span>
    </label>
  );
}

/**
 * The editor's caption text: the words said in each moment, to fix before a re-render (saved
 * through PUT transcript). Nothing when there is no transcript with words. `readOnly`: a teammate's
 * video in a team folder, whose words only its owner fixes.
 */
export function MomentCaptions({ videoId, moments, readOnly = false }: { videoId: string; moments: readonly MomentSpan[]; readOnly?: boolean }) {
  const transcript = useTranscript(videoId).data;
  if (transcript?.status !== 'ready' || transcript.words.length === 0) return null;
  return <MomentCaptionsReady transcript={transcript} moments={moments} readOnly={readOnly} />;
}

function MomentCaptionsReady({
  transcript,
  moments,
  readOnly,
}: {
  transcript: NonNullable<ReturnType<typeof useTranscript>['data']>;
  moments: readonly MomentSpan[];
  readOnly: boolean;
}) {
  const corrections = useWordCorrections(transcript);
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-2 rounded-xl border border-border bg-card p-3" data-testid="moment-captions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
          <ClipboardCheck className="size-4 text-brand" aria-hidden="true" />
          Caption words
          {transcript.quality === 'draft' && <span className="rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900">draft</span>}
        </p>
        {!readOnly && <EditWordsBar corrections={corrections} editing={editing} onEditingChange={setEditing} />}
      </div>
      <ol className="grid gap-2">
        {moments.map((moment, m) => {
          const indexes = wordsInside(transcript.words, moment.start, moment.end);
          return (
            <li key={`${m}-${moment.start}`} className="grid gap-1 text-sm" data-testid="moment-caption">
              <span className="text-xs font-medium text-muted-foreground">
                Moment {m + 1} · {formatDuration(moment.start)}–{formatDuration(moment.end)}
              </span>
              {indexes.length === 0 ? (
                <span className="text-xs text-muted-foreground">No words are said here.</span>
              ) : editing ? (
                <WordEditor transcript={transcript} corrections={corrections} indexes={indexes} className="max-h-48" />
              ) : (
                <span className="text-foreground" data-testid="moment-caption-text">
                  {indexes.map((i) => corrections.textOf(i)).join(' ')}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
