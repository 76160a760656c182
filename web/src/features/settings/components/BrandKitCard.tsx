import { useEffect, useRef, useState } from 'react';
import { ImageUp, Loader2, Save, Trash2 } from 'lucide-react';
import {
  BRAND_FONTS,
  type BrandCardJson,
  type BrandFont,
  type BrandKitInput,
  type BrandKitJson,
  CARD_SECONDS,
  CARD_TEXT_MAX,
  DEFAULT_BRAND_KIT,
  LOGO_MAX_BYTES,
  LOGO_OPACITY,
  LOGO_POSITIONS,
  LOGO_SIZE,
  type LogoPosition,
} from '@reelsmith/proto/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Segmented } from '../../../components/ui/segmented';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { Toggle } from './Toggle';
import { useBrandKit, useDeleteLogo, useSaveBrandKit, useUploadLogo } from '../api/brand-kit';
import { BrandPreview } from './BrandPreview';

const POSITION_LABELS: Record<LogoPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

/** The form's state: the PUT body (the logo's file goes on its own). */
const formOf = (kit: BrandKitJson | Omit<BrandKitJson, 'saved' | 'updatedAt'>): BrandKitInput => ({
  logo: { position: kit.logo.position, opacity: kit.logo.opacity, size: kit.logo.size },
  intro: kit.intro,
  outro: kit.outro,
  captionColor: kit.captionColor,
  font: kit.font,
});

/** The "Brand kit" card of /settings: logo, its place and look, intro and outro cards, caption colour and font, with a live preview. */
export function BrandKitCard() {
  const { data, isLoading } = useBrandKit();
  const save = useSaveBrandKit();
  const upload = useUploadLogo();
  const removeLogo = useDeleteLogo();
  const [form, setForm] = useState<BrandKitInput>(formOf(DEFAULT_BRAND_KIT));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);

  const setLogo = (change: Partial<BrandKitInput['logo']>) => setForm((f) => ({ ...f, logo: { ...f.logo, ...change } }));
  const setCard = (which: 'intro' | 'outro', change: Partial<BrandCardJson>) => setForm((f) => ({ ...f, [which]: { ...f[which], ...change } }));

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'The logo was not taken', description: `The logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card data-testid="brand-kit-card">
      <CardHeader>
        <CardTitle as="h2">Brand kit</CardTitle>
        <CardDescription>Your logo, intro and outro cards and caption colour, rendered into new reels (you can turn it off per reel).</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-64" />
        ) : (
          <form
            noValidate
            className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(form);
            }}
          >
            <div className="flex flex-col gap-5">
              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-medium">Logo</legend>
                <div className="flex flex-wrap items-center gap-2">
                  <input
                    ref={fileInput}
                    id="brand-logo-file"
                    type="file"
                    aria-label="Logo file (PNG or SVG)"
                    accept="image/png,image/svg+xml"
                    className="sr-only"
                    data-testid="brand-logo-file"
                    onChange={(e) => {
                      pickFile(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
                    {upload.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <ImageUp className="size-4" aria-hidden="true" />}
                    {data?.logo.url ? 'Replace logo' : 'Upload logo'}
                  </Button>
                  {data?.logo.url ? (
                    <Button type="button" variant="ghost" onClick={() => setConfirmRemove(true)} data-testid="brand-logo-remove">
                      <Trash2 className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  ) : null}
                </div>
                <p className="text-sm text-muted-foreground">PNG or SVG, at most {LOGO_MAX_BYTES / 1024 / 1024} MB. A transparent background looks best.</p>
                <Segmented
                  legend="Position"
                  size="sm"
                  options={LOGO_POSITIONS.map((p) => ({ value: p, label: POSITION_LABELS[p] }))}
                  value={form.logo.position}
                  onChange={(position) => setLogo({ position })}
                  data-testid="brand-logo-position"
                />
                <RangeField
                  id="brand-logo-opacity"
                  label="Opacity"
                  value={form.logo.opacity}
                  {...LOGO_OPACITY}
                  step={0.05}
                  shown={`${Math.round(form.logo.opacity * 100)} %`}
                  onChange={(opacity) => setLogo({ opacity })}
                />
                <RangeField
                  id="brand-logo-size"
                  label="Size (share of the frame width)"
                  value={form.logo.size}
                  {...LOGO_SIZE}
                  step={0.01}
                  shown={`${Math.round(form.logo.size * 100)} %`}
                  onChange={(size) => setLogo({ size })}
                />
              </fieldset>

              <CardFields which="intro" title="Intro card" card={form.intro} onChange={(c) => setCard('intro', c)} />
              <CardFields which="outro" title="Outro card" card={form.outro} onChange={(c) => setCard('outro', c)} />

              <div className="grid gap-4 sm:grid-cols-2">
                <ColourField
                  id="brand-caption-color"
                  label="Caption colour"
                  value={form.captionColor}
                  onChange={(captionColor) => setForm((f) => ({ ...f, captionColor }))}
                />
                <div className="grid gap-1.5">
                  <Label htmlFor="brand-font">Font</Label>
                  <NativeSelect id="brand-font" value={form.font} onChange={(e) => setForm((f) => ({ ...f, font: e.target.value as BrandFont }))}>
                    {BRAND_FONTS.map((font) => (
                      <option key={font} value={font}>
                        {font}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              </div>

              <div className="flex justify-end">
                <Button type="submit" disabled={save.isPending} data-testid="brand-kit-save">
                  {save.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
                  {save.isPending ? 'Saving...' : 'Save brand kit'}
                </Button>
              </div>
            </div>

            <BrandPreview kit={form} logoUrl={data?.logo.url ?? null} />
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove the logo?"
        description="New reels are made without a logo until you upload one again. Reels already made keep theirs."
        confirmLabel="Remove logo"
        pendingLabel="Removing…"
        pending={removeLogo.isPending}
        onConfirm={() => removeLogo.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
        confirmTestId="brand-logo-remove-confirm"
      />
    </Card>
  );
}

function CardFields({
  which,
  title,
  card,
  onChange,
}: {
  which: 'intro' | 'outro';
  title: string;
  card: BrandCardJson;
  onChange: (change: Partial<BrandCardJson>) => void;
}) {
  return (
    <fieldset className="grid gap-3" data-testid={`brand-${which}`}>
      <legend className="sr-only">{title}</legend>
      <Toggle
        id={`brand-${which}-enabled`}
        label={title}
        description={which === 'intro' ? 'A title card before the first moment.' : 'A closing card after the last moment.'}
        checked={card.enabled}
        onChange={(enabled) => onChange({ enabled })}
      />
      {card.enabled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`brand-${which}-text`}>Text</Label>
            <Input
              id={`brand-${which}-text`}
              value={card.text}
              maxLength={CARD_TEXT_MAX}
              placeholder={which === 'intro' ? 'Smith & Co Weddings' : 'Thanks for watching'}
              onChange={(e) => onChange({ text: e.target.value })}
            />
          </div>
          <ColourField id={`brand-${which}-background`} label="Background" value={card.background} onChange={(background) => onChange({ background })} />
          <ColourField id={`brand-${which}-color`} label="Text colour" value={card.color} onChange={(color) => onChange({ color })} />
          <RangeField
            id={`brand-${which}-duration`}
            label="Duration"
            value={card.duration}
            {...CARD_SECONDS}
            step={0.5}
            shown={`${card.duration} s`}
            onChange={(duration) => onChange({ duration })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function ColourField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-14 cursor-pointer rounded-md border border-input bg-card p-1"
        />
        <span className="font-mono text-sm text-muted-foreground">{value}</span>
      </div>
    </div>
  );
}

function RangeField(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (value: number) => void;
}) {
  const { id, label, value, min, max, step, shown, onChange } = props;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-sm tabular-nums text-muted-foreground">{shown}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-10 w-full cursor-pointer accent-[hsl(var(--brand))]"
      />
    </div>
  );
}
