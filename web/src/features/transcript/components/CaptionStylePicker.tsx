import { useId } from 'react';
import { CAPTION_STYLES } from '@reelsmith/proto/http';
import { cn } from '../../../lib/utils';
import type { CaptionStyle } from '../types';

const LABELS: Record<CaptionStyle, string> = { none: 'None', clean: 'Clean', bold: 'Bold', karaoke: 'Karaoke' };
const HINTS: Record<CaptionStyle, string> = {
  none: 'No captions on the reel',
  clean: 'White words, soft shadow',
  bold: 'Big heavy words on a band',
  karaoke: 'The word being said lit up',
};

/**
 * Captions burned into the reel: none, clean, bold or karaoke, as native radio buttons (arrow keys,
 * 'radio 2 of 4') drawn as cards, each with a small picture of how its words look on the video.
 */
export function CaptionStylePicker({
  value,
  onChange,
  disabled,
  note,
  size = 'default',
}: {
  value: CaptionStyle;
  onChange: (style: CaptionStyle) => void;
  /** Every style but 'none' is off (a video without sound). */
  disabled?: boolean;
  note?: string;
  size?: 'default' | 'lg';
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0" data-testid="option-captions">
      <legend className="mb-1.5 text-xs font-medium text-foreground">Captions</legend>
      <div className="grid grid-cols-4 gap-1.5">
        {CAPTION_STYLES.map((style) => (
          <label key={style} className="relative min-w-0" title={HINTS[style]}>
            <input
              type="radio"
              name={name}
              value={style}
              checked={value === style}
              disabled={disabled && style !== 'none'}
              onChange={() => onChange(style)}
              aria-describedby={`${name}-${style}`}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <span
              className={cn(
                'flex h-full flex-col items-center gap-1 rounded-lg border border-border bg-card p-1 text-center transition-[border-color,box-shadow]',
                'peer-checked:border-brand peer-checked:ring-2 peer-checked:ring-brand/25 peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                'peer-disabled:opacity-50',
              )}
            >
              <Sample style={style} />
              <span className={cn('font-medium text-foreground', size === 'lg' ? 'text-sm' : 'text-xs')}>{LABELS[style]}</span>
              <span id={`${name}-${style}`} className="sr-only">
                {HINTS[style]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {note && <p className="mt-1.5 text-xs text-muted-foreground">{note}</p>}
    </fieldset>
  );
}

/** A dark frame with the caption style's look. */
function Sample({ style }: { style: CaptionStyle }) {
  return (
    <span className="flex h-9 w-full items-end justify-center rounded-md bg-gradient-to-b from-neutral-600 to-neutral-900 pb-1" aria-hidden="true">
      {style === 'clean' && <span className="text-[9px] font-medium leading-none text-white [text-shadow:0_1px_2px_#000]">I do</span>}
      {style === 'bold' && <span className="rounded-sm bg-black/70 px-1 text-[10px] font-black uppercase leading-tight text-yellow-300">I DO</span>}
      {style === 'karaoke' && (
        <span className="text-[9px] font-bold leading-none text-white [text-shadow:0_1px_2px_#000]">
          I <span className="text-[#ffb380]">do</span>
        </span>
      )}
    </span>
  );
}
