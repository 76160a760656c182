import { type FrameRate, videoFrameRate } from '../project-files/frames';

/** What the pipeline needs to know about a file, read from ffprobe's JSON. */
export interface MediaFacts {
  duration: number;
  /** Seconds from the file's start to the end of its picture: the sound may go on after it. */
  videoDuration: number;
  formatName: string;
  videoCodec: string;
  audioCodec: string;
  width: number;
  height: number;
  /** Shape of one stored pixel (width over height): 16/11 in anamorphic PAL, 1 for square pixels. */
  sampleAspect: number;
  /** Degrees the player must rotate (phones record portrait as rotated landscape). */
  rotation: number;
  hasAudio: boolean;
  /** Frames a second of the picture as a fraction (30000/1001); null when the file does not say. */
  frameRate: FrameRate | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  start_time?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; start_time?: string };
}

export class NotAVideoError extends Error {}

/** Throws NotAVideoError when the file has no real video stream (audio only, a picture, text). */
export function parseProbe(json: string): MediaFacts {
  let output: ProbeOutput;
  try {
    output = JSON.parse(json) as ProbeOutput;
  } catch {
    throw new NotAVideoError('The file could not be read as a video.');
  }
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  if (!video) throw new NotAVideoError('The file has no video track.');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(output.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(duration) || duration <= 0) throw new NotAVideoError('The video has no playable length.');

  const rotation = Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  const quarterTurns = ((Math.round(rotation / 90) % 4) + 4) % 4;
  const sideways = quarterTurns % 2 === 1;
  const [num, den] = (video.sample_aspect_ratio ?? '').split(':').map(Number);
  const sampleAspect = num > 0 && den > 0 ? num / den : 1;
  // The picture as shown: stored width times the pixel shape (even), then rotated.
  const shownWidth = sampleAspect === 1 ? video.width : 2 * Math.round(((video.width ?? 0) * sampleAspect) / 2);
  return {
    duration,
    videoDuration: Math.min(duration, streamEnd(video, output.format?.start_time) ?? duration),
    formatName: output.format?.format_name ?? '',
    videoCodec: video.codec_name ?? '',
    audioCodec: audio?.codec_name ?? '',
    width: (sideways ? video.height : shownWidth) ?? 0,
    height: (sideways ? shownWidth : video.height) ?? 0,
    sampleAspect,
    rotation: quarterTurns * 90,
    hasAudio: Boolean(audio),
    frameRate: videoFrameRate(video.avg_frame_rate, video.r_frame_rate),
  };
}

/** Where a stream ends, in seconds from the file's start, when ffprobe says (Matroska streams have no duration). */
function streamEnd(stream: ProbeStream, fileStart = '0'): number | undefined {
  const offset = Number(stream.start_time ?? fileStart) - Number(fileStart);
  const end = (Number.isFinite(offset) ? offset : 0) + Number(stream.duration);
  return end > 0 ? end : undefined;
}

/** H.264 video with AAC or no sound: what browsers decode, whatever the container. */
export function hasBrowserCodecs(facts: MediaFacts): boolean {
  return facts.videoCodec === 'h264' && (!facts.hasAudio || facts.audioCodec === 'aac');
}

/** True when browsers can play the original as it is: browser codecs in MP4/MOV. */
export function playsInBrowsers(facts: MediaFacts): boolean {
  const mp4Family = facts.formatName.split(',').some((name) => ['mov', 'mp4', 'm4a'].includes(name));
  return mp4Family && hasBrowserCodecs(facts);
}

const CONTENT_TYPES: Record<string, string> = {
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mpegts: 'video/mp2t',
};

/** The media type of a probed file, from its container; what the file's bytes say is never asked. */
export function contentTypeOf(facts: MediaFacts): string {
  const names = facts.formatName.split(',');
  if (names.includes('mp4') || names.includes('mov')) return facts.videoCodec === 'h264' || facts.videoCodec === 'hevc' ? 'video/mp4' : 'video/quicktime';
  // ffprobe names Matroska and WebM alike ("matroska,webm"); WebM is Matroska with WebM's codecs.
  if (names.includes('webm') && ['vp8', 'vp9', 'av1'].includes(facts.videoCodec)) return 'video/webm';
  return CONTENT_TYPES[names.find((n) => n in CONTENT_TYPES) ?? ''] ?? 'application/octet-stream';
}
