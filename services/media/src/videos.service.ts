import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, isUuid, JobPublisher, ObjectStorage, parseUploadKey, RpcFailure, uploadKey } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { MediaConfig } from './config';
import type { VideoEntity } from './entities/video.entity';
import { HighlightsService } from './highlights.service';
import { ProgressPublisher } from './progress.publisher';
import { analysisKey } from './analysis/analysis';
import { AnalysisStore } from './analysis/analysis-store';
import { transcriptKey } from './speech/transcript';
import { TranscriptsService } from './speech/transcripts.service';
import { checkTrim, formatTimecode } from './timecode';
import { MEDIA_CONFIG } from './tokens';
import { toVideoMessage } from './video-message';
import { FolderDirectory } from './folder-directory';
import { contentTypeOf } from './ffmpeg/probe';
import { JobQueue } from './job-queue';
import { monthStart, PlanGate } from './plan-gate';
import { create } from '@bufbuild/protobuf';
import { originalKey, UploadIntake } from './upload-intake';
import { VideosRepository } from './videos.repository';
import { sharedWith, VideoAccess } from './video-access';
import { UPLOAD_COMPLETE_GRACE_MS, UPLOAD_URL_TTL_SECONDS } from './upload-grants';

const TITLE_MAX = 200;
const FILENAME_MAX = 255;

const { ObjectKind } = mediaV1;

@Injectable()
export class VideosService {
  private readonly logger = new Logger(VideosService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly jobs: JobPublisher,
    private readonly events: EventPublisher,
    private readonly progress: ProgressPublisher,
    private readonly highlights: HighlightsService,
    private readonly folders: FolderDirectory,
    private readonly intake: UploadIntake,
    private readonly queue: JobQueue,
    private readonly gate: PlanGate,
    private readonly analyses: AnalysisStore,
    private readonly transcripts: TranscriptsService,
    private readonly access: VideoAccess,
  ) {}

  async createUploadUrl(userId: string): Promise<mediaV1.UploadUrl> {
    await this.gate.checkUpload(userId);
    const key = uploadKey(userId);
    await this.videos.createGrant(key, userId, new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000));
    const uploadUrl = await this.storage.presignedPutUrl(key, UPLOAD_URL_TTL_SECONDS);
    return { $typeName: 'media.v1.UploadUrl', uploadUrl };
  }

  async completeUpload(request: mediaV1.UploadCompleteRequest): Promise<mediaV1.Video> {
    const { userId } = request;
    const title = request.title.trim();
    if (!title) throw RpcFailure.invalid('Please enter a title for the video.');
    if (title.length > TITLE_MAX) throw RpcFailure.invalid(`The title must be at most ${TITLE_MAX} characters.`);
    const originalFilename = checkedFilename(request.originalFilename);
    const key = this.objectKeyOf(request.videoUrl);
    const grant = await this.videos.findOpenGrant(key, userId);
    if (!grant) throw RpcFailure.notFound('This upload is unknown or was already completed. Please upload the file again.');
    if (grant.expiresAt.getTime() + UPLOAD_COMPLETE_GRACE_MS < Date.now()) throw RpcFailure.invalid('This upload has expired. Please upload the file again.');
    // The request's own mistakes are refused before the grant is used, so the client can correct them.
    const storedSize = await this.intake.storedSize(key);
    if (storedSize === null) throw RpcFailure.invalid('The file was not stored. Please upload it again.');
    if (BigInt(storedSize) !== request.fileSize) throw RpcFailure.invalid('The file size does not match the uploaded file.');
    await this.gate.checkUpload(userId);

    if (!(await this.videos.claimGrant(key, userId))) throw RpcFailure.conflict('This upload was already completed.');
    let video: VideoEntity;
    try {
      const checked = await this.intake.takeIn(key, (message) => RpcFailure.invalid(message), request.fileSize);
      await this.gate.checkLength(userId, checked.key, checked.facts.duration);
      video = await this.videos.create({
        userId,
        title,
        originalFilename,
        objectKey: checked.key,
        fileSize: checked.size,
        duration: checked.facts.duration,
        contentType: contentTypeOf(checked.facts),
        status: 'uploaded',
        stage: 'queued',
      });
    } catch (err) {
      // The grant is used up by a file that failed its checks; anything else (storage, database) may be retried.
      if (!UploadIntake.refusesTheFile(err)) await this.videos.releaseGrant(key);
      throw err;
    }
    try {
      // Before the job is queued: the worker reads the language when the processing is done.
      await this.transcripts.chooseLanguage(video.id, request.language);
      await this.intake.admit(video);
    } catch (err) {
      // Not queued (NATS away): take it back, so that the client's retry completes the same upload.
      await this.videos.undoCompletion(video.id, key);
      throw err;
    }
    return this.view(video);
  }

  async usage(userId: string): Promise<mediaV1.Usage> {
    return create(mediaV1.UsageSchema, { uploadsThisMonth: await this.videos.countCreatedSince(userId, monthStart(new Date())) });
  }

  /** The caller's videos, or one folder's: theirs, or a team folder shared with them. */
  async list(userId: string, folderId: string): Promise<mediaV1.VideoList> {
    const reach = folderId ? await this.folders.reach(userId, folderId) : { member: false, ownerUserId: userId };
    if (!reach) throw RpcFailure.notFound('Folder not found');
    // The ready reels of all the owner's videos in one grouped query, beside the list's own.
    const [videos, reels] = await Promise.all([
      this.videos.listOwned(reach.ownerUserId, folderId || undefined),
      this.highlights.readyReelCounts(reach.ownerUserId),
    ]);
    return { $typeName: 'media.v1.VideoList', videos: videos.map((v) => this.view(v, reels.get(v.id), reach.member)) };
  }

  async get(userId: string, videoId: string): Promise<mediaV1.Video> {
    const video = await this.visible(userId, videoId);
    return this.view(video, await this.readyReels(video.userId, video.id), sharedWith(video, userId));
  }

  /** The kept analysis of a video the caller sees: shot boundaries and per-step signals for the editor. */
  async analysis(userId: string, videoId: string): Promise<mediaV1.VideoAnalysis> {
    const video = await this.visible(userId, videoId);
    const kept = await this.analyses.find(video.id);
    if (!kept) throw RpcFailure.notFound('This video has not been analysed yet: it is analysed in the background once it is processed.');
    return {
      $typeName: 'media.v1.VideoAnalysis',
      videoId: video.id,
      step: kept.step,
      duration: kept.duration,
      hasAudio: kept.hasAudio,
      cuts: kept.cuts,
      loudness: kept.loudness,
      motion: kept.motion,
      faceCount: kept.faceCount ?? [],
      faceCenter: kept.faceCenter ?? [],
      speech: (kept.speech ?? []).map((s) => ({ $typeName: 'media.v1.SpeechSpan', start: s.start, end: s.end })),
    };
  }

  async delete(userId: string, videoId: string): Promise<mediaV1.VideosDeleteResponse> {
    const video = await this.owned(userId, videoId);
    if (!(await this.videos.delete(video.id, userId))) throw RpcFailure.notFound('Video not found');
    await this.highlights.deleteForVideo(video.id);
    await this.storage.remove(
      [video.objectKey, video.thumbnailKey, video.filmstripKey, video.waveformKey, video.proxyKey, analysisKey(video.id), transcriptKey(video.id)].filter(
        Boolean,
      ),
    );
    await this.events
      .publish(mediaV1.VideoDeletedSchema, { videoId: video.id, userId })
      .catch((err) => this.logger.error(`evt.media.video.deleted not published for ${video.id}: ${(err as Error).message}`));
    return { $typeName: 'media.v1.VideosDeleteResponse', videoId: video.id };
  }

  /** Into a folder of the same owner (asked of the folders service), or back to the library with an empty id. */
  async move(request: mediaV1.VideosMoveRequest): Promise<mediaV1.Video> {
    const video = await this.owned(request.userId, request.videoId);
    const folderId = request.folderId.trim() || null;
    if (folderId !== null && !(isUuid(folderId) && (await this.folders.exists(request.userId, folderId)))) {
      throw RpcFailure.notFound('Folder not found');
    }
    if (video.folderId === folderId) return this.view(video, await this.readyReels(request.userId, video.id));
    const outcome = await this.videos.setFolder(video.id, request.userId, folderId);
    if (outcome === 'no-folder') throw RpcFailure.notFound('Folder not found');
    if (outcome === 'no-video') throw RpcFailure.notFound('Video not found');
    return this.view({ ...video, folderId } as VideoEntity, await this.readyReels(request.userId, video.id));
  }

  async trim(request: mediaV1.VideosTrimRequest): Promise<mediaV1.Video> {
    const source = await this.owned(request.userId, request.videoId);
    if (source.status !== 'processed') throw RpcFailure.conflict('Only processed videos can be trimmed.');
    const check = checkTrim(request.start, request.end, source.duration);
    if (!check.ok) throw RpcFailure.invalid(check.message, [{ field: 'trim', message: check.title }]);
    const range = `${formatTimecode(check.start)}-${formatTimecode(check.end)}`;
    const title = (request.title.trim() || `${source.title} (${range})`).slice(0, TITLE_MAX);
    const baseName = source.originalFilename.replace(/\.[^.]+$/, '');
    const clip = await this.videos.create({
      userId: source.userId,
      title,
      originalFilename: `${baseName} (${range.replace(/:/g, '.')}).mp4`.slice(-FILENAME_MAX),
      status: 'uploaded',
      stage: 'queued',
      duration: check.end - check.start,
      folderId: source.folderId,
      sourceVideoId: source.id,
      trimStart: check.start,
      trimEnd: check.end,
    });
    await this.jobs.enqueue(mediaV1.ProcessJobSchema, { videoId: clip.id, userId: clip.userId }, clip.id);
    this.progress.video(clip, 0);
    return this.view(clip);
  }

  /**
   * Puts a failed video back in the queue as a new job: processing starts again from the original
   * (a trim already cut keeps its clip), status uploaded, reason cleared.
   */
  async retry(userId: string, videoId: string): Promise<mediaV1.Video> {
    const video = await this.owned(userId, videoId);
    if (video.status !== 'error') throw RpcFailure.conflict(`Only a video that failed can be retried; this one is ${video.status}.`);
    const queued = await this.videos.requeueFailed(video.id, userId);
    if (!queued) throw RpcFailure.conflict('This video is already being retried.');
    await this.queue.processVideo(queued);
    this.progress.video(queued, 0);
    this.logger.log(`video ${queued.id}: retry ${queued.retries} queued`);
    return this.view(queued);
  }

  /**
   * Where a video's bytes are and what they are. The media type always comes from our own probe
   * (the row), never from the stored object, whose Content-Type the uploader chose.
   */
  async resolveObject(request: mediaV1.ObjectResolveRequest): Promise<mediaV1.MediaObject> {
    const video =
      request.kind === ObjectKind.PREVIEW ? await this.ownedByFilename(request.userId, request.filename) : await this.owned(request.userId, request.videoId);
    const object = (key: string, contentType: string, filename = '') => ({ $typeName: 'media.v1.MediaObject' as const, key, contentType, size: 0n, filename });
    let result: mediaV1.MediaObject;
    switch (request.kind) {
      case ObjectKind.STREAM:
        if (video.status !== 'processed') throw RpcFailure.conflict('The video is not ready to play yet.');
        result = video.proxyKey ? object(video.proxyKey, 'video/mp4') : object(video.objectKey, video.contentType || 'video/mp4');
        break;
      case ObjectKind.PREVIEW:
        result = object(video.objectKey, video.contentType || 'application/octet-stream');
        break;
      case ObjectKind.DOWNLOAD:
        if (!video.objectKey) throw RpcFailure.conflict('The video is not ready yet.');
        result = object(video.objectKey, video.contentType || 'application/octet-stream', video.originalFilename || `video-${video.id}.mp4`);
        break;
      case ObjectKind.THUMBNAIL:
        if (!video.thumbnailKey) throw RpcFailure.notFound('This video has no thumbnail yet.');
        result = object(video.thumbnailKey, 'image/jpeg');
        break;
      case ObjectKind.FILMSTRIP:
        if (!video.filmstripKey) throw RpcFailure.notFound('This video has no filmstrip yet.');
        result = object(video.filmstripKey, 'image/jpeg');
        break;
      case ObjectKind.WAVEFORM:
        if (!video.waveformKey) throw RpcFailure.notFound('This video has no waveform.');
        result = object(video.waveformKey, 'application/json');
        break;
      default:
        throw RpcFailure.invalid('Unknown media kind.');
    }
    const stored = await this.storage.stat(result.key);
    if (!stored) throw RpcFailure.notFound('The file of this video is missing.');
    return { ...result, size: BigInt(stored.size) };
  }

  private async visible(userId: string, videoId: string): Promise<VideoEntity> {
    const video = await this.access.visible(userId, videoId);
    if (!video) throw RpcFailure.notFound('Video not found');
    return video;
  }

  private async owned(userId: string, videoId: string): Promise<VideoEntity> {
    const video = await this.videos.findOwned(videoId, userId);
    if (!video) throw RpcFailure.notFound('Video not found');
    return video;
  }

  /** By the object name of its original (the preview path /objects/uploads/<name>). */
  private async ownedByFilename(userId: string, filename: string): Promise<VideoEntity> {
    if (!isUuid(filename)) throw RpcFailure.notFound('File not found');
    // uploads/: originals of videos made before originals had their own keys (their upload URLs expired long ago).
    const video = await this.videos.findOwnedByObjectKey(userId, [originalKey(userId, filename), uploadKey(userId, filename)]);
    if (!video) throw RpcFailure.notFound('File not found');
    return video;
  }

  private async readyReels(ownerUserId: string, videoId: string): Promise<number> {
    return (await this.highlights.readyReelCounts(ownerUserId, videoId)).get(videoId) ?? 0;
  }

  /** `readyReels`: how many of its reels are ready (0 for a video just made, which has none); `shared`: seen in a team folder. */
  private view(video: VideoEntity, readyReels = 0, shared = false) {
    return toVideoMessage(video, this.config.MEDIA_URL_SECRET, Date.now(), readyReels, shared);
  }

  /** The object key inside an upload URL we issued (path style: /<bucket>/<key>). */
  private objectKeyOf(videoUrl: string): string {
    let url: URL;
    try {
      url = new URL(videoUrl);
    } catch {
      throw RpcFailure.invalid('The video URL is not a URL.');
    }
    const prefix = `/${this.storage.bucket}/`;
    const key = decodeURIComponent(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '');
    if (!parseUploadKey(key)) throw RpcFailure.invalid('The video URL is not an upload URL of Reelsmith.');
    return key;
  }
}

/** The user's own file name, kept for downloads; anything that looks like a path is refused. */
function checkedFilename(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!trimmed || trimmed.length > FILENAME_MAX || /[/\\\u0000-\u001f]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw RpcFailure.invalid('The file name is not valid.');
  }
  return trimmed;
}
