import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/native-select';
import { Label } from '../../../components/ui/label';
import { useMusicTracks, useSelectedMusic } from '../../music';

/** The reel's music on a phone: the same library and the same remembered choice as the editor's panel. */
export function MobileMusicPicker() {
  const tracks = useMusicTracks();
  const [selected, select] = useSelectedMusic();
  const id = useId();
  return (
    <div className="grid gap-1.5 rounded-2xl border border-border bg-card p-4" data-testid="mobile-music">
      <Label htmlFor={id}>Music for the reel</Label>
      <NativeSelect
        id={id}
        className="h-12"
        value={selected?.id ?? ''}
        disabled={tracks.isLoading}
        onChange={(event) => select(tracks.data?.find((t) => t.id === event.target.value) ?? null)}
      >
        <option value="">No music</option>
        {(tracks.data ?? []).map((track) => (
          <option key={track.id} value={track.id}>
            {track.title} · {track.genre} · {track.bpm} BPM
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
