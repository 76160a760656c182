/**
 * The editor's timeline pictures, declared once: the media worker makes them, the web app draws
 * them. No zod here: the web app imports this at run time (`@reelsmith/proto/http/filmstrip`).
 */

/** The filmstrip: `frames` frames spread evenly over the video, each width x height (letterboxed), tiled `columns` to a row. */
export const FILMSTRIP = { frames: 40, columns: 10, rows: 4, width: 160, height: 90 } as const;

/** The waveform: the loudest sample (0..1) of each of `peaks.length` even parts of the sound. */
export interface WaveformJson {
  peaks: number[];
}
