import { FfmpegError, RenderPlanError } from '../ffmpeg/media.repository';
import { NotAVideoError } from '../ffmpeg/probe';
import { minutesText } from './job-deadline';

/** A failure the user can act on: no stack, no ffmpeg output (those go to the log). */
export interface Failure {
  reason: string;
  /** Retrying cannot help (the file is not a video, the job hung): fail now instead of after the last attempt. */
  final: boolean;
}

export type Subject = 'video' | 'reel';

const WHAT: Record<Subject, string> = { video: 'The video could not be processed', reel: 'The reel could not be made' };

/** What the creator is told when our own render plan failed: not their file, and we know. */
export const RENDER_PLAN_FAILED = 'We could not make this reel; we have been told. Press Retry to try again.';

/** An error whose message is written for the user (like NotAVideoError); retrying cannot help. */
export class UserFacingError extends Error {}

const SYSTEM_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST']);

/**
 * The reason shown to the user for an error a job met. `deadlineSeconds` is set when the job was
 * stopped because it ran past its deadline.
 */
export function describeFailure(subject: Subject, err: unknown, deadlineSeconds?: number): Failure {
  if (deadlineSeconds !== undefined) {
    return {
      reason: `${WHAT[subject]}: it was stopped after ${minutesText(deadlineSeconds)}, far longer than this video needs. Press Retry to try again.`,
      final: true,
    };
  }
  if (err instanceof UserFacingError || err instanceof NotAVideoError) return { reason: err.message, final: true };
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOSPC')
    return { reason: `${WHAT[subject]}: the server ran out of disk space. This is not a problem with your video; press Retry later.`, final: false };
  if (SYSTEM_CODES.has(code) && (err as NodeJS.ErrnoException).syscall) {
    return { reason: `${WHAT[subject]}: the server could not use its working folder. This is not a problem with your video; press Retry later.`, final: false };
  }
  if (err instanceof RenderPlanError) return { reason: RENDER_PLAN_FAILED, final: false };
  if (err instanceof FfmpegError) {
    return {
      reason: `${WHAT[subject]}: the video could not be decoded or encoded. Press Retry; if it fails again, the file may be damaged, so upload it again.`,
      final: false,
    };
  }
  return { reason: `${WHAT[subject]} because of a server error. Press Retry to try again.`, final: false };
}
