/**
 * How a reel's music bed is mixed under the video's own sound, declared once: the media worker's
 * render (ffmpeg: volume, sidechaincompress, afade) and the web editor's preview (Web Audio) both
 * read it. No zod here: the web app imports this at run time (`@reelsmith/proto/http/music-mix`).
 */
export const MUSIC_MIX = {
  /** Loudness (LUFS) the bed is brought to before ducking: under dialogue, above room tone. */
  musicLufs: -24,
  /** Loudness (LUFS) the music service masters every library track to (its TARGET_LUFS). */
  libraryTrackLufs: -16,
  /** The ducking: the video's sound, above `threshold` (linear amplitude), presses the music down by `ratio`. */
  duck: { threshold: 0.03, ratio: 6, attackMs: 20, releaseMs: 350 },
  /**
   * Under speech (the analysis's voice activity, mapped into reel time) the bed is turned down by
   * `depthDb`, ramping over `rampMs` before and after each phrase; pauses shorter than `bridgeMs`
   * stay ducked (no pumping between phrases). Then the sidechain above is not used: applause and
   * room sound no longer push the music down, only voices do.
   */
  speechDuck: { depthDb: 12, rampMs: 150, bridgeMs: 500 },
  /** The music fades out over the reel's last seconds. */
  fadeOutSeconds: 1.5,
} as const;

/** dB the bed is turned by: from the track's own loudness to `musicLufs`. */
export const musicGainDb = (trackLufs: number = MUSIC_MIX.libraryTrackLufs) => MUSIC_MIX.musicLufs - trackLufs;
