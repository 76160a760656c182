import { create } from '@bufbuild/protobuf';
import { Inject, Injectable } from '@nestjs/common';
import { ObjectStorage, RpcFailure, signMediaPath } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { MUSIC_MIX, musicGainDb, PROJECT_FORMATS, type ProjectFormat, type ProjectJson } from '@reelsmith/proto/http';
import { AnalysisStore } from '../analysis/analysis-store';
import { cropPath } from '../analysis/crop-path';
import { CROSSFADE_SECONDS } from '../analysis/selection';
import type { MediaConfig } from '../config';
import type { HighlightEntity } from '../entities/highlight.entity';
import type { VideoEntity } from '../entities/video.entity';
import { reelSize } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { validCrossfade, validMoments } from '../ffmpeg/render-plan';
import { HighlightsRepository } from '../highlights.repository';
import { MusicLibrary } from '../music-library';
import { MEDIA_CONFIG } from '../tokens';
import { VideoAccess } from '../video-access';
import { VideosRepository } from '../videos.repository';
import { edlFile } from './edl';
import { fcpxmlFile } from './fcpxml';
import { FALLBACK_RATE, type FrameRate } from './frames';
import { mltFile } from './mlt';
import { cropShare, projectTimeline } from './project-timeline';

/** The project's links to the original and the music stay valid a day: long enough to fetch and relink. */
const PROJECT_URL_TTL_SECONDS = 24 * 60 * 60;
const PROBE_URL_TTL_SECONDS = 10 * 60;

const WRITERS: Record<ProjectFormat, { write: (project: ProjectJson) => string; contentType: string }> = {
  edl: { write: edlFile, contentType: 'text/plain; charset=utf-8' },
  fcpxml: { write: fcpxmlFile, contentType: 'application/xml; charset=utf-8' },
  mlt: { write: mltFile, contentType: 'application/xml; charset=utf-8' },
  json: { write: (project) => `${JSON.stringify(project, null, 2)}\n`, contentType: 'application/json; charset=utf-8' },
};

/**
 * A reel's timeline as a project file for another editor: the moments on the source's frame rate,
 * the crop the render made (recomputed from the kept analysis, as the render computes it) and the
 * music bed, written as EDL, FCPXML, MLT or JSON.
 */
@Injectable()
export class ProjectFilesService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly videos: VideosRepository,
    private readonly access: VideoAccess,
    private readonly highlights: HighlightsRepository,
    private readonly analyses: AnalysisStore,
    private readonly music: MusicLibrary,
    private readonly media: MediaRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async file(userId: string, highlightId: string, format: string): Promise<mediaV1.ProjectFile> {
    const checked = checkFormat(format);
    const highlight = await this.highlights.findOwned(highlightId, userId);
    if (!highlight) throw RpcFailure.notFound('Highlight not found');
    if (highlight.status !== 'ready') throw RpcFailure.conflict(`This reel is not ready yet (${highlight.status}); its project file can be made once it is.`);
    const video = await this.access.visible(userId, highlight.videoId);
    if (!video || video.status !== 'processed') throw RpcFailure.conflict('The video of this reel is no longer available, so there is no project to make.');
    const project = await this.project(highlight, video);
    const writer = WRITERS[checked];
    return create(mediaV1.ProjectFileSchema, {
      content: writer.write(project),
      contentType: writer.contentType,
      filename: `${fileStem(video.title)}-reel-${highlight.version}.${checked}`,
    });
  }

  private async project(highlight: HighlightEntity, video: VideoEntity): Promise<ProjectJson> {
    const sign = (path: string) => signMediaPath(this.config.MEDIA_URL_SECRET, path, video.userId, Date.now(), PROJECT_URL_TTL_SECONDS);
    // As the render joins them (the worker keeps the moments it made valid).
    const moments = validMoments(highlight.moments, video.duration);
    const size =
      highlight.reelWidth > 0 && highlight.reelHeight > 0
        ? { width: highlight.reelWidth, height: highlight.reelHeight }
        : reelSize(highlight.quality, highlight.aspect);
    const crops = await this.cropPaths(video, size, moments);
    return projectTimeline({
      reel: {
        id: highlight.id,
        kind: highlight.kind,
        version: highlight.version,
        aspect: highlight.aspect,
        ...size,
        crossfadeSeconds: validCrossfade(moments, CROSSFADE_SECONDS),
      },
      moments: moments.map((m, i) => ({ start: m.start, end: m.end, score: m.score, reasons: m.reasons, crop: crops[i] })),
      source: {
        videoId: video.id,
        title: video.title,
        originalFilename: video.originalFilename,
        width: video.width,
        height: video.height,
        duration: video.duration,
        hasAudio: video.audioCodec !== '',
        url: sign(`/api/videos/${video.id}/download`),
      },
      rate: await this.frameRateOf(video),
      music: await this.musicOf(highlight),
    });
  }

  /**
   * The crop path of each moment when the reel is narrower than its source, as the render computes
   * it from the kept analysis; centred when there is none (a reel made before the analysis version).
   */
  private async cropPaths(video: VideoEntity, reel: { width: number; height: number }, moments: Array<{ start: number; end: number }>) {
    const none = moments.map(() => []);
    if (cropShare(video, reel) === null) return none;
    const analysis = await this.analyses.find(video.id);
    return analysis ? moments.map((m) => cropPath(analysis, m)) : none;
  }

  /** The video's frame rate: kept since processing, or probed once now for a video processed before it was kept. */
  private async frameRateOf(video: VideoEntity): Promise<FrameRate> {
    if (video.frameRateNum > 0 && video.frameRateDen > 0) return { num: video.frameRateNum, den: video.frameRateDen };
    const facts = await this.media.probe(await this.storage.presignedGetUrl(video.objectKey, PROBE_URL_TTL_SECONDS)).catch(() => null);
    const rate = facts?.frameRate ?? null;
    if (!rate) return FALLBACK_RATE;
    await this.videos.update(video.id, { frameRateNum: rate.num, frameRateDen: rate.den });
    return rate;
  }

  private async musicOf(highlight: HighlightEntity): Promise<ProjectJson['music']> {
    if (!highlight.musicTrackId) return null;
    const track = await this.music.find(highlight.musicTrackId);
    if (!track) return null;
    const filename = track.filename ?? track.key.split('/').pop() ?? track.key;
    return {
      trackId: highlight.musicTrackId,
      title: track.title,
      filename,
      url: `/music/${encodeURIComponent(filename)}`,
      duration: track.duration ?? 0,
      gainDb: Math.round(musicGainDb(track.loudness) * 10) / 10,
      duckUnderSpeechDb: MUSIC_MIX.speechDuck.depthDb,
      fadeOutSeconds: MUSIC_MIX.fadeOutSeconds,
    };
  }
}

function checkFormat(format: string): ProjectFormat {
  if (!(PROJECT_FORMATS as readonly string[]).includes(format)) throw RpcFailure.invalid(`Project files come as ${PROJECT_FORMATS.join(', ')}.`);
  return format as ProjectFormat;
}

/**
 * A file name from the video's title, safe in any file system and HTTP header: ASCII letters (accents
 * dropped), digits, - and _, at most 60; "reel" when nothing is left.
 */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/[-_]+$/, '');
  return stem || 'reel';
}
