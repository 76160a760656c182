import { useId } from 'react';
import { formatDuration } from '../../../lib/format';
import { Link } from 'react-router-dom';
import { Loader2, Music2, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Segmented } from '../../../components/ui/segmented';
import type { Video } from '../../videos';
import { useBrandKit } from '../../settings';
import { CaptionReviewCheck, CaptionStylePicker, IncludeWordsField, includeWordsStore, useCaptionReview, useTranscript } from '../../transcript';
import { useGenerateHighlights } from '../api/highlights';
import { useSelectedMusicForRender } from '../api/use-selected-music';
import { NO_MARKS } from '../lib/marked-ranges';
import {
  ASPECTS,
  chosenLengths,
  FORMATS,
  lengthsFor,
  PLATFORM_CHOICES,
  PRESETS,
  presetHint,
  QUALITIES,
  TARGET_LENGTHS,
  toggleLength,
  withPlatform,
} from '../lib/options';
import type { GenerateOptions, Highlight } from '../types';
import { MarkedRangesField } from './MarkedRangesField';

/**
 * 'Generate highlights' on the video page: preset, where the reel is going (a platform sets the
 * aspect and the longest length; Custom picks the aspect), one or several lengths (one version
 * each), quality and format (and the music track picked in the music library, if any). Every
 * generation makes a new version per length.
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
  const platformId = useId();
  const noteId = useId();
  const lengths = chosenLengths(options);
  const takes = lengthsFor(options.platform);
  const allowed = video.status === 'processed';
  const set = <K extends keyof GenerateOptions>(key: K, value: GenerateOptions[K]) => setOptions((o) => ({ ...o, [key]: value }));
  const transcript = useTranscript(video.id, { enabled: allowed }).data;
  const noSound = transcript?.status === 'none';
  // Left unchosen, the server puts clean captions on a video with sound; the picker shows that.
  const captions = options.captions ?? (noSound ? 'none' : 'clean');
  const review = useCaptionReview(video.id, captions);
  const hasBrandKit = useBrandKit().data?.saved === true;

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
        <div className="grid gap-1.5">
          <Label htmlFor={platformId} className="text-xs">
            Made for
          </Label>
          <NativeSelect
            id={platformId}
            value={options.platform ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              setOptions((o) => withPlatform(o, PLATFORM_CHOICES.find((p) => p.value === value)?.value ?? null));
            }}
            className="h-9"
            data-testid="option-platform"
          >
            <option value="">Custom (choose the aspect)</option>
            {PLATFORM_CHOICES.map((platform) => (
              <option key={platform.value} value={platform.value}>
                {platform.label} ({platform.hint})
              </option>
            ))}
          </NativeSelect>
        </div>
        <fieldset className="min-w-0" data-testid="option-lengths">
          <legend className="mb-1.5 text-xs font-medium text-foreground">Lengths</legend>
          <div className="flex flex-wrap gap-2">
            {TARGET_LENGTHS.map((length) => {
              const on = lengths.includes(length);
              const allowed = takes.includes(length);
              return (
                <label
                  key={length}
                  className="relative inline-flex min-h-11 min-w-16 items-center justify-center rounded-full border border-border bg-card px-4 text-sm font-medium text-muted-foreground has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:text-foreground has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring sm:min-h-9"
                >
                  <input
                    type="checkbox"
                    className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                    checked={on && allowed}
                    disabled={!allowed}
                    onChange={() => setOptions((o) => toggleLength(o, length))}
                  />
                  {formatDuration(length)}
                </label>
              );
            })}
          </div>
          <p className="mt-1.5 text-xs text-muted-foreground">
            {lengths.length > 1 ? `${lengths.length} reels, one version each, from one analysis.` : 'Pick several lengths to get one reel of each.'}
          </p>
        </fieldset>
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
        {!options.platform && (
          <Segmented
            legend="Aspect"
            options={ASPECTS.map((a) => ({ value: a.value, label: a.label, hint: a.hint }))}
            value={options.aspect}
            onChange={(value) => set('aspect', value)}
            data-testid="option-aspect"
          />
        )}
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
        {video.duration > 0 && (
          <MarkedRangesField
            duration={video.duration}
            targetLength={options.targetLength}
            marks={{ include: options.include ?? NO_MARKS.include, exclude: options.exclude ?? NO_MARKS.exclude }}
            onChange={(marks) => setOptions((o) => ({ ...o, include: marks.include, exclude: marks.exclude }))}
          />
        )}
        {hasBrandKit && (
          <label className="flex items-start gap-2 text-sm" data-testid="option-brand-kit">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-[#ff6600]"
              checked={options.brandKit !== false}
              onChange={(event) => set('brandKit', event.target.checked)}
            />
            <span>
              Brand kit
              <span className="block text-xs text-muted-foreground">Your logo, intro and outro cards and caption colour (set in Settings).</span>
            </span>
          </label>
        )}
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
        {lengths.length > 1 ? `Generate ${lengths.length} reels` : 'Generate highlights'}
      </Button>
    </form>
  );
}
