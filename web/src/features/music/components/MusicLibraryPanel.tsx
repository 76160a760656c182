import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Check, Music2, Pause, Play, RefreshCw, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorWithoutData, getServerErrorMessage, UnreachableError } from '../../../lib/api-client';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { isPreparing, useMusicTracks } from '../api/music-tracks';
import { ALL, filterLabel, filterOptions, filterTracks, isProOnly } from '../lib/filters';
import { useSelectedMusic } from '../selected-music';
import type { MusicTrack, SelectedMusicTrack } from '../types';

const cardClass = 'rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5';

/**
 * The music library: genre and mood filters built from the tracks, a scrolling list with a
 * preview (one track plays at a time) and a Select button, and the Selected Music card.
 */
export function MusicLibraryPanel() {
  const tracks = useMusicTracks();
  const [selected, select] = useSelectedMusic();
  const [genre, setGenre] = useState(ALL);
  const [mood, setMood] = useState(ALL);
  const all = useMemo(() => tracks.data ?? [], [tracks.data]);
  const visible = useMemo(() => filterTracks(all, { genre, mood }), [all, genre, mood]);
  // The server's reason, e.g. the library still being prepared on a fresh start.
  const failureReason = getServerErrorMessage(tracks.error) ?? (tracks.error instanceof UnreachableError ? tracks.error.message : undefined);
  const preview = usePreview();
  const genreId = useId();
  const moodId = useId();

  return (
    <>
      <section aria-labelledby="music-library-heading" className={cardClass} data-testid="music-library">
        <div className="flex items-center gap-2">
          <span className="flex size-6 items-center justify-center rounded-full bg-brand-soft text-brand" aria-hidden="true">
            <Music2 className="size-3.5" />
          </span>
          <h2 id="music-library-heading" className="text-base font-semibold tracking-tight">
            Music Library
          </h2>
          {tracks.data && (
            <span className="ml-auto text-xs text-muted-foreground" data-testid="music-count">
              {visible.length === all.length ? `${all.length} tracks` : `${visible.length} of ${all.length}`}
            </span>
          )}
        </div>
        <p className="mt-1.5 text-sm text-muted-foreground">Royalty-free tracks made by Reelsmith. Preview one, then select it for your reel.</p>

        <div className="mt-4 grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={genreId} className="text-xs">
              Genre
            </Label>
            <NativeSelect id={genreId} value={genre} onChange={(e) => setGenre(e.target.value)} disabled={!tracks.data} data-testid="music-genre-filter">
              {filterOptions(all, 'genre').map((value) => (
                <option key={value} value={value}>
                  {filterLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={moodId} className="text-xs">
              Mood
            </Label>
            <NativeSelect id={moodId} value={mood} onChange={(e) => setMood(e.target.value)} disabled={!tracks.data} data-testid="music-mood-filter">
              {filterOptions(all, 'mood').map((value) => (
                <option key={value} value={value}>
                  {filterLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {tracks.isLoading ? (
          <div className="mt-3 grid gap-1" aria-busy="true" aria-label="Loading music">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[66px] rounded-xl" />
            ))}
          </div>
        ) : errorWithoutData(tracks) ? (
          <div className="mt-3 flex flex-col items-center rounded-xl border border-dashed border-input px-4 py-6 text-center" data-testid="music-error">
            <p className="text-sm font-medium text-foreground">The music library could not be loaded</p>
            {failureReason && <p className="mt-1 text-sm text-muted-foreground">{failureReason}</p>}
            {isPreparing(tracks.error) && (
              <p className="mt-1 text-xs text-muted-foreground" data-testid="music-preparing">
                The tracks will appear here by themselves once they are ready.
              </p>
            )}
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void tracks.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : visible.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-input px-4 py-8 text-center text-sm text-muted-foreground" data-testid="music-empty">
            No music tracks found matching your filters
          </p>
        ) : (
          <ul
            className="-mx-1 mt-3 grid max-h-64 grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto overscroll-contain px-1 py-0.5"
            data-testid="music-track-list"
            aria-label="Music tracks"
          >
            {visible.map((track) => (
              <li key={track.id}>
                <TrackRow
                  track={track}
                  playing={preview.playingId === track.id}
                  selected={selected?.id === track.id}
                  onToggle={() => preview.toggle(track)}
                  onSelect={() => select(track)}
                />
              </li>
            ))}
          </ul>
        )}
        <audio ref={preview.ref} preload="none" className="hidden" data-testid="music-preview-audio" />
      </section>

      {selected && <SelectedMusicCard track={selected} onRemove={() => select(null)} />}
    </>
  );
}

function TrackRow({
  track,
  playing,
  selected,
  onToggle,
  onSelect,
}: {
  track: MusicTrack;
  playing: boolean;
  selected: boolean;
  onToggle: () => void;
  onSelect: () => void;
}) {
  return (
    // Title and artist beside the buttons, genre to BPM on one line under them that reaches under
    // the Select button: a row stays three lines tall even in the editor's narrow side column.
    <div
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2.5 rounded-xl border px-2.5 py-1.5 transition-colors',
        selected ? 'border-brand/50 bg-brand-soft/60' : 'border-border hover:bg-muted/50',
      )}
      data-testid="music-track"
      data-track-id={track.id}
      data-selected={selected || undefined}
      data-playing={playing || undefined}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-label={`${playing ? 'Pause' : 'Play'} preview of ${track.title}`}
        aria-pressed={playing}
        className={cn(
          'row-span-2 flex size-8 items-center justify-center rounded-full transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          playing ? 'bg-brand text-white hover:bg-brand-hover' : 'bg-brand-soft text-brand hover:bg-brand/15',
        )}
      >
        {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="ml-0.5 size-4" aria-hidden="true" />}
      </button>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 text-sm font-medium leading-5 text-foreground">
          <span className="truncate" title={track.title} data-testid="music-track-title">
            {track.title}
          </span>
          {isProOnly(track) && (
            <span
              className="shrink-0 rounded bg-foreground px-1 py-px text-[10px] font-semibold uppercase leading-3 tracking-wide text-white"
              title="Included in the Pro plan"
            >
              Pro
            </span>
          )}
        </p>
        <p className="truncate text-xs leading-4 text-muted-foreground">{track.artist}</p>
      </div>
      <Button
        variant={selected ? 'default' : 'outline'}
        size="sm"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={selected ? `${track.title} is selected` : `Select ${track.title}`}
        className="px-2.5"
      >
        {/* Both labels share one grid cell, so the button is as wide as the longer in either state. */}
        <span className="grid justify-items-center">
          <span className="invisible col-start-1 row-start-1 flex items-center gap-1.5" aria-hidden="true">
            <Check />
            Selected
          </span>
          <span className="col-start-1 row-start-1 flex items-center gap-1.5">
            {selected && <Check aria-hidden="true" />}
            {selected ? 'Selected' : 'Select'}
          </span>
        </span>
      </Button>
      <p className="col-span-2 col-start-2 flex flex-wrap gap-x-3 text-xs leading-4 text-muted-foreground" data-testid="music-track-meta">
        <span className="min-w-0 truncate text-foreground/75">
          {filterLabel(track.genre)} · {filterLabel(track.mood)}
        </span>
        <span className="tabular-nums">
          {formatDuration(track.duration)} · {track.bpm} BPM
        </span>
      </p>
    </div>
  );
}

function SelectedMusicCard({ track, onRemove }: { track: SelectedMusicTrack; onRemove: () => void }) {
  return (
    <section aria-labelledby="selected-music-heading" className={cardClass} data-testid="selected-music">
      <h2 id="selected-music-heading" className="text-base font-semibold tracking-tight">
        Selected Music
      </h2>
      <div className="mt-3 flex items-center gap-3 rounded-xl bg-muted/60 p-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand text-white" aria-hidden="true">
          <Music2 className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-foreground" data-testid="selected-music-title">
            {track.title}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {track.artist} · {formatDuration(track.duration)} · {track.bpm} BPM
          </p>
        </div>
      </div>
      <p className="mt-3 text-xs text-muted-foreground">Highlight reels and exports use this track as their music bed.</p>
      <Button variant="outline" size="sm" className="mt-3 w-full" onClick={onRemove}>
        <X aria-hidden="true" />
        Remove Music
      </Button>
    </section>
  );
}

/** One <audio> element for every preview, so starting a track stops the one that was playing. */
function usePreview() {
  const ref = useRef<HTMLAudioElement>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return undefined;
    // Also fired when the source changes under a playing track; by then the next one is playing.
    const stopped = () => {
      if (audio.paused) setPlayingId(null);
    };
    audio.addEventListener('ended', stopped);
    audio.addEventListener('pause', stopped);
    return () => {
      audio.removeEventListener('ended', stopped);
      audio.removeEventListener('pause', stopped);
      audio.pause();
    };
  }, []);

  const toggle = (track: MusicTrack) => {
    const audio = ref.current;
    if (!audio) return;
    if (current.current === track.id && !audio.paused) {
      audio.pause();
      return;
    }
    if (current.current !== track.id) {
      audio.src = track.url;
      current.current = track.id;
    }
    setPlayingId(track.id);
    audio.play().catch((err: Error) => {
      if (err.name === 'AbortError') return; // another track was started meanwhile
      setPlayingId(null);
      toast({ variant: 'destructive', title: 'Preview unavailable', description: `“${track.title}” could not be played.` });
    });
  };

  return { ref, playingId, toggle };
}
