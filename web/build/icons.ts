import { deflateSync } from 'node:zlib';

/**
 * The app's PNG icons, drawn from the same shapes as public/icons/icon.svg (the orange rounded
 * square, the play glyph and the spark) by a small rasteriser, so the build needs no image tool.
 * `maskable`: a full-bleed square with the mark inside the 80% safe zone. `opaque`: no transparent
 * corners (iOS fills them black on the home screen).
 */
export type IconOptions = { maskable?: boolean; opaque?: boolean };

type Point = readonly [number, number];
const PLAY: Point[] = [
  [188, 166],
  [188, 346],
  [340, 256],
];
const SPARK: Point[] = [
  [370, 104],
  [381, 135],
  [412, 146],
  [381, 157],
  [370, 188],
  [359, 157],
  [328, 146],
  [359, 135],
];
const ORANGE_A = [0xff, 0x8a, 0x2b];
const ORANGE_B = [0xff, 0x5a, 0x00];
const DARK = [0x0f, 0x11, 0x15];

function inPolygon(x: number, y: number, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** The play glyph with its 28-unit round-joined stroke: inside, or within 14 units of an edge. */
function inPlay(x: number, y: number): boolean {
  if (inPolygon(x, y, PLAY)) return true;
  for (let i = 0; i < PLAY.length; i++) if (distanceToSegment(x, y, PLAY[i], PLAY[(i + 1) % PLAY.length]) <= 14) return true;
  return false;
}

function inRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** RGBA pixels of one icon, 4x4 samples per pixel. */
export function drawIcon(size: number, { maskable = false, opaque = false }: IconOptions = {}): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  // Art units (0..512) per pixel; a maskable icon shrinks the mark into the safe zone.
  const scale = 512 / size / (maskable ? 0.72 : 1);
  const offset = maskable ? (512 - 512 / 0.72) / 2 : 0;
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) * scale + offset;
          const y = (py + (sy + 0.5) / n) * scale + offset;
          const inside = maskable || inRoundedSquare(x, y, 512, 120);
          let cr: number;
          let cg: number;
          let cb: number;
          if (
            inside &&
            ((x >= 170 && x <= 358 && y >= 148 && y <= 364 && inPlay(x, y)) || (x >= 328 && x <= 412 && y >= 104 && y <= 188 && inPolygon(x, y, SPARK)))
          ) {
            cr = cg = cb = 255;
          } else if (inside) {
            const t = Math.max(0, Math.min(1, (x + y) / 1024));
            cr = ORANGE_A[0] + (ORANGE_B[0] - ORANGE_A[0]) * t;
            cg = ORANGE_A[1] + (ORANGE_B[1] - ORANGE_A[1]) * t;
            cb = ORANGE_A[2] + (ORANGE_B[2] - ORANGE_A[2]) * t;
          } else if (opaque) {
            [cr, cg, cb] = DARK;
          } else {
            continue;
          }
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      const samples = n * n;
      pixels[i] = a ? Math.round(r / a) : 0;
      pixels[i + 1] = a ? Math.round(g / a) : 0;
      pixels[i + 2] = a ? Math.round(b / a) : 0;
      pixels[i + 3] = Math.round((a / samples) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** A PNG file (8-bit RGBA, no interlace) of the pixels. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Every PNG the web manifest and index.html name, by path under the web root. */
export const ICON_FILES: ReadonlyArray<{ path: string; size: number } & IconOptions> = [
  { path: 'icons/icon-192.png', size: 192 },
  { path: 'icons/icon-512.png', size: 512 },
  { path: 'icons/maskable-192.png', size: 192, maskable: true },
  { path: 'icons/maskable-512.png', size: 512, maskable: true },
  { path: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

export function renderIcons(): Array<{ path: string; png: Buffer }> {
  return ICON_FILES.map(({ path, size, ...options }) => ({ path, png: encodePng(size, drawIcon(size, options)) }));
}
