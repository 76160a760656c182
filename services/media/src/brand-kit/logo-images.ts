import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { execProcess, RpcFailure, succeeded } from '@reelsmith/kit';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, logoKind } from '@reelsmith/proto/http';
import { MEDIA_TOOLS, type MediaTools } from '../ffmpeg/media.repository';

/** The long side of a logo as stored: big enough for a 1080p frame's largest logo (40 % of 1920). */
export const STORED_LOGO_LONG_SIDE = 1024;
/** An SVG wider or taller than this many times its other side is a line, not a logo (and would rasterise huge). */
const MAX_SVG_RATIO = 8;

const PROBE_TIMEOUT_MS = 20_000;

/** A PNG's size from its IHDR chunk (bytes 16..24), or null when the header is not one. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || logoKind(bytes) !== 'png') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** ffmpeg's librsvg decoder sizes an SVG with -width / -height; this keeps the long side at `long`. */
export function svgRasterArgs(input: string, output: string, intrinsic: { width: number; height: number }, long = STORED_LOGO_LONG_SIDE): string[] {
  const side = intrinsic.width >= intrinsic.height ? ['-width', String(long)] : ['-height', String(long)];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    ...side,
    '-keep_ar',
    '1',
    '-f',
    'svg_pipe',
    '-i',
    input,
    '-frames:v',
    '1',
    '-pix_fmt',
    'rgba',
    output,
  ];
}

/** A PNG decoded whole and written again as RGBA, at most `long` on its long side (never enlarged). */
export function pngNormaliseArgs(input: string, output: string, long = STORED_LOGO_LONG_SIDE): string[] {
  const box = `scale='min(${long},iw)':'min(${long},ih)':force_original_aspect_ratio=decrease`;
  return ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'png_pipe', '-i', input, '-frames:v', '1', '-vf', box, '-pix_fmt', 'rgba', output];
}

/**
 * Uploaded logos checked by their content and made into the PNG the renders overlay: a PNG must
 * decode whole, an SVG is rasterised once here (ffmpeg's librsvg decoder), and either ends RGBA with
 * its long side at most STORED_LOGO_LONG_SIDE.
 */
@Injectable()
export class LogoImages {
  constructor(@Inject(MEDIA_TOOLS) private readonly tools: MediaTools) {}

  /** Writes the stored PNG of the upload at `input` to `output`; its size. INVALID_ARGUMENT for anything else. */
  async prepare(input: string, output: string): Promise<{ width: number; height: number }> {
    const bytes = await readFile(input);
    if (bytes.length > LOGO_MAX_BYTES) throw RpcFailure.invalid(`The logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`);
    const kind = logoKind(bytes);
    if (kind === null) throw RpcFailure.invalid('The logo must be a PNG or SVG image');
    if (kind === 'png') {
      const size = pngSize(bytes);
      if (!size) throw RpcFailure.invalid('The logo is not a readable PNG image');
      this.checkPixels(size);
      await this.convert(pngNormaliseArgs(input, output), 'The logo is not a readable PNG image');
    } else {
      // Entities can expand a few bytes into gigabytes; a logo never needs them.
      if (/<!ENTITY/i.test(bytes.toString('utf8'))) throw RpcFailure.invalid('The SVG logo cannot declare entities');
      const intrinsic = await this.svgSize(input);
      const ratio = Math.max(intrinsic.width, intrinsic.height) / Math.max(1, Math.min(intrinsic.width, intrinsic.height));
      if (ratio > MAX_SVG_RATIO) throw RpcFailure.invalid(`The logo must be at most ${MAX_SVG_RATIO} times as wide as it is tall (or the other way round)`);
      await this.convert(svgRasterArgs(input, output, intrinsic), 'The logo is not a readable SVG image');
    }
    const stored = pngSize(await readFile(output));
    if (!stored) throw RpcFailure.invalid('The logo could not be read as an image');
    return stored;
  }

  private checkPixels({ width, height }: { width: number; height: number }) {
    if (width < 1 || height < 1 || width > LOGO_MAX_PIXELS || height > LOGO_MAX_PIXELS) {
      throw RpcFailure.invalid(`The logo must be at most ${LOGO_MAX_PIXELS} x ${LOGO_MAX_PIXELS} pixels`);
    }
  }

  private async svgSize(input: string): Promise<{ width: number; height: number }> {
    const { code, stdout } = await execProcess(
      this.tools.ffprobe,
      ['-v', 'error', '-f', 'svg_pipe', '-show_entries', 'stream=width,height', '-of', 'json', input],
      { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) },
    );
    const stream = code === 0 ? (JSON.parse(stdout) as { streams?: Array<{ width?: number; height?: number }> }).streams?.[0] : undefined;
    if (!stream?.width || !stream.height) throw RpcFailure.invalid('The logo is not a readable SVG image');
    return { width: stream.width, height: stream.height };
  }

  private async convert(args: string[], failure: string) {
    try {
      await succeeded(execProcess(this.tools.ffmpeg, args, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }));
    } catch {
      throw RpcFailure.invalid(failure);
    }
  }
}
