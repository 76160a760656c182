import { TranscriptsService } from './speech/transcripts.service';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, isUuid, parseUploadKey, RpcFailure } from '@reelsmith/kit';
import type { mediaV1 } from '@reelsmith/proto';
import type { MediaConfig } from './config';
import { contentTypeOf } from './ffmpeg/probe';
import { MEDIA_CONFIG } from './tokens';
import { PlanGate } from './plan-gate';
import { UploadIntake } from './upload-intake';
import { toVideoMessage } from './video-message';
import { VideosRepository } from './videos.repository';

const TITLE_MAX = 200;
const FILENAME_MAX = 255;

/**
 * Bulk batches: turns an object the gateway already streamed into the store into a video of a
 * batch: the caller's own upload prefix, then the checks of every upload (UploadIntake). A file
 * that fails them is deleted and answers UNPROCESSABLE (PAYLOAD_TOO_LARGE when too big) with a
 * reason a person can read.
 */
@Injectable()
export class BatchImportService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
    private readonly intake: UploadIntake,
    private readonly gate: PlanGate,
    private readonly transcripts: TranscriptsService,
  ) {}

  async importVideo(request: mediaV1.VideosImportRequest): Promise<mediaV1.Video> {
    const { userId, objectKey: key } = request;
    if (!isUuid(userId)) throw RpcFailure.invalid('A user id is required.');
    if (request.videoId && !isUuid(request.videoId)) throw RpcFailure.invalid('The video id must be a UUID.');
    if (request.batchId && !isUuid(request.batchId)) throw RpcFailure.invalid('The batch id must be a UUID.');
    if (parseUploadKey(key)?.userId !== userId) throw RpcFailure.invalid('The object is not an upload of this user.');
    const originalFilename = cleanFilename(request.originalFilename);
    const title = (request.title.trim() || originalFilename.replace(/\.[^.]+$/, '') || 'Untitled video').slice(0, TITLE_MAX);
    if (request.videoId) {
      const existing = await this.videos.findOwned(request.videoId, userId);
      // A retried request: answer with what the first one made, queued again if it still waits
      // (the first call may have failed to queue it; a second queueing is harmless).
      if (existing) {
        if (existing.status === 'uploaded') await this.intake.admit(existing);
        return toVideoMessage(existing, this.config.MEDIA_URL_SECRET);
      }
    }

    const { key: objectKey, size, facts } = await this.intake.takeIn(key, (message) => new RpcFailure(ErrorCode.UNPROCESSABLE, message));
    await this.gate.checkLength(userId, objectKey, facts.duration);

    const video = await this.videos.create({
      ...(request.videoId ? { id: request.videoId } : {}),
      userId,
      title,
      originalFilename,
      objectKey,
      fileSize: size,
      duration: facts.duration,
      contentType: contentTypeOf(facts),
      status: 'uploaded',
      stage: 'queued',
      batchId: request.batchId || null,
    });
    await this.transcripts.chooseLanguage(video.id, request.language);
    await this.intake.admit(video);
    return toVideoMessage(video, this.config.MEDIA_URL_SECRET);
  }
}

/** The user's file name, kept for downloads; path parts and control characters are dropped. */
function cleanFilename(name: string): string {
  const base = name
    .replace(/^.*[/\\]/, '')
    // eslint-disable-next-line no-control-regex -- control characters are what it strips
    .replace(/[\u0000-\u001f]/g, '')
    .trim();
  if (!base || base === '.' || base === '..') return 'video';
  return base.slice(-FILENAME_MAX);
}
