import { useId } from 'react';
import { formatDuration } from '../../../lib/format';
import { Link } from 'react-router-dom';
import { Loader2, Music2, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Segmented } from '../../../components/ui/segmented';
import type { Video } from '../../videos';
import { CaptionReviewCheck, CaptionStylePicker, IncludeWordsField, includeWordsStore, useCaptionReview, useTranscript } from '../../transcript';
import { useGenerateHighlights } from '../api/highlights';
import { useSelectedMusicForRender } from '../api/use-selected-music';
import { ASPECTS, FORMATS, PRESETS, presetHint, QUALITIES, TARGET_LENGTHS } from '../lib/options';
import type { GenerateOptions, Highlight } from '../types';

/**
 * 'Generate highlights' on the video page: preset, target length, aspect, quality and format (and
 * the music track picked in the music library, if any). Every generation makes a new version.
 */
export function GenerateHighlightsForm({
  video,
  onQueued,
  options,
  onOptionsChange: setOptions,
  noMusicNote,
}: {
  video: Video;
  onQueued: (highlight: Highlight) => void;
  /** The choices, kept by the caller: they survive the form moving (beside the reel, or in a sheet on a phone). */
  options: GenerateOptions;
  onOptionsChange: (update: (options: GenerateOptions) => GenerateOptions) => void;
  /** What 'No music' says where the track is picked elsewhere than the editor (the phone's picker). */
  noMusicNote?: string;
}) {
  const music = useSelectedMusicForRender();
  const generate = useGenerateHighlights({ onQueued });
  const presetId = useId();
  const noteId = useId();
  const allowed = video.status === 'processed';
  const set = <K extends keyof GenerateOptions>(key: K, value: GenerateOptions[K]) => setOptions((o) => ({ ...o, [key]: value }));
  const transcript = useTranscript(video.id, { enabled: allowed }).data;
  const noSound = transcript?.status === 'none';
  // Left unchosen, the server puts clean captions on a video with sound; the picker shows that.
  const captions = options.captions ?? (noSound ? 'none' : 'clean');
  const review = useCaptionReview(video.id, captions);

  return (
    <form
      aria-labelledby={`${presetId}-heading`}
      data-testid="generate-highlights-form"
      className="grid gap-4 rounded-xl border border-border bg-muted/30 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!allowed || generate.isPending || review.waiting) return;
        const includeWords = includeWordsStore.read(video.id);
        generate.mutate({
          videoId: video.id,
          options: { ...options, captions: noSound ? undefined : options.captions, includeWords, musicTrackId: music?.id ?? null },
        });
      }}
    >
      <div>
        <h3 id={`${presetId}-heading`} className="text-sm font-semibold text-foreground">
          Generate highlights
        </h3>
        <p id={noteId} className="mt-1 text-xs text-muted-foreground">
          {allowed ? 'AI scores every second and cuts the best moments into a reel.' : 'Highlights can be made once the video is processed.'}
        </p>
      </div>

      <fieldset disabled={!allowed} className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={presetId} className="text-xs">
            Preset
          </Label>
          <NativeSelect
            id={presetId}
            value={options.preset}
            onChange={(event) => set('preset', event.target.value as GenerateOptions['preset'])}
            className="h-9"
          >
            {PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted-foreground">{presetHint(options.preset)}</p>
        </div>
        <Segmented
          legend="Target length"
          options={TARGET_LENGTHS.map((value) => ({ value, label: formatDuration(value) }))}
          value={options.targetLength}
          onChange={(value) => set('targetLength', value)}
          data-testid="option-length"
        />
        <label className="flex items-start gap-2 text-sm" data-testid="option-fill">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-[#ff6600]"
            checked={options.fillToLength === true}
            onChange={(event) => set('fillToLength', event.target.checked)}
          />
          <span>
            Fill to length
            <span className="block text-xs text-muted-foreground">Otherwise the reel keeps only strong moments and may be shorter.</span>
          </span>
        </label>
        <Segmented
          legend="Aspect"
          options={ASPECTS.map((a) => ({ value: a.value, label: a.label, hint: a.hint }))}
          value={options.aspect}
          onChange={(value) => set('aspect', value)}
          data-testid="option-aspect"
        />
        <Segmented
          legend="Quality"
          options={QUALITIES.map((q) => ({ value: q.value, label: q.label, hint: q.hint }))}
          value={options.quality}
          onChange={(value) => set('quality', value)}
          data-testid="option-quality"
        />
        <CaptionStylePicker
          value={captions}
          onChange={(style) => set('captions', style)}
          disabled={noSound}
          note={noSound ? 'This video has no sound, so its reel has no captions.' : undefined}
        />
        <IncludeWordsField videoId={video.id} />
        <Segmented legend="Format" options={FORMATS} value={options.format} onChange={(value) => set('format', value)} data-testid="option-format" />
        {options.format === 'avi' && <p className="-mt-2 text-xs text-muted-foreground">AVI reels can be downloaded but not played in the browser.</p>}
        <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="generate-music">
          <Music2 className="mt-px size-3.5 shrink-0 text-brand" aria-hidden="true" />
          {music ? (
            <span>
              Music: <span className="font-medium text-foreground">{music.title}</span>
              {music.artist ? ` by ${music.artist}` : ''}
            </span>
          ) : noMusicNote ? (
            <span>{noMusicNote}</span>
          ) : (
            <span>
              No music. Pick a track in the{' '}
              <Link to="/editor" className="font-medium text-brand-strong hover:underline">
                Video Editor
              </Link>{' '}
              to set the reel to it.
            </span>
          )}
        </p>
      </fieldset>

      {allowed && review.ask && <CaptionReviewCheck videoId={video.id} />}
      <Button type="submit" disabled={!allowed || generate.isPending || review.waiting} aria-describedby={noteId}>
        {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        Generate highlights
      </Button>
    </form>
  );
}
