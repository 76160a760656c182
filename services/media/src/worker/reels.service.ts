import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventPublisher, type JobContext, ObjectStorage, observeMediaStep, retryWhileUnavailable } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { PLATFORM_SPECS, type TranscriptJson } from '@reelsmith/proto/http';
import { type Analysis, levelOf } from '../analysis/analysis';
import { Analyser } from '../analysis/analyser';
import { cropPath } from '../analysis/crop-path';
import { BrandAssets } from '../brand-kit/brand-assets';
import type { Preset } from '../analysis/scoring';
import { planReel } from '../analysis/reel-plan';
import { CROSSFADE_SECONDS } from '../analysis/selection';
import type { WorkerConfig } from '../config';
import type { HighlightEntity, StoredTimings } from '../entities/highlight.entity';
import type { VideoEntity } from '../entities/video.entity';
import { posterArgs, posterTime, qualityFor, qualityOfSize, reelLength, reelSize, type RenderSpec } from '../ffmpeg/args';
import { MediaRepository, RenderPlanError } from '../ffmpeg/media.repository';
import { validCrossfade, validMoments } from '../ffmpeg/render-plan';
import { type BurnedCaptionStyle, CAPTION_FONTS_DIR, type CaptionBrand, captionsAss } from '../speech/captions';
import { findSaid } from '../speech/include-words';
import { transcriptWords, wordsInReel } from '../speech/reel-time';
import { hasWords } from '../speech/transcript';
import { TranscriptionService } from '../speech/transcription.service';
import { HighlightsRepository } from '../highlights.repository';
import { JobFailures } from '../job-failures';
import { type MusicBed, MusicLibrary } from '../music-library';
import { ProgressPublisher } from '../progress.publisher';
import { throttle } from '../throttle';
import { VideosRepository } from '../videos.repository';
import { MEDIA_CONFIG } from '../tokens';
import { VoiceActivity } from '../speech/vad';
import { isPlatform } from '../reel-targets';
import { describeFailure, UserFacingError } from './failure-reasons';
import { JobDeadline, jobDeadlineSeconds } from './job-deadline';
import { SourceCache } from './source-cache';
import { type Source, VideoAnalyses } from './video-analyses';

const READ_URL_TTL_SECONDS = 6 * 60 * 60;

const seconds = (from: number) => Math.round((Date.now() - from) / 10) / 100;

/**
 * job.media.highlights: analyse the video once (the analysis is kept), score it with the preset,
 * select the moments, render the reel. job.media.render: render moments a highlight already has.
 */
@Injectable()
export class ReelsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReelsService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    private readonly highlights: HighlightsRepository,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly analyser: Analyser,
    private readonly analyses: VideoAnalyses,
    private readonly music: MusicLibrary,
    private readonly progress: ProgressPublisher,
    private readonly events: EventPublisher,
    private readonly sources: SourceCache,
    private readonly failures: JobFailures,
    private readonly transcription: TranscriptionService,
    private readonly brandAssets: BrandAssets,
  ) {}

  /** The face and voice activity models load when the worker starts, not in the first video's analysis. */
  onApplicationBootstrap() {
    const started = Date.now();
    this.analyser.warmFaces().then(
      () => this.logger.log(`face detector ready in ${seconds(started)} s`),
      (err: Error) => this.logger.warn(`face detector did not start: ${err.message}; analyses go on without faces`),
    );
    new VoiceActivity().warm().then(
      () => this.logger.log(`voice activity detector ready in ${seconds(started)} s`),
      (err: Error) => this.logger.warn(`voice activity detector did not start: ${err.message}; analyses go on without speech segments`),
    );
  }

  makeHighlights(job: mediaV1.HighlightsJob, context: JobContext) {
    return this.run(job.highlightId, context, true);
  }

  renderMoments(job: mediaV1.RenderJob, context: JobContext) {
    return this.run(job.highlightId, context, false);
  }

  private async run(highlightId: string, context: JobContext, select: boolean) {
    const highlight = await this.highlights.findById(highlightId);
    if (!highlight || highlight.status === 'error') return;
    const video = await this.videos.findById(highlight.videoId);
    // Finished by a worker that died before it could acknowledge (a redelivery): its event may not have gone out.
    if (highlight.status === 'ready') return video && context.attempt > 1 ? this.announceReady(highlight, video, context.signal) : undefined;
    if (!video || video.status !== 'processed') {
      await this.failures.failHighlight(highlight.id, 'The video of this reel is no longer available.');
      return;
    }
    const reelSeconds = Math.max(
      highlight.targetLength,
      highlight.moments.reduce((sum, m) => sum + (m.end - m.start), 0),
    );
    const kind = select ? 'highlights' : 'render';
    const deadline = new JobDeadline(jobDeadlineSeconds(kind, { sourceSeconds: video.duration, reelSeconds }, this.config.JOB_DEADLINE_FACTOR), context.signal);
    let workDir = '';
    let made = false;
    try {
      workDir = await mkdtemp(join(this.config.WORK_DIR || tmpdir(), `reelsmith-reel-${highlight.id}-`));
      made = await deadline.within(this.make(highlight, video, workDir, deadline.signal, select));
    } catch (err) {
      if (context.signal.aborted) throw err;
      const failure = describeFailure('reel', err, deadline.expired ? deadline.seconds : undefined);
      const last = failure.final || context.lastAttempt;
      // Our own render plan failing is a bug: logged on every attempt, not only the last.
      if (last || err instanceof RenderPlanError) this.logger.error(`reel ${highlight.id}, attempt ${context.attempt}: ${(err as Error).stack ?? String(err)}`);
      if (!last) throw err;
      await this.failures.failHighlight(highlight.id, failure.reason);
    } finally {
      deadline.clear();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
    // Outside the try: an event that cannot be published yet never fails the reel.
    if (made) await this.announceReady(highlight, video, context.signal);
  }

  /** evt.media.highlights.ready, stored once per highlight however often the job runs; waits while NATS is away. */
  private async announceReady(highlight: HighlightEntity, video: VideoEntity, signal: AbortSignal) {
    // To the reel's maker: the video's owner, or the teammate who made it from a team folder.
    const payload = { highlightId: highlight.id, videoId: video.id, userId: highlight.userId, title: video.title, kind: highlight.kind };
    await retryWhileUnavailable(
      () => this.events.publish(mediaV1.HighlightsReadySchema, payload, { onceFor: highlight.id }),
      signal,
      (m) => this.logger.warn(m),
    );
  }

  /** Whether the reel is now ready (false when the highlight was deleted meanwhile). */
  private async make(highlight: HighlightEntity, video: VideoEntity, workDir: string, signal: AbortSignal, select: boolean): Promise<boolean> {
    const key = video.proxyKey || video.objectKey;
    // Edits and exports seek in this worker's copy of the source when it has one, else over HTTP.
    const source: Source = { key, local: await this.sources.find(key) };
    try {
      return await this.makeFrom(highlight, video, source, workDir, signal, select);
    } finally {
      source.local?.release();
    }
  }

  private async makeFrom(
    highlight: HighlightEntity,
    video: VideoEntity,
    source: Source,
    workDir: string,
    signal: AbortSignal,
    select: boolean,
  ): Promise<boolean> {
    const started = Date.now();
    const timings: StoredTimings = {};
    // Asked words and captions read the same transcript: fetched (or made) at most once a job.
    let transcript: Promise<TranscriptJson | null> | undefined;
    const transcriptOnce = () => (transcript ??= this.transcriptOf(highlight, video, signal));
    const music = highlight.musicTrackId ? await this.music.find(highlight.musicTrackId) : null;
    if (highlight.musicTrackId && !music) throw new UserFacingError('The chosen music track is no longer in the library.');

    // New reels need the analysis; edits and exports reuse a kept one (for the level and the 9:16, 1:1 or 4:5 crop).
    let analysis: Analysis | null = select ? null : await this.analyses.kept(video.id);
    if (select || (highlight.aspect !== '16:9' && !analysis)) {
      await this.advance(highlight, 'analysing', 2, { status: 'processing' });
      const made = await this.analyses.once(video, source, workDir, signal, (f) => this.progress.highlight(highlight, 2 + f * 58));
      analysis = made.analysis;
      if (made.madeInSeconds !== null) timings.analysisSeconds = made.madeInSeconds;
    }
    if (select && analysis) {
      await this.advance(highlight, 'selecting', 60);
      const selectionStarted = Date.now();
      // The target length is an upper bound: weak moments stay out and the reel is shorter.
      const asked = await this.askedWords(highlight, transcriptOnce);
      const plan = planReel(analysis, {
        preset: highlight.preset as Preset,
        target: highlight.targetLength,
        fill: highlight.fillToLength,
        beats: music?.beats,
        mustInclude: asked.spans,
        phrases: asked.phrases,
        marked: { include: highlight.includeRanges ?? [], exclude: highlight.excludeRanges ?? [] },
      });
      const summary = [plan.summary, asked.note].filter(Boolean).join('. ');
      this.logger.log(`highlight ${highlight.id}: ${summary}`);
      const { moments, timeline } = plan;
      timings.selectionSeconds = seconds(selectionStarted);
      Object.assign(highlight, { moments, timeline });
      await this.highlights.update(highlight.id, { moments, timeline, summary });
    }

    await this.advance(highlight, 'rendering', 62, { status: 'processing' });
    const renderStarted = Date.now();
    const input = source.local?.file ?? (await this.storage.presignedGetUrl(source.key, READ_URL_TTL_SECONDS));
    const rendered = await this.renderReel(highlight, video, input, analysis, music, workDir, signal, transcriptOnce);
    const reelKey = rendered.key;
    const file = await this.describeReel(highlight, reelKey, rendered.output, rendered.introSeconds, signal);
    timings.renderSeconds = seconds(renderStarted);
    observeMediaStep('render', timings.renderSeconds, rendered.seconds);
    timings.totalSeconds = seconds(highlight.createdAt.getTime());
    const stored = await this.storage.stat(reelKey);

    if (!(await this.highlights.findById(highlight.id))) {
      await this.storage.remove([reelKey, file.posterKey].filter(Boolean));
      return false;
    }
    signal.throwIfAborted(); // past the deadline (the job already failed), a late transfer records nothing
    await this.advance(highlight, 'done', 100, {
      status: 'ready',
      reelKey,
      ...file,
      reelSize: stored?.size ?? 0,
      reelDuration: Math.round(rendered.seconds * 100) / 100,
      timings,
      errorReason: '',
    });
    this.logger.log(`reel ${highlight.id} ready in ${seconds(started)} s`);
    return true;
  }

  /**
   * What the rendered reel is, probed rather than assumed (a source too small for the chosen quality
   * makes a smaller reel), and its poster: a frame of the reel itself, in its shape, stored beside it
   * (derived/<videoId>/reels/<highlightId>.jpg). A poster that cannot be made leaves the reel without one.
   */
  private async describeReel(
    highlight: HighlightEntity,
    reelKey: string,
    reel: string,
    introSeconds: number,
    signal: AbortSignal,
  ): Promise<Pick<HighlightEntity, 'renderedQuality' | 'reelWidth' | 'reelHeight' | 'posterKey'>> {
    const facts = await this.media.probe(reel, signal);
    const described = { renderedQuality: qualityOfSize(facts), reelWidth: facts.width, reelHeight: facts.height, posterKey: '' };
    try {
      const poster = join(dirname(reel), 'poster.jpg');
      // A brand kit's intro card comes first: the poster is still a frame of the best moment.
      const at = introSeconds + posterTime(highlight.moments, CROSSFADE_SECONDS, Math.max(0, facts.duration - introSeconds));
      await this.media.run(posterArgs(reel, poster, at), { signal });
      const posterKey = `${reelKey.replace(/\.[^./]+$/, '')}.jpg`;
      await this.storage.writeFile(posterKey, poster, 'image/jpeg');
      return { ...described, posterKey };
    } catch (err) {
      if (signal.aborted) throw err;
      this.logger.warn(`reel ${highlight.id}: no poster (${(err as Error).message})`);
      return described;
    }
  }

  /**
   * Where the words asked for on generate are said (must-include moments), and what the summary says
   * of those never said (or of a transcript that is not there).
   */
  private async askedWords(highlight: HighlightEntity, transcriptOf: () => Promise<TranscriptJson | null>) {
    const none = { spans: [], phrases: [], note: '' };
    if (highlight.includeWords.length === 0) return none;
    const transcript = await transcriptOf();
    if (!transcript || !hasWords(transcript)) return { ...none, note: 'The video has no transcript yet, so the words asked for could not be looked for' };
    const found = findSaid(highlight.includeWords, transcript);
    const phrases = transcript.phrases.map((p) => ({ start: p.start, end: p.end }));
    const quoted = found.notFound.map((w) => `"${w}"`).join(', ');
    return { spans: found.spans, phrases, note: found.notFound.length ? `Not said in the video: ${quoted}` : '' };
  }

  /**
   * The reel's captions as an ASS file in the work folder, or undefined: no captions asked for, or no
   * transcript with words (then the reel is rendered without, and the log says why).
   */
  private async writeCaptions(
    highlight: HighlightEntity,
    video: VideoEntity,
    spec: Pick<RenderSpec, 'moments' | 'quality' | 'aspect'>,
    workDir: string,
    transcriptOf: () => Promise<TranscriptJson | null>,
    brand?: CaptionBrand,
  ) {
    if (highlight.captions === 'none' || video.audioCodec === '') return undefined;
    const transcript = await transcriptOf();
    if (!transcript || !hasWords(transcript)) {
      this.logger.warn(`reel ${highlight.id}: no captions, the video has no transcript with words (${transcript?.status ?? 'none yet'})`);
      return undefined;
    }
    const crossfade = validCrossfade(spec.moments, CROSSFADE_SECONDS);
    const words = wordsInReel(transcriptWords(transcript), spec.moments, crossfade);
    const file = join(workDir, 'captions.ass');
    const zone = isPlatform(highlight.platform) ? PLATFORM_SPECS[highlight.platform].safeZone : undefined;
    await writeFile(file, captionsAss(words, highlight.captions as BurnedCaptionStyle, reelSize(spec.quality, spec.aspect), zone, brand));
    return { file, fontsDir: CAPTION_FONTS_DIR };
  }

  /**
   * The video's transcript, made now when the transcript job has not got to it yet. A transcriber
   * that fails costs the reel its captions or asked words, never the reel.
   */
  private async transcriptOf(highlight: HighlightEntity, video: VideoEntity, signal: AbortSignal): Promise<TranscriptJson | null> {
    try {
      return await this.transcription.ensure(video, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      this.logger.warn(`reel ${highlight.id}: no transcript (${(err as Error).message})`);
      return null;
    }
  }

  private async renderReel(
    highlight: HighlightEntity,
    video: VideoEntity,
    source: string,
    analysis: Analysis | null,
    music: MusicBed | null,
    workDir: string,
    signal: AbortSignal,
    transcriptOf: () => Promise<TranscriptJson | null>,
  ) {
    const output = join(workDir, `reel.${highlight.format}`);
    const facts = await this.media.probe(source, signal);
    await this.keepValidMoments(highlight, facts.videoDuration);
    const moments = highlight.moments.map((m) => ({ start: m.start, end: m.end, crop: analysis ? cropPath(analysis, m) : [] }));
    const spec = {
      source,
      sourceSize: { width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect },
      sourceDuration: facts.videoDuration,
      hasAudio: video.audioCodec !== '',
      moments,
      // Never upscaled: a 720p source makes a 720p reel even when 1080p was chosen.
      quality: qualityFor(highlight.quality, highlight.aspect, facts),
      format: highlight.format,
      aspect: highlight.aspect,
      crossfade: CROSSFADE_SECONDS,
      music: music ? { source: await this.storage.presignedGetUrl(music.key, READ_URL_TTL_SECONDS), loudness: music.loudness } : undefined,
      sourceLevel: analysis ? levelOf(analysis, moments) : undefined,
      speech: analysis?.speech,
      output,
    };
    // The kit's logo, cards and caption look when this version has it on (and the user still has one).
    const brand = highlight.brandKit ? await this.brandAssets.prepare(highlight.userId, reelSize(spec.quality, spec.aspect), workDir) : null;
    const captions = await this.writeCaptions(highlight, video, spec, workDir, transcriptOf, brand?.captions);
    const started = Date.now();
    const reelSeconds = reelLength({ ...spec, brand: brand?.render });
    await this.media.render(
      { ...spec, captions, brand: brand?.render },
      {
        signal,
        durationSeconds: reelSeconds,
        onProgress: throttle((f) => this.progress.highlight(highlight, 62 + f * 36)),
      },
    );
    const rendered = Date.now();
    const key = `derived/${video.id}/reels/${highlight.id}.${highlight.format}`;
    await this.storage.writeFile(key, output, REEL_TYPES[highlight.format]);
    this.logger.log(
      `reel ${highlight.id}: ffmpeg ${seconds(started)} s from ${source.startsWith('/') ? 'a local copy' : 'storage'}, stored in ${seconds(rendered)} s`,
    );
    return { key, output, seconds: reelSeconds, introSeconds: brand?.render.intro?.seconds ?? 0 };
  }

  /**
   * The moments as the render will show them (see validMoments), kept when they differ: the
   * creator then sees and edits what the reel holds.
   */
  private async keepValidMoments(highlight: HighlightEntity, sourceDuration: number) {
    const moments = validMoments(highlight.moments, sourceDuration);
    const same =
      moments.length === highlight.moments.length && moments.every((m, i) => m.start === highlight.moments[i].start && m.end === highlight.moments[i].end);
    if (same) return;
    this.logger.warn(
      `reel ${highlight.id}: moments made renderable: ${JSON.stringify(highlight.moments.map((m) => [m.start, m.end]))} -> ${JSON.stringify(moments.map((m) => [m.start, m.end]))}`,
    );
    Object.assign(highlight, { moments });
    await this.highlights.update(highlight.id, { moments });
  }

  private async advance(highlight: HighlightEntity, stage: string, percent: number, changes: Partial<HighlightEntity> = {}) {
    Object.assign(highlight, changes, { stage });
    await this.highlights.update(highlight.id, { ...changes, stage });
    this.progress.highlight(highlight, percent);
  }
}

const REEL_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo' };
