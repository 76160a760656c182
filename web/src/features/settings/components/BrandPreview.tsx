import { useState } from 'react';
import type { BrandCardJson, BrandFont, BrandKitInput } from '@reelsmith/proto/http';
import { Segmented } from '../../../components/ui/segmented';

type Shown = 'frame' | 'intro' | 'outro';

/** CSS for a brand font (the browser may not have DejaVu: the same kind of face stands in). */
const fontCss = (font: BrandFont) => ({
  fontFamily: font === 'DejaVu Serif' ? '"DejaVu Serif", Georgia, serif' : '"DejaVu Sans", Verdana, sans-serif',
  fontWeight: font === 'DejaVu Sans Bold' ? 700 : 400,
});

/**
 * How a 16:9 frame of a reel will look with the kit as it is in the form: the logo in its corner at
 * its size and opacity (4 % of the frame's height from the edges, as the render), a caption in the
 * caption colour, or the intro or outro card.
 */
export function BrandPreview({ kit, logoUrl }: { kit: BrandKitInput; logoUrl: string | null }) {
  const [shown, setShown] = useState<Shown>('frame');
  const [vertical, horizontal] = kit.logo.position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  // The render keeps the logo 4 % of the frame's short side (its height) from the edges: as a share of the width, 4 * 9/16.
  const inset = { [vertical]: '4%', [horizontal]: `${(4 * 9) / 16}%` };
  return (
    <div className="flex flex-col gap-3">
      <Segmented
        legend="Preview"
        size="sm"
        options={[
          { value: 'frame', label: 'Frame' },
          { value: 'intro', label: 'Intro' },
          { value: 'outro', label: 'Outro' },
        ]}
        value={shown}
        onChange={setShown}
        data-testid="brand-preview-pick"
      />
      <div
        className="relative aspect-video w-full overflow-hidden rounded-lg border border-border bg-gradient-to-br from-slate-600 via-slate-700 to-slate-900"
        data-testid="brand-preview"
        role="img"
        aria-label={shown === 'frame' ? 'Preview of a reel frame with your logo and caption colour' : `Preview of your ${shown} card`}
      >
        {shown === 'frame' ? (
          <>
            {logoUrl ? (
              <img
                src={logoUrl}
                alt=""
                data-testid="brand-preview-logo"
                className="absolute"
                style={{
                  width: `${kit.logo.size * 100}%`,
                  opacity: kit.logo.opacity,
                  ...inset,
                }}
              />
            ) : (
              <span className="absolute rounded border border-dashed border-white/60 px-2 py-1 text-xs text-white/80" style={inset}>
                Your logo
              </span>
            )}
            <p
              className="absolute inset-x-0 bottom-[8%] px-[10%] text-center text-[clamp(11px,3.2vw,20px)] leading-tight"
              style={{ ...fontCss(kit.font), color: kit.captionColor, textShadow: '0 1px 3px rgba(0,0,0,0.9)' }}
            >
              Your captions look like this
            </p>
          </>
        ) : (
          <CardFace card={kit[shown]} font={kit.font} />
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {shown === 'frame'
          ? 'The logo shows over the moments; the cards come before and after them, with the music playing on.'
          : kit[shown].enabled
            ? `${kit[shown].duration} s`
            : 'Off: turn it on to add it to reels.'}
      </p>
    </div>
  );
}

function CardFace({ card, font }: { card: BrandCardJson; font: BrandFont }) {
  return (
    <div
      className="absolute inset-0 flex items-center justify-center px-[10%] text-center"
      style={{ background: card.background, opacity: card.enabled ? 1 : 0.4 }}
    >
      <span className="text-[clamp(14px,4.5vw,32px)] leading-tight" style={{ ...fontCss(font), color: card.color }}>
        {card.text || 'Your text'}
      </span>
    </div>
  );
}
