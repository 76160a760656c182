import { Inject, Injectable } from '@nestjs/common';
import { JobPublisher, ObjectStorage, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { MAX_INCLUDE_WORD_CHARS, MAX_INCLUDE_WORDS } from '@reelsmith/proto/http';
import { BrandKitsRepository } from './brand-kit/brand-kits.repository';
import type { MediaConfig } from './config';
import type { HighlightEntity } from './entities/highlight.entity';
import type { VideoEntity } from './entities/video.entity';
import { toHighlightMessage } from './highlight-message';
import { VideoAccess } from './video-access';
import { HighlightsRepository } from './highlights.repository';
import { JobQueue } from './job-queue';
import { MusicLibrary } from './music-library';
import { PlanGate } from './plan-gate';
import { ProgressPublisher } from './progress.publisher';
import { checkCaptionsHaveSound, checkEditedMoments, checkPreset, checkRender, type CheckedRender, inheritMoments } from './render-options';
import { checkMarkedRanges } from './marked-ranges';
import { checkTargets, platformAspect } from './reel-targets';
import { checkTrim, formatTimecode } from './timecode';
import { MEDIA_CONFIG } from './tokens';

const RECENT_EXPORTS = 20;

/** The words asked for, trimmed, without empties and repeats (the gateway checked their number and size). */
function checkIncludeWords(words: readonly string[]): string[] {
  const trimmed = words.map((w) => w.trim()).filter(Boolean);
  if (trimmed.length > MAX_INCLUDE_WORDS) throw RpcFailure.invalid(`includeWords must be a list of at most ${MAX_INCLUDE_WORDS} words or phrases`);
  if (trimmed.some((w) => w.length > MAX_INCLUDE_WORD_CHARS)) {
    throw RpcFailure.invalid(`Every word or phrase in includeWords must be 1 to ${MAX_INCLUDE_WORD_CHARS} characters long`);
  }
  return [...new Set(trimmed)];
}

/** AI highlight reels and editor exports: requests, versions, and where their files are. */
@Injectable()
export class HighlightsService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly highlights: HighlightsRepository,
    private readonly storage: ObjectStorage,
    private readonly music: MusicLibrary,
    private readonly jobs: JobPublisher,
    private readonly progress: ProgressPublisher,
    private readonly queue: JobQueue,
    private readonly gate: PlanGate,
    private readonly brandKits: BrandKitsRepository,
    private readonly access: VideoAccess,
  ) {}

  /**
   * A new reel, or several (one version per length asked for, in that order, for the platform's
   * shape): each is its own job; the workers analyse the video once between them (ReelsService).
   * The answer is the first version with every version made in `versions`.
   */
  async generate(request: mediaV1.HighlightsGenerateRequest): Promise<mediaV1.Highlight> {
    await this.gate.checkHighlights(request.userId);
    const video = await this.processedVideo(request.userId, request.videoId);
    const preset = checkPreset(request.preset);
    const { platform, lengths } = checkTargets(request);
    // The includes must fit the longest reel asked for (each shorter length fills around what fits).
    const ranges = checkMarkedRanges(request.include, request.exclude, video.duration, Math.max(...lengths));
    const aspect = platformAspect(platform, request.render?.aspect ?? '');
    const hasAudio = video.audioCodec !== '';
    // A new reel of a video with sound is captioned unless asked otherwise.
    const defaults: Partial<CheckedRender> = { captions: hasAudio ? 'clean' : 'none', ...(aspect ? { aspect } : {}) };
    const render = await this.checkedRender(request.userId, request.render, defaults, hasAudio);
    const includeWords = checkIncludeWords(request.includeWords);
    // Left out: on when the user has a kit; false keeps it off even then.
    const brandKit = request.brandKit ?? (await this.brandKits.find(request.userId)) !== null;
    const made: HighlightEntity[] = [];
    for (const targetLength of lengths) {
      made.push(
        await this.highlights.createVersion({
          videoId: video.id,
          // The maker: the video's owner, or a teammate of its team folder.
          userId: request.userId,
          kind: 'highlights',
          preset,
          platform: platform?.id ?? '',
          targetLength,
          fillToLength: request.fillToLength,
          includeWords,
          brandKit,
          includeRanges: ranges.include,
          excludeRanges: ranges.exclude,
          ...render,
          status: 'queued',
          stage: 'queued',
        }),
      );
    }
    for (const highlight of made) {
      await this.jobs.enqueue(mediaV1.HighlightsJobSchema, { highlightId: highlight.id, userId: highlight.userId }, highlight.id);
      this.progress.highlight(highlight, 0);
    }
    const answer = this.view(made[0], video);
    answer.versions = made.map((h) => this.view(h, video));
    return answer;
  }

  /** Every reel of a video the caller sees, theirs and their teammates'. */
  async list(userId: string, videoId: string): Promise<mediaV1.HighlightList> {
    const video = await this.visibleVideo(userId, videoId);
    const rows = await this.highlights.listForVideo(video.id);
    return { $typeName: 'media.v1.HighlightList', highlights: rows.map((h) => this.view(h, video)) };
  }

  async get(userId: string, highlightId: string): Promise<mediaV1.Highlight> {
    const { highlight, video } = await this.seen(userId, highlightId);
    return this.view(highlight, video);
  }

  /** Keeps the original as it was and renders the creator's moments as a new version. */
  async edit(request: mediaV1.HighlightsEditRequest): Promise<mediaV1.Highlight> {
    await this.gate.checkHighlights(request.userId);
    const { highlight: original, video } = await this.owned(request.userId, request.highlightId);
    checkProcessed(video);
    const moments = inheritMoments(checkEditedMoments(request.moments, video.duration), original.moments, original.timeline);
    const render = await this.checkedRender(request.userId, request.render, original, video.audioCodec !== '');
    const highlight = await this.highlights.createVersion({
      videoId: video.id,
      userId: original.userId,
      kind: original.kind,
      preset: original.preset,
      // Still made for the platform while it keeps its shape.
      platform: render.aspect === original.aspect ? original.platform : '',
      targetLength: original.targetLength,
      // The marked ranges stay with the reel's versions (the editor shows them; the creator's own moments win).
      includeRanges: original.includeRanges,
      excludeRanges: original.excludeRanges,
      // An edit keeps its version's brand kit choice (the kit as it is now is rendered).
      brandKit: original.brandKit,
      ...render,
      moments,
      timeline: original.timeline,
      status: 'queued',
      stage: 'queued',
    });
    await this.jobs.enqueue(mediaV1.RenderJobSchema, { highlightId: highlight.id, userId: highlight.userId }, highlight.id);
    this.progress.highlight(highlight, 0);
    return this.view(highlight, video);
  }

  async createExport(request: mediaV1.ExportsCreateRequest): Promise<mediaV1.Highlight> {
    await this.gate.checkHighlights(request.userId);
    const video = await this.processedVideo(request.userId, request.videoId);
    const trim = checkTrim(request.start || '0:00', request.end || formatTimecode(video.duration), video.duration);
    if (!trim.ok) throw RpcFailure.invalid(trim.message, [{ field: 'trim', message: trim.title }]);
    const render = await this.checkedRender(request.userId, request.render, undefined, video.audioCodec !== '');
    const highlight = await this.highlights.createVersion({
      videoId: video.id,
      userId: request.userId,
      kind: 'export',
      targetLength: Math.round(trim.end - trim.start),
      ...render,
      moments: [{ start: trim.start, end: trim.end, score: 0, reasons: ['manual trim'] }],
      status: 'queued',
      stage: 'queued',
    });
    await this.jobs.enqueue(mediaV1.RenderJobSchema, { highlightId: highlight.id, userId: highlight.userId }, highlight.id);
    this.progress.highlight(highlight, 0);
    return this.view(highlight, video);
  }

  /**
   * Puts a failed reel or export back in the queue as a new job: a reel whose moments were chosen is
   * only rendered again (the analysis is kept), one without starts with the selection.
   */
  async retry(userId: string, highlightId: string): Promise<mediaV1.Highlight> {
    const { highlight, video } = await this.owned(userId, highlightId);
    if (highlight.status !== 'error') throw RpcFailure.conflict(`Only a reel that failed can be retried; this one is ${highlight.status}.`);
    if (video.status !== 'processed') throw RpcFailure.conflict('The video of this reel is not processed, so the reel cannot be made again.');
    const queued = await this.highlights.requeueFailed(highlight.id, userId);
    if (!queued) throw RpcFailure.conflict('This reel is already being retried.');
    await this.queue.makeHighlight(queued);
    this.progress.highlight(queued, 0);
    return this.view(queued, video);
  }

  async listExports(userId: string): Promise<mediaV1.HighlightList> {
    const rows = await this.highlights.listExports(userId, RECENT_EXPORTS);
    const titles = new Map<string, VideoEntity | null>();
    for (const row of rows) if (!titles.has(row.videoId)) titles.set(row.videoId, await this.access.visible(userId, row.videoId));
    return { $typeName: 'media.v1.HighlightList', highlights: rows.map((h) => this.view(h, titles.get(h.videoId) ?? null)) };
  }

  /** The poster of a ready reel: a JPEG frame of the reel itself. NOT_FOUND for a reel without one. */
  async resolvePoster(userId: string, highlightId: string): Promise<mediaV1.MediaObject> {
    const { highlight } = await this.seen(userId, highlightId);
    if (highlight.status !== 'ready' || !highlight.posterKey) throw RpcFailure.notFound('This reel has no poster.');
    const stored = await this.storage.stat(highlight.posterKey);
    if (!stored) throw RpcFailure.notFound('The poster of this reel is missing.');
    return { $typeName: 'media.v1.MediaObject', key: highlight.posterKey, contentType: 'image/jpeg', size: BigInt(stored.size), filename: '' };
  }

  /** The reel file of a ready highlight, for streaming or download. */
  async resolveReel(userId: string, highlightId: string, download: boolean): Promise<mediaV1.MediaObject> {
    const { highlight, video } = await this.seen(userId, highlightId);
    if (highlight.status !== 'ready' || !highlight.reelKey) throw RpcFailure.conflict('The reel is not ready yet.');
    const stored = await this.storage.stat(highlight.reelKey);
    if (!stored) throw RpcFailure.notFound('The reel file is missing.');
    const title = (video?.title ?? 'reel').replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'reel';
    const label = highlight.kind === 'export' ? 'export' : 'highlights';
    return {
      $typeName: 'media.v1.MediaObject',
      key: highlight.reelKey,
      contentType: REEL_TYPES[highlight.format] ?? 'video/mp4',
      size: BigInt(stored.size),
      filename: download ? `${title} - ${label} v${highlight.version}.${highlight.format}` : '',
    };
  }

  /** Removes every reel of a deleted video, files (reels and their posters) included. */
  async deleteForVideo(videoId: string): Promise<void> {
    const rows = await this.highlights.deleteForVideo(videoId);
    await this.storage.remove(rows.flatMap((h) => [h.reelKey, h.posterKey]).filter(Boolean));
  }

  /** Ready reels per video of the owner, whoever made them (one grouped query), or of one video. */
  readyReelCounts(ownerUserId: string, videoId?: string): Promise<Map<string, number>> {
    return this.highlights.countReady(ownerUserId, videoId);
  }

  private async checkedRender(
    userId: string,
    options: mediaV1.RenderOptions | undefined,
    base: Partial<CheckedRender> | undefined,
    hasAudio: boolean,
  ): Promise<CheckedRender> {
    const render = checkRender(options, base);
    checkCaptionsHaveSound(render.captions, hasAudio);
    if (render.musicTrackId) {
      const track = await this.music.find(render.musicTrackId);
      if (!track) throw RpcFailure.notFound('Music track not found');
      await this.gate.checkTrack(userId, track);
    }
    return render;
  }

  private async visibleVideo(userId: string, videoId: string): Promise<VideoEntity> {
    const video = await this.access.visible(userId, videoId);
    if (!video) throw RpcFailure.notFound('Video not found');
    return video;
  }

  private async processedVideo(userId: string, videoId: string): Promise<VideoEntity> {
    return checkProcessed(await this.visibleVideo(userId, videoId));
  }

  /** A reel the caller made, with its video, which they still see (a teammate who left keeps no reel of it). */
  private async owned(userId: string, highlightId: string): Promise<{ highlight: HighlightEntity; video: VideoEntity }> {
    const highlight = await this.highlights.findOwned(highlightId, userId);
    const video = highlight ? await this.access.visible(userId, highlight.videoId) : null;
    if (!highlight || !video) throw RpcFailure.notFound('Highlight not found');
    return { highlight, video };
  }

  /**
   * A reel the caller may watch: any reel of a video they see (theirs, or in a team folder shared
   * with them), but only their own exports.
   */
  private async seen(userId: string, highlightId: string): Promise<{ highlight: HighlightEntity; video: VideoEntity }> {
    const highlight = await this.highlights.findById(highlightId);
    const video = highlight && (highlight.kind !== 'export' || highlight.userId === userId) ? await this.access.visible(userId, highlight.videoId) : null;
    if (!highlight || !video) throw RpcFailure.notFound('Highlight not found');
    return { highlight, video };
  }

  private view(highlight: HighlightEntity, video: VideoEntity | null) {
    return toHighlightMessage(highlight, video?.title ?? '', this.config.MEDIA_URL_SECRET);
  }
}

function checkProcessed(video: VideoEntity): VideoEntity {
  if (video.status !== 'processed') throw RpcFailure.conflict(`Highlights can be made only from a processed video; this one is ${video.status}.`);
  return video;
}

const REEL_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo' };
