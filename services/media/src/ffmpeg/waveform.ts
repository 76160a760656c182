/** How many peaks the editor's waveform has, whatever the video's length (about one per pixel of a wide timeline). */
export const WAVEFORM_PEAKS = 1000;

/**
 * The loudest sample of each of about `peaks` even parts of a stream of 16-bit little-endian mono
 * samples, as 0..1, measured as the samples stream by (memory stays flat in the length).
 */
export class PeakMeter {
  private readonly values: number[] = [];
  private current = 0;
  private inBlock = 0;
  private leftover: number | null = null;
  private readonly blockSamples: number;

  constructor(
    expectedSamples: number,
    private readonly peaks = WAVEFORM_PEAKS,
  ) {
    this.blockSamples = Math.max(1, Math.ceil(expectedSamples / peaks));
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.leftover !== null && chunk.length > 0) {
      this.sample(Buffer.from([this.leftover, chunk[0]]).readInt16LE(0));
      this.leftover = null;
      offset = 1;
    }
    for (; offset + 1 < chunk.length; offset += 2) this.sample(chunk.readInt16LE(offset));
    if (offset < chunk.length) this.leftover = chunk[offset];
  }

  /**
   * At most `peaks` peaks, rounded to 3 decimals; a last part shorter than the others counts too,
   * and sound running past the expected length joins the last peak.
   */
  finish(): number[] {
    if (this.inBlock > 0) this.values.push(this.current);
    this.inBlock = 0;
    const kept = this.values.slice(0, this.peaks);
    if (this.values.length > this.peaks) kept[this.peaks - 1] = Math.max(...this.values.slice(this.peaks - 1));
    return kept.map((v) => Math.round((v / 32768) * 1000) / 1000);
  }

  private sample(value: number): void {
    const size = Math.abs(value);
    if (size > this.current) this.current = size;
    if (++this.inBlock === this.blockSamples) {
      this.values.push(this.current);
      this.current = 0;
      this.inBlock = 0;
    }
  }
}
