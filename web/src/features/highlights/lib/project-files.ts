import type { ProjectFormat } from '@reelsmith/proto/http/project';

/** The project files a reel offers, each with the editors that open it. */
export const PROJECT_FILE_CHOICES: Array<{ format: ProjectFormat; label: string; editors: string }> = [
  { format: 'edl', label: 'EDL', editors: 'Premiere Pro, DaVinci Resolve, Avid' },
  { format: 'fcpxml', label: 'FCPXML', editors: 'Final Cut Pro, DaVinci Resolve' },
  { format: 'mlt', label: 'MLT', editors: 'Shotcut, Kdenlive' },
  { format: 'json', label: 'JSON', editors: 'Moments, crop path and music as data' },
];

/** The file name a download's Content-Disposition gives, or `fallback` (never a path). */
export function attachmentFilename(header: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/
    .exec(header ?? '')?.[1]
    ?.split(/[\\/]/)
    .pop();
  return name && name !== '.' && name !== '..' ? name : fallback;
}
